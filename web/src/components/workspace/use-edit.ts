import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import type { EditProjectRequest } from '@forge/protocol/versions';
import { getErrorMessage } from '@/api/errors';
import { creditKeys } from '@/api/queries/credits';
import { projectKeys } from '@/api/queries/projects';
import { versionKeys } from '@/api/queries/versions';
import { type EditOutcome, type EditStreamHandlers, followEdit, streamEdit } from '@/api/streams/edit-stream';
import { useWorkspaceStore, type WorkspaceActions } from '@/store/workspace';
import { classifyBuildLog } from './run-build';

/*
 * Edit wiring of the workspace: an edit of the open project runs as a job on the server; its log goes
 * to the terminal, the files it changed are read again, and the rebuilt preview is reloaded.
 */

/** Shows one edit in the workspace until it ends. Never throws: failures end in a log line and a toast. */
export async function showEdit(project: string, run: (handlers: EditStreamHandlers) => Promise<EditOutcome>, actions: WorkspaceActions, queryClient: QueryClient): Promise<boolean> {
  actions.setEditing(true);
  actions.setStatus('Generating');
  actions.setView('terminal');
  let previewed = false;
  try {
    const outcome = await run({
      onEvent: (event) => {
        if (event.type === 'log') actions.addLog(event.message, classifyBuildLog(event.message));
        else if (event.type === 'file_changed') {
          queryClient.removeQueries({ queryKey: projectKeys.file(project, event.path) });
          actions.changeFile(event.path, event.change);
          actions.setStatus('Building');
        } else if (event.type === 'preview') {
          previewed = true;
          actions.setPreviewUrl(event.previewUrl);
        }
      },
      onReconnecting: (attempt, max) => actions.addLog(`🔄 Connection lost. Reconnecting to the edit (${attempt}/${max})...`, 'warning'),
    });
    void queryClient.invalidateQueries({ queryKey: projectKeys.all });
    void queryClient.invalidateQueries({ queryKey: versionKeys.all(project) });
    // The edit's model calls were charged.
    void queryClient.invalidateQueries({ queryKey: creditKeys.all });
    if (outcome.status === 'completed') {
      actions.addLog(outcome.message ?? '✅ Changes applied', 'success');
      actions.setStatus(previewed ? 'Complete' : 'Error');
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
      return showEdit(project, (handlers) => streamEdit(project, request, handlers), actions, queryClient);
    },
    [actions, queryClient],
  );
}

/** Follows an edit that was already running when the page loaded. */
export function followRunningEdit(project: string, jobId: string, actions: WorkspaceActions, queryClient: QueryClient): Promise<boolean> {
  actions.addLog(`🔄 Reconnecting to the running edit of ${project}...`, 'info');
  return showEdit(project, (handlers) => followEdit(jobId, handlers), actions, queryClient);
}
