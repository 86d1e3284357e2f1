import { SSE_DONE } from '@forge/protocol/streams';

/** How a read of a server-sent-events body ended. */
export type SseEnd = 'done' | 'closed';

/**
 * Reads a server-sent-events body and hands each `data:` payload to `onData`, parsed as JSON, with the
 * last `id:` seen, and each `retry:` (how soon to reconnect, sent by a server on its way down) to
 * `onRetry`. Chunks may split lines (and CRLF pairs) anywhere; each `data:` line carries one whole
 * JSON value; comments and other fields are skipped. Answers 'done' when the stream ended with
 * `[DONE]` or `onData` answered `true` (the payload was the stream's last), else 'closed'. A line that
 * cannot be parsed or handled is skipped with a console warning.
 */
export async function readSse(body: ReadableStream<Uint8Array>, onData: (data: unknown, lastEventId: string | null) => unknown, onRetry?: (delayMs: number) => void): Promise<SseEnd> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let lastEventId: string | null = null;

  const handleLine = (line: string): boolean => {
    if (line.startsWith('id:')) {
      lastEventId = line.slice(3).trim();
      return false;
    }
    if (line.startsWith('retry:')) {
      const delayMs = Number(line.slice(6).trim());
      if (Number.isSafeInteger(delayMs) && delayMs >= 0) onRetry?.(delayMs);
      return false;
    }
    if (!line.startsWith('data:')) return false;
    const payload = line.slice(5).trimStart();
    if (payload === SSE_DONE) return true;
    if (payload === '') return false;
    try {
      return onData(JSON.parse(payload), lastEventId) === true;
    } catch {
      console.warn('Ignoring an unparseable stream line:', payload);
      return false;
    }
  };

  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) if (handleLine(line)) return 'done';
    }
    buffer += decoder.decode();
    return buffer && handleLine(buffer.replace(/\r$/, '')) ? 'done' : 'closed';
  } finally {
    reader.releaseLock();
  }
}

/** The `type` of a parsed event, or null for a payload that is not an event object. */
export function eventType(data: unknown): string | null {
  return data !== null && typeof data === 'object' && typeof (data as { type?: unknown }).type === 'string' ? (data as { type: string }).type : null;
}
