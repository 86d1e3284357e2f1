import { ReadableStream } from 'node:stream/web';
import type { RunEvent } from '@forge/protocol/runs';

/** A response body that delivers the given text in the given chunks, then ends; for specs only. */
export function chunkedBody(chunks: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

/** A streamed 200 answer whose body is the given SSE text chunks. */
export function sseResponse(chunks: readonly string[]): Response {
  return { ok: true, status: 200, body: chunkedBody(chunks) } as unknown as Response;
}

export function jsonAnswer(body: unknown, status = 200): Response {
  return { ok: status < 400, status, json: async () => body, text: async () => JSON.stringify(body), body: null } as unknown as Response;
}

/** Every way of cutting `text` into two chunks, plus one byte at a time. */
export function everySplit(text: string): string[][] {
  const splits = Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);
  return [...splits, [...text]];
}

/** One run event as the server frames it: its sequence number as the id. */
export function runFrame(id: number, event: RunEvent | object): string {
  return `id: ${id}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** A body that streams the given run events, numbered from `firstId`, ending with `end` unless told otherwise. */
export function runEvents(events: ReadonlyArray<RunEvent | object>, { firstId = 1, end = true }: { firstId?: number; end?: boolean } = {}): Response {
  const frames = events.map((event, index) => runFrame(firstId + index, event));
  if (end) frames.push(runFrame(firstId + events.length, { type: 'end' }));
  return sseResponse(frames);
}
