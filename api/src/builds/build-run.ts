import type { Response } from 'express';

export type BuildEvent =
  | { type: 'log'; data: string }
  | { type: 'result'; data: { success: boolean; previewUrl: string | null } }
  | { type: 'error'; data: { error: string; details?: string } }
  | { type: 'done' };

/** Lines kept for viewers who attach late; a runaway build's output beyond it is counted, not kept. */
const MAX_KEPT_LINES = 5000;

/**
 * One build of one project, with every event it sent so far: a second request for the same
 * project attaches to it and sees the whole stream, as does a reload.
 */
export class BuildRun {
  readonly events: string[] = [];
  readonly lines: string[] = [];
  private readonly viewers = new Set<Response>();
  private droppedLines = 0;
  finished = false;
  readonly controller = new AbortController();

  constructor(
    readonly id: string,
    readonly projectId: string,
  ) {}

  log(text: string): void {
    if (this.lines.length >= MAX_KEPT_LINES) {
      this.droppedLines++;
      return;
    }
    this.lines.push(text);
    this.send({ type: 'log', data: text });
  }

  /** Says how much output a runaway command produced beyond what was kept. */
  flushDropped(): void {
    if (this.droppedLines === 0) return;
    const dropped = this.droppedLines;
    this.droppedLines = 0;
    this.lines.push(`… ${dropped} more lines of output not shown`);
    this.send({ type: 'log', data: this.lines[this.lines.length - 1]! });
  }

  result(success: boolean, previewUrl: string | null): void {
    this.send({ type: 'result', data: { success, previewUrl } });
  }

  error(error: string, details?: string): void {
    this.lines.push(details ? `❌ ${error}: ${details}` : `❌ ${error}`);
    this.send({ type: 'error', data: { error, details } });
  }

  finish(): void {
    if (this.finished) return;
    this.flushDropped();
    this.send({ type: 'done' });
    this.finished = true;
    for (const viewer of this.viewers) viewer.end();
    this.viewers.clear();
  }

  /** Streams everything so far to a new viewer, then follows. */
  attach(res: Response): void {
    res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
    res.flushHeaders();
    if (this.events.length > 0) res.write(this.events.join(''));
    if (this.finished) {
      res.end();
      return;
    }
    this.viewers.add(res);
    res.on('close', () => this.viewers.delete(res));
  }

  private send(event: BuildEvent): void {
    const frame = `data: ${JSON.stringify(event)}\n\n`;
    this.events.push(frame);
    for (const viewer of this.viewers) if (!viewer.writableEnded) viewer.write(frame);
  }
}
