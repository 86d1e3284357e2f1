import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import type { EditProjectRequest } from '@forge/protocol/versions';
import { getErrorMessage } from '@/api/errors';
import { forgetProjectFile } from '@/api/queries/projects';
import { afterEdit } from '@/api/queries/run-effects';
import { type RunHandlers, type RunOutcome, followRun } from '@/api/streams/run-stream';
import { editOutcome, editRun, jobRun } from '@/api/streams/runs';
import { useWorkspaceStore, type WorkspaceActions } from '@/store/workspace';
import { workspaceRun } from './workspace-run';

/*
 * Edit wiring of the workspace: an edit of the open project runs on the server; its log goes to the
 * terminal, the files it changed are read again, and the rebuilt preview is reloaded.
 */

/** Shows one edit in the workspace until it ends. Never throws: failures end in a log line and a toast. */
export async function showEdit(project: string, follow: (handlers: RunHandlers) => Promise<RunOutcome>, actions: WorkspaceActions, queryClient: QueryClient): Promise<boolean> {
  actions.setEditing(true);
  actions.setStatus('Generating');
  actions.setView('terminal');
  const run = workspaceRun(actions, { kind: 'edit', forgetFile: (path) => forgetProjectFile(queryClient, project, path) });
  try {
    const outcome = editOutcome(
      await follow({
        onEvent: run.onEvent,
        onReconnecting: (attempt, max) => actions.addLog(`🔄 Connection lost. Reconnecting to the edit (${attempt}/${max})...`, 'warning'),
      }),
    );
    afterEdit(queryClient, project);
    if (outcome.status === 'completed') {
      actions.addLog(outcome.message ?? '✅ Changes applied', 'success');
      actions.setStatus(run.previewed ? 'Complete' : 'Error');
      if (run.previewed) actions.revealPreview();
      toast.success('Project updated', { description: `The agent applied your changes to "${project}".` });
      return true;
    }
    actions.addLog(`❌ ${outcome.error}`, 'error');
    actions.setStatus('Error');
    toast.error('Error', { description: outcome.error });
    return false;
  } catch (err) {
    const message = getErrorMessage(err, 'The server could not apply the changes.');
    actions.addLog(`❌ Failed to edit project: ${message}`, 'error');
    actions.setStatus('Error');
    toast.error('Failed to edit project', { description: message });
    return false;
  } finally {
    actions.setEditing(false);
  }
}

/** Starts an edit of the open project, shown in the terminal; resolves once it ended. */
export function useProjectEdit() {
  const { actions } = useWorkspaceStore();
  const queryClient = useQueryClient();
  return useCallback(
    (project: string, request: EditProjectRequest) => {
      actions.addLog(`✏️ Editing ${project}: ${request.modificationRequest}`, 'info');
      return showEdit(project, (handlers) => followRun(editRun(project, request), handlers), actions, queryClient);
    },
    [actions, queryClient],
  );
}

/** Follows an edit that was already running when the page loaded. */
export function followRunningEdit(project: string, jobId: string, actions: WorkspaceActions, queryClient: QueryClient): Promise<boolean> {
  actions.addLog(`🔄 Reconnecting to the running edit of ${project}...`, 'info');
  return showEdit(project, (handlers) => followRun(jobRun(jobId), handlers), actions, queryClient);
}
