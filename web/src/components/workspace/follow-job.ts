import { type RunFollowOptions, followRun } from '@/api/streams/run-stream';
import { type GenerationOutcome, generationOutcome, jobRun } from '@/api/streams/runs';
import type { WorkspaceActions } from '@/store/workspace';
import { workspaceRun } from './workspace-run';

/**
 * Follows a generation job into the workspace: its files appear as they stream, the agent's
 * commentary and the server's log lines go to the terminal, reconnects are announced there.
 * Never throws; the outcome says how the job ended.
 */
export async function followJob(jobId: string, actions: WorkspaceActions, options: RunFollowOptions = {}): Promise<GenerationOutcome> {
  const run = workspaceRun(actions, { kind: 'generation' });
  const outcome = await followRun(
    jobRun(jobId),
    { onEvent: run.onEvent, onReconnecting: (attempt, maxRetries) => actions.addLog(`Connection lost. Reconnecting (${attempt}/${maxRetries})...`, 'warning') },
    options,
  );
  if (outcome.status === 'ended') run.finish();
  return generationOutcome(outcome);
}
