// Runs: every piece of long-running work (a generation, an edit, a build, a fix, an import, a live
// preview) is a run with one stored, numbered event log. The API makes these events; the streams the
// spec defines (job, build, edit) are adapters from them; the web follows runs in this vocabulary.
import type { LlmProviderName } from './api.js';
import type { BuildFailedAt, PreviewCheckStatus } from './streams.js';

export const RUN_KINDS = ['generation', 'edit', 'build', 'fix', 'import', 'live_preview'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

export type RunState = 'queued' | 'running' | 'completed' | 'failed';

/** A log line's level, set by whoever writes the line; the web colours by it and never guesses. */
export type LogLevel = 'info' | 'success' | 'warning' | 'error';

/** What happened to a file: saved as it streamed (generation), or changed all at once (edit, fix, restore). */
export type RunFileChange = 'saved' | 'created' | 'modified' | 'deleted';

/** How a run ended, in the fields its kind has. */
export interface RunResult {
  success: boolean;
  /** Generation: files saved. */
  filesSaved?: number;
  /** Edit: what was applied, for people. */
  message?: string | null;
  /** Build, fix: the preview that answers (even one that failed in the browser, to look at). */
  previewUrl?: string | null;
  failedAt?: BuildFailedAt;
  check?: PreviewCheckStatus;
  /** Build, fix: a passed check that let through what these missing keys explain (see BuildResult). */
  waitingForSecrets?: string[];
}

export type RunEvent =
  /** First event of every run. `provider` for runs that ask a model. */
  | { type: 'started'; runId: string; kind: RunKind; projectName: string; provider?: LlmProviderName }
  /** Text the model wrote. */
  | { type: 'text'; text: string }
  /** The model's answer was cut at its output limit; the next text continues it. */
  | { type: 'continued'; reason: string }
  | { type: 'file'; path: string; change: RunFileChange }
  /** `diff`: the message holds inline `[-removed-]` / `{+added+}` markers. */
  | { type: 'log'; level: LogLevel; message: string; diff?: true }
  | { type: 'usage'; inputTokens: number; outputTokens: number }
  /** A preview answers at this address (a build's, an edit's fast path, a live preview while the agent writes). */
  | { type: 'preview'; previewUrl: string; live?: boolean }
  | ({ type: 'result' } & RunResult)
  | { type: 'error'; message: string; details?: string }
  /** Last event of every run. */
  | { type: 'end' };

export type RunEventType = RunEvent['type'];

/** `GET /api/runs/{id}`. */
export interface RunSummary {
  id: string;
  kind: RunKind;
  state: RunState;
  projectName: string;
  /** Why a failed run failed. */
  error: string | null;
}

/**
 * Asks an endpoint that answers one of the spec's streams (`POST …/build`, `POST …/edit`,
 * `POST …/fix`, `GET /api/jobs/{id}/stream`) for the run's own events instead. Without it, each
 * answers its spec format, byte for byte.
 */
export const RUN_EVENTS_HEADER = 'Forge-Events';
export const RUN_EVENTS_HEADER_VALUE = 'run';

/**
 * The level of a line made without one (a command's output): success marks first (✅,
 * "successful", 🎉), then failure marks (❌, ⚠️, "failed", "Error"): the spec's classification of
 * build log lines, applied once where the line is made.
 */
export function levelOfLine(message: string): LogLevel {
  if (message.includes('✅') || message.includes('successful') || message.includes('🎉')) return 'success';
  if (message.includes('❌') || message.includes('⚠️') || message.includes('failed') || message.includes('Error')) return 'error';
  return 'info';
}
