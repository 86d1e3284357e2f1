import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import type { EditStreamEvent } from '@forge/protocol/streams';
import type { EditProjectRequest } from '@forge/protocol/versions';
import { JOB_RECONNECT_DELAY_MS, JOB_RECONNECT_MAX_RETRIES } from '@/lib/ui-timing';
import { apiFetch, apiRoute, sendRequest } from '../client';
import { CONNECTION_LOST_MESSAGE } from './job-stream';
import { eventType, readSse } from './sse-reader';

export const NO_RESPONSE_BODY_MESSAGE = 'No response body';
/** Reconnects stopping servers asked for (`retry:`), at most, per edit followed. */
const MAX_HINTED_RECONNECTS = 5;
const EDIT_EVENT_TYPES = new Set<string>(['started', 'log', 'file_changed', 'preview', 'complete', 'error']);

/** How an edit ended: `complete` (its message) or `error` (why). */
export type EditOutcome = { status: 'completed'; message: string | null } | { status: 'failed'; error: string };

export interface EditStreamHandlers {
  /** Each event of a type this client knows, in order, once even across reconnects. */
  onEvent(event: EditStreamEvent): void;
  /** The connection dropped while the edit runs: the client waits, then makes reconnect `attempt`. */
  onReconnecting?(attempt: number, maxRetries: number): void;
}

export interface EditStreamOptions {
  signal?: AbortSignal;
  /** Defaults to 2 s between reconnects; tests make it shorter. */
  retryDelayMs?: number;
}

/** Reads an edit's events from a body; answers the outcome when the stream said it, and the last event id. */
class EditReader {
  outcome: EditOutcome | null = null;
  jobId: string | null = null;
  lastEventId: string | null = null;
  /** How soon to reconnect, when the last read was closed by a server on its way down. */
  hintedDelay: number | null = null;

  constructor(private readonly handlers: EditStreamHandlers) {}

  async read(body: ReadableStream<Uint8Array>): Promise<boolean> {
    const end = await readSse(
      body,
      (data, id) => {
        if (id) this.lastEventId = id;
        const type = eventType(data);
        if (!type || !EDIT_EVENT_TYPES.has(type)) return;
        const event = data as EditStreamEvent;
        if (event.type === 'started') this.jobId = event.jobId;
        if (event.type === 'complete') this.outcome = { status: 'completed', message: event.message ?? null };
        if (event.type === 'error') this.outcome = { status: 'failed', error: event.message || 'Edit failed' };
        this.handlers.onEvent(event);
      },
      (delayMs) => (this.hintedDelay = delayMs),
    );
    return end === 'done';
  }
}

/**
 * Starts an edit with `POST /api/projects/{p}/edit` and follows it to its end. A refused request
 * throws an ApiError (404, 409 with the running job, 400); a dropped connection is followed again
 * through the edit's job stream, from the last event seen.
 */
export async function streamEdit(project: string, request: EditProjectRequest, handlers: EditStreamHandlers, options: EditStreamOptions = {}): Promise<EditOutcome> {
  const response = await apiFetch(apiRoute(WEB_ENDPOINTS.projectEdit, { project }), { body: { ...request }, signal: options.signal });
  if (!response.body) throw new Error(NO_RESPONSE_BODY_MESSAGE);
  const reader = new EditReader(handlers);
  let done = false;
  try {
    done = await reader.read(response.body);
  } catch (err) {
    if (options.signal?.aborted) throw err;
  }
  if (done || reader.outcome) return reader.outcome ?? { status: 'failed', error: 'Edit failed' };
  if (!reader.jobId) return { status: 'failed', error: CONNECTION_LOST_MESSAGE };
  return follow(reader.jobId, reader, handlers, options);
}

/** Follows an edit that is already running (after a reload, or from another page) from its first event. */
export function followEdit(jobId: string, handlers: EditStreamHandlers, options: EditStreamOptions = {}): Promise<EditOutcome> {
  const reader = new EditReader(handlers);
  reader.jobId = jobId;
  return follow(jobId, reader, handlers, options, false);
}

async function follow(jobId: string, reader: EditReader, handlers: EditStreamHandlers, options: EditStreamOptions, reconnecting = true): Promise<EditOutcome> {
  const delay = options.retryDelayMs ?? JOB_RECONNECT_DELAY_MS;
  for (let retries = 0, hinted = 0; ;) {
    const hint = reader.hintedDelay;
    reader.hintedDelay = null;
    // A stopping server that said when to come back is followed again then, uncounted: another replica goes on.
    if (reconnecting && hint !== null && hinted++ < MAX_HINTED_RECONNECTS) {
      await new Promise((resolve) => setTimeout(resolve, hint));
    } else if (reconnecting) {
      if (retries >= JOB_RECONNECT_MAX_RETRIES) return { status: 'failed', error: CONNECTION_LOST_MESSAGE };
      retries += 1;
      handlers.onReconnecting?.(retries, JOB_RECONNECT_MAX_RETRIES);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    reconnecting = true;
    try {
      const response = await sendRequest(apiRoute(WEB_ENDPOINTS.jobStream, { id: jobId }), {
        headers: reader.lastEventId ? { 'Last-Event-ID': reader.lastEventId } : undefined,
        signal: options.signal,
      });
      if (!response.ok) return { status: 'failed', error: `HTTP error! status: ${response.status}` };
      if (!response.body) return { status: 'failed', error: 'Response body is not readable' };
      const done = await reader.read(response.body);
      if (done || reader.outcome) return reader.outcome ?? { status: 'failed', error: 'Edit failed' };
    } catch (err) {
      if (options.signal?.aborted) return { status: 'failed', error: 'Stopped' };
      if (!(err instanceof TypeError)) return { status: 'failed', error: err instanceof Error ? err.message : 'Edit failed' };
    }
  }
}
