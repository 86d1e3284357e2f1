import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import { RUN_EVENTS_HEADER, RUN_EVENTS_HEADER_VALUE, type RunEvent, type RunResult, type RunSummary } from '@forge/protocol/runs';
import { JOB_RECONNECT_DELAY_MS, JOB_RECONNECT_MAX_RETRIES } from '@/lib/ui-timing';
import { type ApiRoute, type RequestOptions, apiRoute, sendRequest } from '../client';
import { eventType, readSse } from './sse-reader';

/*
 * The one client that follows runs (generations, edits, builds, fixes): it starts a run at its spec
 * endpoint, or picks up one that runs already, reads its events in the run vocabulary and follows it
 * again from its last event id when the connection drops, under the spec's give-up rules.
 */

export const CONNECTION_LOST_MESSAGE = 'Connection lost and max retries exceeded';
export const STATUS_UNAVAILABLE_MESSAGE = 'Failed to fetch job status';
export const STOPPED_MESSAGE = 'Stopped';

/** Reads of an ended run that bring nothing new before its final state is taken from its summary. */
const MAX_EMPTY_READS = 2;
/** Reconnects a stopping server asked for (`retry:`) in a row, without an event between them. */
const MAX_HINTED_RECONNECTS = 5;
/** A run that ended meanwhile is read again this soon at most. */
const ENDED_RUN_REREAD_MS = 500;

const RUN_EVENT_TYPES = new Set<string>(['started', 'text', 'continued', 'file', 'log', 'usage', 'preview', 'result', 'error', 'end']);
const LOG_LEVELS = new Set<string>(['info', 'success', 'warning', 'error']);
const RUN_EVENTS_HEADERS = { [RUN_EVENTS_HEADER]: RUN_EVENTS_HEADER_VALUE };

/** The words a kind of run uses when its start fails, as its users have always seen them. */
export interface RunStartWords {
  /** What a refused start (a non-ok answer) throws. */
  refused(response: Response): Promise<Error>;
  /** Thrown for an answer without a body. */
  noBody: string;
  /** Why following failed when the first answer broke before the run said which it is. */
  unreadable: string;
}

/** How a run is reached first. */
export type RunStart =
  /** A spec endpoint that starts the run, sent once (never retried): its refusals throw in the kind's words. */
  | { type: 'start'; route: ApiRoute; body?: RequestOptions['body']; words: RunStartWords }
  /** A run that runs already, read from its first event under the same rules as a reconnect. */
  | { type: 'follow'; route: ApiRoute };

export interface RunHandlers {
  /** Each event of a type this client knows, in order, once even across reconnects. */
  onEvent(event: RunEvent): void;
  /** The connection dropped while the run goes on: the client waits, then makes reconnect `attempt`. */
  onReconnecting?(attempt: number, maxRetries: number): void;
}

export interface RunFollowOptions {
  signal?: AbortSignal;
  /** Defaults to 2 s between counted reconnects; tests make it shorter. */
  retryDelayMs?: number;
}

/** The run's last `error` event, or the reason its summary gives. */
export interface RunError {
  message: string;
  details?: string;
}

export type RunOutcome =
  /** The run's end was read (or its summary said it ended): failed when it sent an error or a failed result. */
  | { status: 'ended'; state: 'completed' | 'failed'; result: RunResult | null; error: RunError | null }
  /** Following gave up; `error` says why, in the spec's words. */
  | { status: 'lost'; error: string };

/** A start that could not begin or be read; its message is the one to show. */
export class RunStartError extends Error {}

/** Why following stops, in the words to show. */
class FollowLost extends Error {}

/** What one run has sent so far, across the connections that read it. */
class RunLog {
  runId: string | null = null;
  lastEventId: string | null = null;
  ended = false;
  result: RunResult | null = null;
  error: RunError | null = null;
  /** Events in the current read. */
  received = 0;
  /** How soon to reconnect, when the last read was closed by a server on its way down. */
  hintedDelay: number | null = null;

  constructor(private readonly handlers: RunHandlers) {}

  async read(body: ReadableStream<Uint8Array>): Promise<void> {
    this.received = 0;
    this.hintedDelay = null;
    await readSse(
      body,
      (data, id) => {
        this.received += 1;
        if (id) this.lastEventId = id;
        const event = asRunEvent(data);
        if (!event) return false;
        if (event.type === 'started') this.runId = event.runId;
        else if (event.type === 'result') this.result = event;
        else if (event.type === 'error') this.error = event.details ? { message: event.message, details: event.details } : { message: event.message };
        else if (event.type === 'end') this.ended = true;
        this.handlers.onEvent(event);
        return this.ended;
      },
      (delayMs) => (this.hintedDelay = delayMs),
    );
    // The result is the run's final word: a stream that closes after it lacks only the end marker.
    if (this.result) this.ended = true;
  }

  outcome(summary?: RunSummary): RunOutcome {
    const failed = this.error !== null || this.result?.success === false || summary?.state === 'failed';
    const error = this.error ?? (summary?.state === 'failed' && summary.error ? { message: summary.error } : null);
    return { status: 'ended', state: failed ? 'failed' : 'completed', result: this.result, error };
  }
}

