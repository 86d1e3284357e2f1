// The server-sent event streams of the platform: one typed union per stream, used by the API that
// writes them and the web client that reads them. Clients ignore event types they do not know.
import type { JobStatus, LlmProviderName } from './api.js';

/** The payload of the last message of a stream, sent as `data: [DONE]`. */
export const SSE_DONE = '[DONE]';

/** Seconds between `: keep-alive` comments, so proxies keep quiet streams open. */
export const SSE_HEARTBEAT_MS = 15_000;

/**
 * A server on its way down ends its open streams with `retry:` set to this: the client reconnects
 * that soon (with `Last-Event-ID`), through the load balancer to a replica that stays.
 */
export const SSE_RECONNECT_HINT_MS = 500;

export type StreamLogLevel = 'info' | 'success' | 'warning' | 'error' | 'other';

/** `GET /api/jobs/{id}/stream`: every event carries an `id:`; `Last-Event-ID` resumes after it. */
export type JobStreamEvent =
  | { type: 'status'; status: 'running'; provider: LlmProviderName }
  | { type: 'status'; status: Exclude<JobStatus, 'running' | 'unknown'>; filesSaved: number }
  | { type: 'content_block_delta'; delta: { type: 'text_delta'; text: string } }
  /** The model's answer was cut at its output limit; the next text continues it. */
  | { type: 'response_start'; continuation: true; reason: string }
  | { type: 'log'; level: StreamLogLevel; message: string }
  | { type: 'file_saved'; path: string }
  | { type: 'usage'; inputTokens: number; outputTokens: number }
  | { type: 'error'; message: string };

/**
 * What the checking browser made of a built preview: `passed` (loaded, settled, no problem),
 * `failed` (problems found), `skipped` (no browser could open it: never counted as passed).
 */
export type PreviewCheckStatus = 'passed' | 'failed' | 'skipped';

/** How a build ended: it did not compile or start (`build`), or it started and broke in the browser (`runtime`). */
export type BuildFailedAt = 'build' | 'runtime';

export interface BuildResult {
  success: boolean;
  /** Set when a preview answers, even one that failed at runtime (so it can be looked at). */
  previewUrl: string | null;
  /** Absent on success. */
  failedAt?: BuildFailedAt;
  /** Absent when the build never got as far as a preview. */
  check?: PreviewCheckStatus;
  /**
   * A `passed` check that let through what the app's missing keys explain (its API answering 503,
   * errors naming a key): the keys it waits for, to be saved in the Secrets view. Absent otherwise.
   */
  waitingForSecrets?: string[];
}

/** `POST /api/projects/{p}/build`: no ids; a reconnect attaches to the running build and replays it. */
export type BuildStreamEvent = { type: 'log'; data: string } | { type: 'result'; data: BuildResult } | { type: 'error'; data: { error: string; details?: string } } | { type: 'done' };

/**
 * `POST /api/projects/{p}/edit`: its log, then `complete` or `error`, then `[DONE]`. The edit runs as
 * a job: every event carries an `id:`, and `GET /api/jobs/{id}/stream` follows it again from any id.
 */
export type EditStreamEvent =
  /** First: the job the edit runs as, to follow again after a disconnect. */
  | { type: 'started'; jobId: string }
  | { type: 'log'; message: string }
  /** A file the edit changed, sent once every change of the edit is on disk. */
  | { type: 'file_changed'; path: string; change: 'created' | 'modified' | 'deleted' }
  /** The project was rebuilt with the edit and its preview is live at this address. */
  | { type: 'preview'; previewUrl: string }
  | { type: 'complete'; message: string | null }
  | { type: 'error'; message: string };

/** What a job's event log holds: a generation's events or an edit's. */
export type AnyJobEvent = JobStreamEvent | EditStreamEvent;
