import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { getErrorMessage } from '@/api/errors';
import { forgetProjectFile, importProject, projectTreeQueryOptions } from '@/api/queries/projects';
import { afterGeneration } from '@/api/queries/run-effects';
import { followRun } from '@/api/streams/run-stream';
import { generationOutcome, importRun } from '@/api/streams/runs';
import { useWorkspaceStore, type WorkspaceActions } from '@/store/workspace';
import { runBuild } from './run-build';

/*
 * Importing a project from a ZIP in the workspace: the upload (refusals in the server's words), the
 * import run's log in the terminal, then the project's build, followed like any other. A reload
 * while the import runs follows it again from its first event.
 */

const RUNNING_IMPORT_KEY = 'forge:running-import';

interface RunningImport {
  runId: string;
  projectName: string;
}

function remember(running: RunningImport | null): void {
  try {
    if (running) sessionStorage.setItem(RUNNING_IMPORT_KEY, JSON.stringify(running));
    else sessionStorage.removeItem(RUNNING_IMPORT_KEY);
  } catch {
    // Storage may be off (private windows): only the reconnect after a reload is lost.
  }
}

function remembered(): RunningImport | null {
  try {
    const raw = sessionStorage.getItem(RUNNING_IMPORT_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<RunningImport>) : null;
    return parsed && typeof parsed.runId === 'string' && typeof parsed.projectName === 'string' ? { runId: parsed.runId, projectName: parsed.projectName } : null;
  } catch {
    return null;
  }
}

/** Follows an import to its end, shows the imported files, then builds the project. Never throws. */
async function followAndBuild({ runId, projectName }: RunningImport, actions: WorkspaceActions, queryClient: QueryClient): Promise<void> {
  const outcome = generationOutcome(
    await followRun(importRun(runId), {
      onEvent: (event) => {
        if (event.type === 'log') actions.addLog(event.message, event.level);
        else if (event.type === 'error') actions.addLog(`❌ ${event.message}`, 'error');
      },
      onReconnecting: (attempt, maxRetries) => actions.addLog(`Connection lost. Reconnecting (${attempt}/${maxRetries})...`, 'warning'),
    }),
  );
  remember(null);
  actions.stopGeneration();
  if (outcome.status === 'failed') {
    actions.setStatus('Error');
    afterGeneration(queryClient);
    return;
  }
  afterGeneration(queryClient);
  try {
    const { tree } = await queryClient.fetchQuery({ ...projectTreeQueryOptions(projectName), staleTime: 0 });
    actions.loadProject(projectName, tree);
  } catch (err) {
    actions.addLog(`⚠️ The imported files could not be listed: ${getErrorMessage(err, 'try reloading the page')}`, 'warning');
  }
  await runBuild(projectName, actions, (path) => forgetProjectFile(queryClient, projectName, path));
}

export function useImport() {
  const { actions } = useWorkspaceStore();
  const queryClient = useQueryClient();

  /** Answers the server's refusal to show beside the form, or null once the import started. */
  const start = useCallback(
    async (file: File, projectName: string): Promise<string | null> => {
      let running: RunningImport;
      try {
        const started = await importProject(file, projectName);
        running = { runId: started.runId, projectName: started.projectName };
      } catch (err) {
        return getErrorMessage(err, 'The ZIP could not be uploaded. Check your connection and try again.');
      }
      remember(running);
      actions.startGeneration(running.projectName);
      actions.setView('terminal');
      actions.addLog(`📥 Importing ${file.name} as ${running.projectName}...`, 'info');
      void followAndBuild(running, actions, queryClient);
      return null;
    },
    [actions, queryClient],
  );

  return { start };
}

/** Once, when the workspace loads: an import that was running when the page was left is followed again. */
export function useImportReconnect(enabled: boolean): void {
  const queryClient = useQueryClient();
  const store = useWorkspaceStore();
  const checked = useRef(false);

  useEffect(() => {
    if (!enabled || checked.current) return;
    checked.current = true;
    const running = remembered();
    if (!running || store.state.isGenerating) return;
    store.actions.startGeneration(running.projectName);
    store.actions.setView('terminal');
    store.actions.addLog(`🔄 Reconnecting to the import of ${running.projectName}...`, 'info');
    void followAndBuild(running, store.actions, queryClient);
  }, [enabled, queryClient, store]);
}
