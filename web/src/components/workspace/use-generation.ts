import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { AUTO_RECONNECT_DELAY_MS } from '@forge/protocol/limits';
import { apiJson } from '@/api/client';
import { getErrorMessage } from '@/api/errors';
import { activeJobsQueryOptions } from '@/api/queries/jobs';
import { projectKeys } from '@/api/queries/projects';
import { useWorkspaceStore, type LogType, type WorkspaceActions } from '@/store/workspace';
import { readEventData } from './event-stream';
import { followJob } from './job-stream';

/*
 * Generation wiring of the workspace, kept in one module: starting a job, following its stream, building
 * the project and the one-time reconnect to a job that was running when the page loaded. The workspace
 * components only call the functions below.
 */

/** Spec section 4, generation flow: stream, then (the server has saved the files) build. */
async function followAndBuild(jobId: string, projectName: string, actions: WorkspaceActions, onSaved: () => void): Promise<void> {
  const outcome = await followJob(jobId, actions);
  if (outcome.status === 'failed') {
    actions.addLog(`❌ Generation failed: ${outcome.error ?? 'Job error'}`, 'error');
    actions.stopGeneration();
    actions.setStatus('Error');
    if (outcome.filesSaved > 0) onSaved();
    return;
  }
  actions.stopGeneration();
  actions.addLog(`✅ Project saved: ${outcome.filesSaved} ${outcome.filesSaved === 1 ? 'file' : 'files'}`, 'success');
  onSaved();
  await runBuild(projectName, actions);
}

export interface DesignImage {
  name: string;
  /** Base64 without the data-URL prefix. */
  base64: string;
  mediaType: string;
}

export interface GenerationRequest {
  prompt: string;
  projectName: string;
  images: DesignImage[];
}

interface StartJobBody {
  prompt: string;
  projectName: string;
  images?: DesignImage[];
}

interface StartJobResponse {
  jobId: string;
}

export function useGeneration() {
  const { actions } = useWorkspaceStore();
  const queryClient = useQueryClient();

  const start = useCallback(
    async ({ prompt, projectName, images }: GenerationRequest): Promise<boolean> => {
      actions.startGeneration(projectName);
      actions.setView('terminal');
      actions.addLog(`🚀 Starting generation of ${projectName}...`, 'info');
      if (images.length > 0) actions.addLog(`Attached ${images.length === 1 ? '1 design reference' : `${images.length} design references`}`, 'other');

      const body: StartJobBody = { prompt, projectName, ...(images.length > 0 ? { images } : {}) };
      try {
        const { jobId } = await apiJson<StartJobResponse>('/api/jobs/start', { method: 'POST', body: { ...body } });
        actions.addLog(`Job ${jobId} started. Waiting for the agent...`, 'info');
        void followAndBuild(jobId, projectName, actions, () => void queryClient.invalidateQueries({ queryKey: projectKeys.all }));
        return true;
      } catch (err) {
        actions.addLog(`❌ Generation failed: ${getErrorMessage(err, 'Could not start the job')}`, 'error');
        actions.stopGeneration();
        actions.setStatus('Error');
        return false;
      }
    },
    [actions, queryClient],
  );

  return { start };
}

/** Spec section 8, "Log classification" of build lines. */
export function classifyBuildLog(message: string): LogType {
  if (message.includes('✅') || message.includes('successful') || message.includes('🎉')) return 'success';
  if (message.includes('❌') || message.includes('⚠️') || message.includes('failed') || message.includes('Error')) return 'error';
  return 'info';
}

interface BuildEvent {
  type?: string;
  data?: unknown;
  message?: string;
}

function field(data: unknown, key: string): unknown {
  return data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
}

class BuildStreamError extends Error {}

/** Builds a saved project, streaming its log into the terminal. Never throws: failures end in the Error status. */
export async function runBuild(project: string, actions: WorkspaceActions): Promise<void> {
  actions.setStatus('Building');
  actions.addLog(`🔨 Building ${project}...`, 'info');
  try {
    const response = await fetch(`/api/projects/${encodeURIComponent(project)}/build`, { method: 'POST', credentials: 'include' });
    if (!response.ok) throw new BuildStreamError(`Build request failed with status ${response.status}`);
    if (!response.body) throw new BuildStreamError('Build response not readable');

    let previewUrl: string | null = null;
    let failed = false;
    let errorLogged = false;
    try {
      await readEventData(response.body, (raw) => {
        const event = raw as BuildEvent;
        if (event.type === 'log') {
          const text = typeof event.data === 'string' ? event.data : (event.message ?? String(field(event.data, 'message') ?? ''));
          if (text) actions.addLog(text, classifyBuildLog(text));
        } else if (event.type === 'result') {
          const url = field(event.data, 'previewUrl');
          if (field(event.data, 'success') === true && typeof url === 'string' && url) previewUrl = url;
          else failed = true;
        } else if (event.type === 'error') {
          const error = String(field(event.data, 'error') ?? event.message ?? 'Build error');
          const details = field(event.data, 'details');
          actions.addLog(details ? `❌ ${error}: ${String(details)}` : `❌ ${error}`, 'error');
          failed = true;
          errorLogged = true;
        }
      });
    } catch {
      throw new BuildStreamError('Failed to read build stream');
    }

    if (previewUrl && !failed) {
      actions.setPreviewUrl(previewUrl);
      actions.setStatus('Complete');
      actions.addLog('🎉 Build successful. The preview is live.', 'success');
    } else {
      actions.setPreviewUrl(null);
      actions.setStatus('Error');
      if (!errorLogged) {
        actions.addLog(`⚠️ Build failed: ${failed ? 'the build did not succeed' : 'the build ended without a preview'}`, 'error');
      }
    }
  } catch (err) {
    const message = err instanceof BuildStreamError ? err.message : getErrorMessage(err, 'Build request failed');
    actions.addLog(`⚠️ Build failed: ${message}`, 'error');
    actions.setPreviewUrl(null);
    actions.setStatus('Error');
  }
}

/** Spec section 4: once, 500 ms after the workspace loads, pick up a job that is still running. */
export function useAutoReconnect(enabled: boolean): void {
  const queryClient = useQueryClient();
  const store = useWorkspaceStore();
  const { actions } = store;
  const checked = useRef(false);

  useEffect(() => {
    if (!enabled || checked.current) return;
    const timer = setTimeout(async () => {
      checked.current = true;
      // A generation this page started is already followed: following it again would show it twice.
      if (store.state.isGenerating) return;
      try {
        const { jobs } = await queryClient.fetchQuery({ ...activeJobsQueryOptions, staleTime: 0 });
        const job = jobs?.[0];
        if (!job || store.state.isGenerating) return;
        actions.startGeneration(job.projectName);
        actions.setView('terminal');
        actions.addLog(`🔄 Reconnecting to the running generation of ${job.projectName}...`, 'info');
        void followAndBuild(job.id, job.projectName, actions, () => void queryClient.invalidateQueries({ queryKey: projectKeys.all }));
      } catch (err) {
        console.warn('Could not check for active generation jobs', err);
      }
    }, AUTO_RECONNECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, queryClient, actions, store]);
}
