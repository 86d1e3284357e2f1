import { apiFetch } from '../client';

/** Edit stream events (spec section 7): log, complete, error, then [DONE]. */
export type EditStreamEvent =
  | { type: 'log'; message: string }
  | { type: 'complete'; message: string | null }
  | { type: 'error'; message: string }
  | { type: 'done' };

export const NO_RESPONSE_BODY_MESSAGE = 'No response body';

/**
 * Splits a server-sent event byte stream into `data:` payloads. Chunks may end anywhere, mid-line included;
 * every data line is delivered on its own since each carries one complete JSON value.
 */
export function createSseLineReader(onData: (data: string, eventName: string | null) => void) {
  let buffer = '';
  let eventName: string | null = null;

  const handleLine = (rawLine: string) => {
    const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (line === '') {
      eventName = null;
      return;
    }
    if (line.startsWith(':')) return;
    if (line.startsWith('event:')) {
      eventName = line.slice(6).trim() || null;
      return;
    }
    if (line.startsWith('data:')) {
      const data = line.slice(5).replace(/^ /, '');
      onData(data, eventName);
    }
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        handleLine(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
    },
    /** The stream ended: a last line without a newline still counts. */
    end() {
      if (buffer) handleLine(buffer);
      buffer = '';
    },
  };
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** One data payload to an event; null for payloads to ignore (unknown types, unparseable lines). */
export function parseEditEvent(data: string, eventName: string | null = null): EditStreamEvent | null {
  if (data.trim() === '[DONE]') return { type: 'done' };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    console.warn('Ignoring unparseable edit stream line:', data);
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const nested = record.data && typeof record.data === 'object' ? (record.data as Record<string, unknown>) : {};
  const type = textOf(record.type) ?? eventName;
  const message = textOf(record.message) ?? textOf(nested.message) ?? textOf(record.data);
  switch (type) {
    case 'log':
      return message === null ? null : { type: 'log', message };
    case 'complete':
      return { type: 'complete', message };
    case 'error':
      return { type: 'error', message: message ?? textOf(record.error) ?? 'Edit failed' };
    case 'done':
      return { type: 'done' };
    default:
      return null;
  }
}

/**
 * Sends a modification request and reports each stream event. A non-ok answer throws an ApiError; the
 * promise settles when the stream ends.
 */
export async function streamProjectEdit(
  project: string,
  modificationRequest: string,
  onEvent: (event: EditStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const response = await apiFetch(`/api/projects/${encodeURIComponent(project)}/edit`, {
    method: 'POST',
    body: { modificationRequest },
    signal,
  });
  if (!response.body) throw new Error(NO_RESPONSE_BODY_MESSAGE);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  const lines = createSseLineReader((data, eventName) => {
    if (finished) return;
    const event = parseEditEvent(data, eventName);
    if (!event) return;
    onEvent(event);
    if (event.type === 'done') finished = true;
  });
  try {
    while (!finished) {
      const { value, done } = await reader.read();
      if (done) break;
      lines.push(decoder.decode(value, { stream: true }));
    }
    lines.push(decoder.decode());
    lines.end();
  } finally {
    if (finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
