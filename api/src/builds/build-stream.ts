import type { Response } from 'express';

/** The build stream of spec section 7: `log`, `result`, `error` and `done` events. */
export class BuildStream {
  constructor(private readonly res: Response) {
    res.status(200).set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
    res.flushHeaders();
  }

  log(text: string): void {
    this.send({ type: 'log', data: text });
  }

  result(success: boolean, previewUrl: string | null): void {
    this.send({ type: 'result', data: { success, previewUrl } });
  }

  error(error: string, details?: string): void {
    this.send({ type: 'error', data: { error, details } });
  }

  done(): void {
    this.send({ type: 'done' });
    this.res.end();
  }

  private send(event: object): void {
    if (!this.res.writableEnded) this.res.write(`data: ${JSON.stringify(event)}\n\n`);
  }
}
