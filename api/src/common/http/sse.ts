import type { Request, Response } from 'express';
import { SSE_DONE, SSE_HEARTBEAT_MS, SSE_RECONNECT_HINT_MS } from '@forge/protocol/streams';

/** One server-sent event: `data` is JSON text serialised once, however many viewers get it, or `[DONE]`. */
export interface SseMessage {
  id?: number;
  data: string;
}

/** What a stream yields: one message, or several that go out in one write. */
export type SseChunk = SseMessage | readonly SseMessage[];

export type SseSource = AsyncIterable<SseChunk>;

export function sseEvent<T extends object>(event: T, id?: number): SseMessage {
  return id === undefined ? { data: JSON.stringify(event) } : { id, data: JSON.stringify(event) };
}

export function sseDone(id?: number): SseMessage {
  return id === undefined ? { data: SSE_DONE } : { id, data: SSE_DONE };
}

export function formatSse(message: SseMessage): string {
  return message.id === undefined ? `data: ${message.data}\n\n` : `id: ${message.id}\ndata: ${message.data}\n\n`;
}

/** The id a reconnecting client last saw (`Last-Event-ID`, or `?lastEventId=` for clients that cannot set headers). */
export function lastEventId(req: Request): number {
  const raw = req.get('last-event-id') ?? req.query.lastEventId;
  const value = Number.parseInt(String(raw ?? '0'), 10);
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** How to end each stream open now with a reconnect hint. */
const openStreams = new Set<() => void>();

/** How many event streams this server has open. */
export function openStreamCount(): number {
  return openStreams.size;
}

/**
 * Ends every open stream with `retry:` and no `[DONE]`: their clients reconnect, with the last
 * event id, to another replica. Called by a server on its way down once its own work has ended.
 * Answers how many there were.
 */
export function hangUpStreams(): number {
  const count = openStreams.size;
  for (const hangUp of [...openStreams]) hangUp();
  return count;
}

/**
 * The one writer of server-sent events. The source is awaited before anything is written, so a
 * refusal (404, 409) still answers as a JSON error; then frames, heartbeats while the source is
 * quiet, backpressure from slow viewers, and the source is stopped when the client goes away.
 */
export async function writeSse(req: Request, res: Response, source: SseSource | Promise<SseSource>): Promise<void> {
  const stream = await source;
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.flushHeaders();
  res.socket?.setNoDelay(true);

  const iterator = stream[Symbol.asyncIterator]();
  let closed = false;
  let wakeDrain: (() => void) | null = null;
  const onClose = () => {
    closed = true;
    wakeDrain?.();
    // Ends a source waiting for its next event, so it lets go of what it follows.
    void iterator.return?.();
  };
  const hangUp = () => {
    if (!closed && !res.writableEnded) res.end(`retry: ${SSE_RECONNECT_HINT_MS}\n\n`);
    onClose();
  };
  openStreams.add(hangUp);
  req.on('close', onClose);
  res.on('close', onClose);
  const heartbeat = setInterval(() => {
    if (!closed) res.write(': keep-alive\n\n');
  }, SSE_HEARTBEAT_MS);
  heartbeat.unref();

  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done || closed) break;
      const chunk = next.value;
      const text = isBatch(chunk) ? chunk.map(formatSse).join('') : formatSse(chunk);
      if (text && !res.write(text) && !closed) {
        await new Promise<void>((resolve) => {
          wakeDrain = resolve;
          res.once('drain', resolve);
        });
        wakeDrain = null;
      }
    }
  } finally {
    openStreams.delete(hangUp);
    clearInterval(heartbeat);
    req.off('close', onClose);
    if (!res.writableEnded) res.end();
  }
}

function isBatch(chunk: SseChunk): chunk is readonly SseMessage[] {
  return Array.isArray(chunk);
}
