import type { PreviewErrorReport } from '@forge/protocol/preview-errors';
import { getErrorMessage } from '@/api/errors';
import { type RunOutcome, type RunStart, RunStartError, followRun } from '@/api/streams/run-stream';
import { buildOutcome, buildRun, fixRun } from '@/api/streams/runs';
import type { WorkspaceActions } from '@/store/workspace';
import { workspaceRun } from './workspace-run';

/** Drops what is cached of a file a fix changed. */
type ForgetFile = (path: string) => void;

/** Builds a saved project, streaming its log into the terminal. Never throws: failures end in the Error status. */
export async function runBuild(project: string, actions: WorkspaceActions, forgetFile?: ForgetFile): Promise<void> {
  actions.addLog(`🔨 Building ${project}...`, 'info');
  await showBuild(actions, buildRun(project), forgetFile);
}

/** Has the agent fix an error met in the preview, then rebuilds, streaming it all into the terminal. Never throws. */
export async function runFix(project: string, error: PreviewErrorReport, actions: WorkspaceActions, forgetFile?: ForgetFile): Promise<void> {
  // The fix is followed in the terminal, as a build is.
  actions.setView('terminal');
  actions.addLog(`🔧 Asking the agent to fix: ${error.message}`, 'info');
  await showBuild(actions, fixRun(project, error), forgetFile);
}

async function showBuild(actions: WorkspaceActions, start: RunStart, forgetFile: ForgetFile | undefined): Promise<void> {
  actions.setStatus('Building');
  const run = workspaceRun(actions, { kind: 'build', forgetFile });
  const fail = (message: string) => {
    actions.addLog(`⚠️ Build failed: ${message}`, 'error');
    actions.setPreviewUrl(null);
    actions.setStatus('Error');
  };

  let outcome: RunOutcome;
  try {
    outcome = await followRun(start, {
      onEvent: run.onEvent,
      onReconnecting: (attempt, maxRetries) => actions.addLog(`Connection lost. Reconnecting (${attempt}/${maxRetries})...`, 'warning'),
    });
  } catch (err) {
    fail(err instanceof RunStartError ? err.message : getErrorMessage(err, 'Build request failed'));
    return;
  }
  if (outcome.status === 'lost') {
    fail(outcome.error);
    return;
  }

  const build = buildOutcome(outcome);
  if (build.status === 'live') {
    actions.setPreviewUrl(build.previewUrl);
    actions.setStatus('Complete');
    actions.addLog('🎉 Build successful. The preview is live.', 'success');
    // The result comes forward; the terminal is one click away. A failed build stays on the terminal.
    actions.revealPreview();
    return;
  }
  // A build that failed in the browser keeps its preview running, to be looked at.
  actions.setPreviewUrl(build.status === 'failed' && build.previewUrl ? build.previewUrl : null);
  actions.setStatus('Error');
  if (!run.errorLogged) {
    actions.addLog(`⚠️ Build failed: ${build.status === 'failed' ? 'the build did not succeed' : 'the build ended without a preview'}`, 'error');
  }
}
