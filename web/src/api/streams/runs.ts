import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import type { FixPreviewErrorRequest, PreviewErrorReport } from '@forge/protocol/preview-errors';
import type { EditProjectRequest } from '@forge/protocol/versions';
import { apiRoute } from '../client';
import { ApiError, getErrorMessage } from '../errors';
import { CONNECTION_LOST_MESSAGE, type RunOutcome, type RunStart, RunStartError, type RunStartWords } from './run-stream';

/*
 * Where each kind of run starts, in the words its users have always seen when a start fails, and
 * what its outcome means for it. `followRun` does the following.
 */

export const NO_RESPONSE_BODY_MESSAGE = 'No response body';

const BUILD_WORDS: Omit<RunStartWords, 'refused'> = { noBody: 'Build response not readable', unreadable: 'Failed to read build stream' };

/** A job that runs already (a generation, or an edit started elsewhere), from its first event. */
export function jobRun(jobId: string): RunStart {
  return { type: 'follow', route: apiRoute(WEB_ENDPOINTS.jobStream, { id: jobId }) };
}

/** An import, from its first event (`GET /api/runs/{id}/stream`). */
export function importRun(runId: string): RunStart {
  return { type: 'follow', route: apiRoute(WEB_ENDPOINTS.runStream, { id: runId }) };
}

/** Builds a saved project (`POST /api/projects/{p}/build`). */
export function buildRun(project: string): RunStart {
  return {
    type: 'start',
    route: apiRoute(WEB_ENDPOINTS.projectBuild, { project }),
    words: { ...BUILD_WORDS, refused: async (response) => new RunStartError(`Build request failed with status ${response.status}`) },
  };
}

/** Has the agent fix an error met in the preview, then rebuilds (`POST /api/projects/{p}/fix`); a refusal reads in the server's words. */
export function fixRun(project: string, error: PreviewErrorReport): RunStart {
  const body: FixPreviewErrorRequest = { error };
  return {
    type: 'start',
    route: apiRoute(WEB_ENDPOINTS.projectFix, { project }),
    body: { ...body },
    words: {
      ...BUILD_WORDS,
      refused: async (response) => {
        const refusal = new ApiError(response.status, response.statusText, await response.text());
        return new RunStartError(getErrorMessage(refusal, `The fix could not start (status ${response.status})`));
      },
    },
  };
}

/** Edits a project (`POST /api/projects/{p}/edit`); a refusal throws the ApiError (404, 409 with the running job, 400, 402). */
export function editRun(project: string, request: EditProjectRequest): RunStart {
  return {
    type: 'start',
    route: apiRoute(WEB_ENDPOINTS.projectEdit, { project }),
    body: { ...request },
    words: {
      refused: async (response) => new ApiError(response.status, response.statusText, await response.text()),
      noBody: NO_RESPONSE_BODY_MESSAGE,
      unreadable: CONNECTION_LOST_MESSAGE,
    },
  };
}

/** How a generation ended; `error` is its own error message, or why following it failed. */
export interface GenerationOutcome {
  status: 'completed' | 'failed';
  filesSaved: number;
  error: string | null;
}

export function generationOutcome(outcome: RunOutcome): GenerationOutcome {
  if (outcome.status === 'lost') return { status: 'failed', filesSaved: 0, error: outcome.error };
  const filesSaved = outcome.result?.filesSaved ?? 0;
  return outcome.state === 'failed' ? { status: 'failed', filesSaved, error: outcome.error?.message || 'Job error' } : { status: 'completed', filesSaved, error: null };
}

/**
 * How a build (or a fix's build) ended: live with its preview, failed (a failed result or an error
 * event; one that failed in the browser keeps its preview to look at), or without a result.
 */
export type BuildOutcome = { status: 'live'; previewUrl: string } | { status: 'failed'; previewUrl?: string } | { status: 'no-result' };

export function buildOutcome(outcome: Extract<RunOutcome, { status: 'ended' }>): BuildOutcome {
  const { result } = outcome;
  const url = typeof result?.previewUrl === 'string' && result.previewUrl ? result.previewUrl : null;
  let failed = outcome.error !== null;
  let keptUrl: string | null = null;
  if (result && !(result.success && url)) {
    failed = true;
    if (result.failedAt === 'runtime') keptUrl = url;
  }
  if (failed) return keptUrl ? { status: 'failed', previewUrl: keptUrl } : { status: 'failed' };
  return url ? { status: 'live', previewUrl: url } : { status: 'no-result' };
}

/** How an edit ended: what was applied, or why nothing was. */
export type EditOutcome = { status: 'completed'; message: string | null } | { status: 'failed'; error: string };

export function editOutcome(outcome: RunOutcome): EditOutcome {
  if (outcome.status === 'lost') return { status: 'failed', error: outcome.error };
  // An edit that ended without saying what it applied did not apply anything.
  if (outcome.state === 'failed' || !outcome.result) return { status: 'failed', error: outcome.error?.message || 'Edit failed' };
  return { status: 'completed', message: outcome.result.message ?? null };
}
