import type { JobStatusResponse } from '@forge/protocol/api';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import type { JobStreamEvent } from '@forge/protocol/streams';
import { JOB_RECONNECT_DELAY_MS, JOB_RECONNECT_MAX_RETRIES } from '@/lib/ui-timing';
import { apiRoute, sendRequest } from '../client';
import { eventType, readSse } from './sse-reader';

export const CONNECTION_LOST_MESSAGE = 'Connection lost and max retries exceeded';

const JOB_EVENT_TYPES = new Set<string>(['status', 'content_block_delta', 'response_start', 'log', 'file_saved', 'usage', 'error']);
/** Reads of an ended job that bring nothing new before its final state is taken from its status. */
const MAX_EMPTY_READS = 2;
/** Reconnects a stopping server asked for (`retry:`) in a row, without an event between them. */
const MAX_HINTED_RECONNECTS = 5;

/** How a followed job ended; `error` is the job's own error message, or why following it failed. */
export interface JobOutcome {
  status: 'completed' | 'failed';
  filesSaved: number;
  error: string | null;
}

export interface JobStreamHandlers {
  /** Each event of a type this client knows, in order; a reconnect resumes after the last one. */
  onEvent(event: JobStreamEvent): void;
  /** The connection dropped while the job runs: the client waits, then makes reconnect `attempt`. */
  onReconnecting?(attempt: number, maxRetries: number): void;
  /** The stream reached the job's end (not called when following it failed), just before the outcome. */
  onStreamEnd?(): void;
}

export interface JobStreamOptions {
  /** Defaults to 2 s between reconnects; tests make it shorter. */
  retryDelayMs?: number;
  signal?: AbortSignal;
}

class JobStreamError extends Error {}

/**
 * Follows `GET /api/jobs/{id}/stream` until the job ends. Reconnects from the last event id it saw:
 * after the stream ends early while the job still runs, and after network errors, at most 3 times,
 * 2 s apart; when a stopping server asked for it (`retry:`), after the delay it gave, uncounted. A job that ended meanwhile is read again for the rest of its events; when that brings
 * nothing twice, its status says how it ended. Never throws; the outcome says how the job ended.
 */
export async function followJobStream(jobId: string, handlers: JobStreamHandlers, options: JobStreamOptions = {}): Promise<JobOutcome> {
  const retryDelay = options.retryDelayMs ?? JOB_RECONNECT_DELAY_MS;
  let lastEventId: string | null = null;
  let outcome: JobOutcome | null = null;
  let errorMessage: string | null = null;
  let received = 0;
  let emptyReads = 0;
  let hintedReconnects = 0;

  const handle = (data: unknown, id: string | null) => {
    received += 1;
    if (id) lastEventId = id;
    const type = eventType(data);
    if (!type || !JOB_EVENT_TYPES.has(type)) return;
    const event = data as JobStreamEvent;
    if (event.type === 'error') errorMessage = event.message || 'Job error';
    if (event.type === 'status' && (event.status === 'completed' || event.status === 'failed')) {
      outcome = { status: event.status, filesSaved: event.filesSaved ?? 0, error: errorMessage };
    }
    handlers.onEvent(event);
  };

  for (let retries = 0; ;) {
    try {
      const response = await sendRequest(apiRoute(WEB_ENDPOINTS.jobStream, { id: jobId }), {
        headers: lastEventId ? { 'Last-Event-ID': lastEventId } : undefined,
        signal: options.signal,
      });
      if (!response.ok) throw new JobStreamError(`HTTP error! status: ${response.status}`);
      if (!response.body) throw new JobStreamError('Response body is not readable');
      received = 0;
      let hintedDelay: number | null = null;
      const end = await readSse(response.body, handle, (delayMs) => (hintedDelay = delayMs));
      if (end === 'done' || outcome) {
        handlers.onStreamEnd?.();
        return outcome ?? { status: errorMessage ? 'failed' : 'completed', filesSaved: 0, error: errorMessage };
      }
      hintedReconnects = received > 0 ? 0 : hintedReconnects;
      if (hintedDelay !== null && hintedReconnects++ < MAX_HINTED_RECONNECTS) {
        // The server is going away and said when to come back: another replica goes on from here.
        await new Promise((resolve) => setTimeout(resolve, hintedDelay!));
        continue;
      }
      // The stream ended early: ask how the job is doing before reconnecting.
      const { status, error } = await jobStatus(jobId);
      if (status === 'completed' || status === 'failed') {
        emptyReads = received === 0 ? emptyReads + 1 : 0;
        if (emptyReads >= MAX_EMPTY_READS) {
          // The server has nothing more to send: the status is the final word.
          handlers.onStreamEnd?.();
          const reason = status === 'failed' ? (error ?? errorMessage ?? 'Job error') : null;
          return { status, filesSaved: 0, error: reason };
        }
        retries = 0;
        await new Promise((resolve) => setTimeout(resolve, Math.min(retryDelay, 500)));
        continue; // Another read returns the rest of the events and [DONE].
      }
      if (status !== 'running' || retries >= JOB_RECONNECT_MAX_RETRIES) throw new JobStreamError(CONNECTION_LOST_MESSAGE);
    } catch (err) {
      if (options.signal?.aborted) return { status: 'failed', filesSaved: 0, error: 'Stopped' };
      const isNetworkError = err instanceof TypeError;
      if (!isNetworkError || retries >= JOB_RECONNECT_MAX_RETRIES) {
        const message = err instanceof Error ? err.message : 'Job error';
        return { status: 'failed', filesSaved: 0, error: isNetworkError ? CONNECTION_LOST_MESSAGE : message };
      }
    }
    retries += 1;
    handlers.onReconnecting?.(retries, JOB_RECONNECT_MAX_RETRIES);
    await new Promise((resolve) => setTimeout(resolve, retryDelay));
  }
}

async function jobStatus(jobId: string): Promise<JobStatusResponse> {
  const response = await sendRequest(apiRoute(WEB_ENDPOINTS.jobStatus, { id: jobId }));
  if (!response.ok) throw new JobStreamError('Failed to fetch job status');
  return (await response.json()) as JobStatusResponse;
}
