import { setImmediate as nextTurn } from 'node:timers/promises';

/** Work on the event loop longer than this at a stretch makes other requests wait noticeably. */
const DEFAULT_SLICE_MS = 10;

/**
 * Long work done in slices: `pause()` costs nothing until `sliceMs` have passed since the last pause,
 * then lets the event loop serve everything that waits (other requests, health checks) before going on.
 */
export class Slicer {
  private sliceStart = performance.now();

  constructor(private readonly sliceMs = DEFAULT_SLICE_MS) {}

  async pause(): Promise<void> {
    if (performance.now() - this.sliceStart < this.sliceMs) return;
    await nextTurn();
    this.sliceStart = performance.now();
  }
}
