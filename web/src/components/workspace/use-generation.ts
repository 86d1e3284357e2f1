import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { ActiveJob, StartJobRequest } from '@forge/protocol/api';
import { AUTO_RECONNECT_DELAY_MS } from '@/lib/ui-timing';
import { ErrorCode } from '@forge/protocol/errors';
import { getErrorMessage, isApiError } from '@/api/errors';
import { activeJobsQueryOptions, startJob } from '@/api/queries/jobs';
import { forgetProjectFile, projectListQueryOptions, projectTreeQueryOptions } from '@/api/queries/projects';
import { afterGeneration } from '@/api/queries/run-effects';
import { useWorkspaceStore, type WorkspaceActions } from '@/store/workspace';
import { followJob } from './follow-job';
import { runBuild } from './run-build';
import { followRunningEdit } from './use-edit';

/*
 * Generation wiring of the workspace: starting a job, following its stream, building the project and
 * the one-time reconnect to a job that was running when the page loaded. The workspace components
 * only call the hooks below.
 */

/** A generation streams its files, which the server saves as they end; only then is the project built. */
async function followAndBuild(jobId: string, projectName: string, actions: WorkspaceActions, queryClient: QueryClient): Promise<void> {
  const outcome = await followJob(jobId, actions);
  if (outcome.status === 'failed') {
    actions.addLog(`❌ Generation failed: ${outcome.error ?? 'Job error'}`, 'error');
    actions.stopGeneration();
    actions.setStatus('Error');
    if (outcome.filesSaved > 0) afterGeneration(queryClient);
    return;
  }
  actions.stopGeneration();
  actions.addLog(`✅ Project saved: ${outcome.filesSaved} ${outcome.filesSaved === 1 ? 'file' : 'files'}`, 'success');
  afterGeneration(queryClient);
  await runBuild(projectName, actions, (path) => forgetProjectFile(queryClient, projectName, path));
}

/** A job request as the generate form makes it: the name is already normalised, images may be none; `replace` when the user confirmed replacing a project of that name. */
export type GenerationRequest = Required<Omit<StartJobRequest, 'replace'>> & { replace?: boolean };

/** How a start ended: the job runs, the name turned out to be taken (nothing started), or it failed (said in the terminal). */
export type GenerationStart = 'started' | 'taken' | 'failed';

export function useGeneration() {
  const { actions } = useWorkspaceStore();
  const queryClient = useQueryClient();

  const start = useCallback(
    async ({ prompt, projectName, images, replace }: GenerationRequest): Promise<GenerationStart> => {
      let jobId: string;
      // Until the answer, the check for a job running at load would find this one and follow it a second time.
      actions.setStartingGeneration(true);
      try {
        // Images are sent only when there are some; `replace` only when confirmed.
        ({ jobId } = await startJob({ prompt, projectName, ...(images.length > 0 ? { images } : {}), ...(replace ? { replace: true } : {}) }));
      } catch (err) {
        actions.setStartingGeneration(false);
        if (isApiError(err, 409) && err.code === ErrorCode.ProjectExists) {
          // The list was out of date: read it again, so the form can offer a free name or the replace.
          await queryClient.invalidateQueries({ queryKey: projectListQueryOptions.queryKey });
          return 'taken';
        }
        actions.startGeneration(projectName);
        actions.setView('terminal');
        actions.addLog(`❌ Generation failed: ${getErrorMessage(err, 'Could not start the job')}`, 'error');
        actions.stopGeneration();
        actions.setStatus('Error');
        return 'failed';
      }

      actions.startGeneration(projectName);
      actions.setStartingGeneration(false);
      actions.setView('terminal');
      actions.addLog(`🚀 Starting generation of ${projectName}...`, 'info');
      if (images.length > 0) actions.addLog(`Attached ${images.length === 1 ? '1 design reference' : `${images.length} design references`}`, 'other');
      actions.addLog(`Job ${jobId} started. Waiting for the agent...`, 'info');
      void followAndBuild(jobId, projectName, actions, queryClient);
      return 'started';
    },
    [actions, queryClient],
  );

  return { start };
}

/** Follows a job that was running when the page loaded: a generation streams on into the workspace, an edit shows over its project. */
export async function reconnectToJob(job: ActiveJob, actions: WorkspaceActions, queryClient: QueryClient): Promise<void> {
  if (job.kind === 'edit') {
    const { tree } = await queryClient.fetchQuery({ ...projectTreeQueryOptions(job.projectName), staleTime: 0 });
    actions.loadProject(job.projectName, tree);
    void followRunningEdit(job.projectName, job.id, actions, queryClient);
    return;
  }
  actions.startGeneration(job.projectName);
  actions.setView('terminal');
  actions.addLog(`🔄 Reconnecting to the running generation of ${job.projectName}...`, 'info');
  void followAndBuild(job.id, job.projectName, actions, queryClient);
}

/** The running jobs, or none when they cannot be read (the workspace then opens as if none ran). */
export async function activeJobs(queryClient: QueryClient): Promise<ActiveJob[]> {
  try {
    return (await queryClient.fetchQuery({ ...activeJobsQueryOptions, staleTime: 0 })).jobs ?? [];
  } catch (err) {
    console.warn('Could not check for active generation jobs', err);
    return [];
  }
}

/** Once, 500 ms after the workspace loads, pick up the first job that is still running. */
export function useAutoReconnect(enabled: boolean): void {
  const queryClient = useQueryClient();
  const store = useWorkspaceStore();
  const { actions } = store;
  const checked = useRef(false);

  useEffect(() => {
    if (!enabled || checked.current) return;
    const timer = setTimeout(async () => {
      checked.current = true;
      // A generation this page started (or is starting) is already followed: following it again would show it twice.
      const ours = () => store.state.isGenerating || store.state.isStartingGeneration;
      if (ours()) return;
      const job = (await activeJobs(queryClient))[0];
      if (!job || ours() || store.state.isEditing) return;
      try {
        await reconnectToJob(job, actions, queryClient);
      } catch (err) {
        console.warn('Could not reconnect to the running job', err);
      }
    }, AUTO_RECONNECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, queryClient, actions, store]);
}
