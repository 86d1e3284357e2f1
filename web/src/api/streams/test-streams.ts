import { ReadableStream } from 'node:stream/web';

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
