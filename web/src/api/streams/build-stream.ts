import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import type { FixPreviewErrorRequest, PreviewErrorReport } from '@forge/protocol/preview-errors';
import type { BuildStreamEvent } from '@forge/protocol/streams';
import { apiRoute, sendRequest } from '../client';
import { ApiError, getErrorMessage } from '../errors';
import { eventType, readSse } from './sse-reader';

const BUILD_EVENT_TYPES = new Set<string>(['log', 'result', 'error', 'done']);

/**
 * How a build ended: live with its preview, failed (a failed result or an error event; one that
 * failed in the browser keeps its preview to look at), or without a result.
 */
export type BuildOutcome = { status: 'live'; previewUrl: string } | { status: 'failed'; previewUrl?: string } | { status: 'no-result' };

/** A build that could not be followed; its message is the one to show. */
export class BuildStreamError extends Error {}

/**
 * Builds a saved project with `POST /api/projects/{p}/build`, handing each event of its stream to
 * `onEvent`. Throws a BuildStreamError when the request is refused or the stream cannot be read,
 * and passes network errors on as they are.
 */
export async function streamBuild(project: string, onEvent: (event: BuildStreamEvent) => void, signal?: AbortSignal): Promise<BuildOutcome> {
  const response = await sendRequest(apiRoute(WEB_ENDPOINTS.projectBuild, { project }), { signal });
  if (!response.ok) throw new BuildStreamError(`Build request failed with status ${response.status}`);
  return followBuild(response, onEvent);
}

/**
 * Starts the auto-fix loop from an error met in the preview (`POST /api/projects/{p}/fix`) and
 * follows the build it runs, as `streamBuild` does. A refusal throws with the server's words.
 */
export async function streamFix(project: string, error: PreviewErrorReport, onEvent: (event: BuildStreamEvent) => void): Promise<BuildOutcome> {
  const body: FixPreviewErrorRequest = { error };
  const response = await sendRequest(apiRoute(WEB_ENDPOINTS.projectFix, { project }), { body: { ...body } });
  if (!response.ok) {
    const refusal = new ApiError(response.status, response.statusText, await response.text());
    throw new BuildStreamError(getErrorMessage(refusal, `The fix could not start (status ${response.status})`));
  }
  return followBuild(response, onEvent);
}

async function followBuild(response: Response, onEvent: (event: BuildStreamEvent) => void): Promise<BuildOutcome> {
  if (!response.body) throw new BuildStreamError('Build response not readable');

  let previewUrl: string | null = null;
  let keptUrl: string | null = null;
  let failed = false;
  try {
    await readSse(response.body, (data) => {
      const type = eventType(data);
      if (!type || !BUILD_EVENT_TYPES.has(type)) return;
      const event = data as BuildStreamEvent;
      if (event.type === 'log' && typeof event.data !== 'string') return;
      if (event.type === 'result') {
        const url = event.data?.previewUrl;
        if (event.data?.success === true && typeof url === 'string' && url) previewUrl = url;
        else {
          failed = true;
          if (event.data?.failedAt === 'runtime' && typeof url === 'string' && url) keptUrl = url;
        }
      } else if (event.type === 'error') {
        failed = true;
      }
      onEvent(event);
    });
  } catch {
    throw new BuildStreamError('Failed to read build stream');
  }

  if (failed) return keptUrl ? { status: 'failed', previewUrl: keptUrl } : { status: 'failed' };
  return previewUrl ? { status: 'live', previewUrl } : { status: 'no-result' };
}