/** A parsed payload as a run event, or null for a type this client does not know or one missing what it needs. */
function asRunEvent(data: unknown): RunEvent | null {
  const type = eventType(data);
  if (!type || !RUN_EVENT_TYPES.has(type)) return null;
  const event = data as RunEvent;
  switch (event.type) {
    case 'started':
      return typeof event.runId === 'string' ? event : null;
    case 'text':
      return typeof event.text === 'string' ? event : null;
    case 'file':
      return typeof event.path === 'string' ? event : null;
    case 'preview':
      return typeof event.previewUrl === 'string' && event.previewUrl ? event : null;
    case 'log':
      // The level is the server's; a line without a known one is plain information.
      return typeof event.message === 'string' ? { ...event, level: LOG_LEVELS.has(event.level) ? event.level : 'info' } : null;
    case 'error':
      return { ...event, message: typeof event.message === 'string' ? event.message : '' };
    default:
      return event;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Follows a run to its end and answers how it ended. A `start` is sent once: a refusal, an answer
 * without a body or a failed request throws (in the kind's words, or the network error as it is).
 * Everything after that never throws: when a connection drops, the run is followed again through
 * `GET /api/runs/{id}/stream` from the last event id. While it runs, at most 3 counted reconnects,
 * 2 s apart (network errors likewise), then "Connection lost and max retries exceeded"; when a
 * stopping server asked for it (`retry:`), after the delay it gave, uncounted (5 in a row at most);
 * a run that ended meanwhile is read again for the rest, and when that brings nothing twice its
 * summary says how it ended.
 */
export async function followRun(start: RunStart, handlers: RunHandlers, options: RunFollowOptions = {}): Promise<RunOutcome> {
  const log = new RunLog(handlers);
  if (start.type === 'follow') return keepFollowing(log, start.route, handlers, options, false);

  const response = await sendRequest(start.route, { body: start.body, headers: RUN_EVENTS_HEADERS, signal: options.signal });
  if (!response.ok) throw await start.words.refused(response);
  if (!response.body) throw new RunStartError(start.words.noBody);
  try {
    await log.read(response.body);
  } catch {
    if (options.signal?.aborted) return { status: 'lost', error: STOPPED_MESSAGE };
    // A broken connection: the run goes on on the server, and is followed again below.
  }
  if (log.ended) return log.outcome();
  if (!log.runId) return { status: 'lost', error: start.words.unreadable };
  return keepFollowing(log, null, handlers, options, true);
}

/**
 * Reads the run again until its end. `firstRoute`: where to read a run that runs already until its
 * `started` event names it. `dropped`: a read just ended early, so first decide how to go on.
 */
async function keepFollowing(log: RunLog, firstRoute: ApiRoute | null, handlers: RunHandlers, options: RunFollowOptions, dropped: boolean): Promise<RunOutcome> {
  const retryDelay = options.retryDelayMs ?? JOB_RECONNECT_DELAY_MS;
  let retries = 0;
  let emptyReads = 0;
  let hintedReconnects = 0;

  for (;;) {
    try {
      if (!dropped) {
        const route = log.runId ? apiRoute(WEB_ENDPOINTS.runStream, { id: log.runId }) : firstRoute!;
        const headers: Record<string, string> = log.runId ? {} : { ...RUN_EVENTS_HEADERS };
        if (log.lastEventId) headers['Last-Event-ID'] = log.lastEventId;
        const response = await sendRequest(route, { headers, signal: options.signal });
        if (!response.ok) throw new FollowLost(`HTTP error! status: ${response.status}`);
        if (!response.body) throw new FollowLost('Response body is not readable');
        await log.read(response.body);
        if (log.ended) return log.outcome();
      }
      dropped = false;

      hintedReconnects = log.received > 0 ? 0 : hintedReconnects;
      const hint = log.hintedDelay;
      if (hint !== null && hintedReconnects++ < MAX_HINTED_RECONNECTS) {
        // The server is going away and said when to come back: another replica goes on from here.
        await sleep(hint);
        continue;
      }
      // The stream ended early: ask how the run is doing before reconnecting.
      if (log.runId) {
        const summary = await runSummary(log.runId);
        if (summary.state === 'completed' || summary.state === 'failed') {
          emptyReads = log.received === 0 ? emptyReads + 1 : 0;
          // The server has nothing more to send: the summary is the final word.
          if (emptyReads >= MAX_EMPTY_READS) return log.outcome(summary);
          retries = 0;
          await sleep(Math.min(retryDelay, ENDED_RUN_REREAD_MS));
          continue; // Another read returns the rest of the events and the end.
        }
      }
      if (retries >= JOB_RECONNECT_MAX_RETRIES) throw new FollowLost(CONNECTION_LOST_MESSAGE);
    } catch (err) {
      if (options.signal?.aborted) return { status: 'lost', error: STOPPED_MESSAGE };
      if (err instanceof FollowLost) return { status: 'lost', error: err.message };
      const isNetworkError = err instanceof TypeError;
      if (!isNetworkError) return { status: 'lost', error: err instanceof Error && err.message ? err.message : CONNECTION_LOST_MESSAGE };
      if (retries >= JOB_RECONNECT_MAX_RETRIES) return { status: 'lost', error: CONNECTION_LOST_MESSAGE };
    }
    retries += 1;
    handlers.onReconnecting?.(retries, JOB_RECONNECT_MAX_RETRIES);
    await sleep(retryDelay);
  }
}

/** `GET /api/runs/{id}`; a run the server does not know cannot be followed again. */
async function runSummary(runId: string): Promise<RunSummary> {
  const response = await sendRequest(apiRoute(WEB_ENDPOINTS.runStatus, { id: runId }));
  if (response.status === 404) throw new FollowLost(CONNECTION_LOST_MESSAGE);
  if (!response.ok) throw new FollowLost(STATUS_UNAVAILABLE_MESSAGE);
  return (await response.json()) as RunSummary;
}
