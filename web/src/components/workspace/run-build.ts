import type { BuildStreamEvent } from '@forge/protocol/streams';
import { getErrorMessage } from '@/api/errors';
import type { PreviewErrorReport } from '@forge/protocol/preview-errors';
import { type BuildOutcome, BuildStreamError, streamBuild, streamFix } from '@/api/streams/build-stream';
import type { LogType, WorkspaceActions } from '@/store/workspace';

/** A build line's colour: success marks first (✅, "successful", 🎉), then failure marks (❌, ⚠️, "failed", "Error"). */
export function classifyBuildLog(message: string): LogType {
  if (message.includes('✅') || message.includes('successful') || message.includes('🎉')) return 'success';
  if (message.includes('❌') || message.includes('⚠️') || message.includes('failed') || message.includes('Error')) return 'error';
  return 'info';
}

/** Builds a saved project, streaming its log into the terminal. Never throws: failures end in the Error status. */
export async function runBuild(project: string, actions: WorkspaceActions): Promise<void> {
  actions.addLog(`🔨 Building ${project}...`, 'info');
  await followBuild(actions, (onEvent) => streamBuild(project, onEvent));
}

/** Has the agent fix an error met in the preview, then rebuilds, streaming it all into the terminal. Never throws. */
export async function runFix(project: string, error: PreviewErrorReport, actions: WorkspaceActions): Promise<void> {
  // The fix is followed in the terminal, as a build is.
  actions.setView('terminal');
  actions.addLog(`🔧 Asking the agent to fix: ${error.message}`, 'info');
  await followBuild(actions, (onEvent) => streamFix(project, error, onEvent));
}

async function followBuild(actions: WorkspaceActions, stream: (onEvent: (event: BuildStreamEvent) => void) => Promise<BuildOutcome>): Promise<void> {
  actions.setStatus('Building');
  let errorLogged = false;

  const onEvent = (event: BuildStreamEvent) => {
    if (event.type === 'log') {
      if (event.data) actions.addLog(event.data, classifyBuildLog(event.data));
    } else if (event.type === 'error') {
      const error = event.data?.error || 'Build error';
      const details = event.data?.details;
      actions.addLog(details ? `❌ ${error}: ${details}` : `❌ ${error}`, 'error');
      errorLogged = true;
    }
  };

  try {
    const outcome = await stream(onEvent);
    if (outcome.status === 'live') {
      actions.setPreviewUrl(outcome.previewUrl);
      actions.setStatus('Complete');
      actions.addLog('🎉 Build successful. The preview is live.', 'success');
      return;
    }
    // A build that failed in the browser keeps its preview running, to be looked at.
    actions.setPreviewUrl(outcome.status === 'failed' && outcome.previewUrl ? outcome.previewUrl : null);
    actions.setStatus('Error');
    if (!errorLogged) {
      actions.addLog(`⚠️ Build failed: ${outcome.status === 'failed' ? 'the build did not succeed' : 'the build ended without a preview'}`, 'error');
    }
  } catch (err) {
    const message = err instanceof BuildStreamError ? err.message : getErrorMessage(err, 'Build request failed');
    actions.addLog(`⚠️ Build failed: ${message}`, 'error');
    actions.setPreviewUrl(null);
    actions.setStatus('Error');
  }
}
