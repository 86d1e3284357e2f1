import { FileStreamParser, type FileStreamEvent } from '@forge/protocol/file-stream';
import { JOB_RECONNECT_DELAY_MS, JOB_RECONNECT_MAX_RETRIES } from '@forge/protocol/limits';
import type { JobStatus } from '@forge/protocol/api';
import type { LogType, WorkspaceActions } from '@/store/workspace';
import { readEventData } from './event-stream';

/** The events of GET /api/jobs/{id}/stream this client understands; others are ignored. */
type JobStreamEvent =
  | { type: 'content_block_delta'; delta: { type: 'text_delta'; text: string } }
  | { type: 'response_start' }
  | { type: 'error'; message?: string }
  | { type: 'log'; level?: LogType; message: string }
  | { type: 'file_saved'; path: string }
  | { type: 'status'; status: JobStatus; filesSaved?: number };

export interface JobOutcome {
  status: 'completed' | 'failed';
  filesSaved: number;
  error: string | null;
}

export interface JobStreamOptions {
  /** Defaults to the spec's 2 s; tests make it shorter. */
  retryDelayMs?: number;
  signal?: AbortSignal;
}

class JobStreamError extends Error {}

/**
 * Follows a generation job until it ends, showing its files as they stream. Reconnects from the last
 * event it saw: after a dropped connection while the job runs (spec: 3 tries, 2 s apart) and after
 * network errors. Never throws; the outcome says how the job ended.
 */
export async function followJob(jobId: string, actions: WorkspaceActions, options: JobStreamOptions = {}): Promise<JobOutcome> {
  const parser = new FileStreamParser();
  const retryDelay = options.retryDelayMs ?? JOB_RECONNECT_DELAY_MS;
  let lastEventId: string | null = null;
  let outcome: JobOutcome | null = null;
  let errorMessage: string | null = null;
  let commentary = '';

  const showCommentary = (text: string, flush = false) => {
    commentary += text;
    const lines = commentary.split('\n');
    commentary = flush ? '' : (lines.pop() ?? '');
    for (const line of lines) if (line.trim()) actions.addLog(line.trim(), 'other');
  };

  const apply = (events: FileStreamEvent[]) => {
    for (const event of events) {
      if (event.type === 'file_start') {
        if (!event.continued) actions.addFile(event.path);
      } else if (event.type === 'file_content') {
        actions.updateFileContent(event.path, event.text, 'append');
      } else if (event.type === 'file_end') {
        actions.completeFile(event.path);
        actions.addLog(`📄 ${event.path}`, 'info');
      } else if (event.type === 'commentary') {
        showCommentary(event.text);
      }
      // Refused files are reported by the server's own log events.
    }
  };

  const handle = (raw: unknown, id: string | null) => {
    if (id) lastEventId = id;
    const event = raw as JobStreamEvent;
    switch (event.type) {
      case 'content_block_delta':
        apply(parser.push(event.delta.text));
        break;
      case 'response_start':
        apply(parser.startResponse());
        actions.addLog('The agent reached its output limit and is continuing where it stopped...', 'other');
        break;
      case 'log':
        actions.addLog(event.message, event.level ?? 'info');
        break;
      case 'error':
        errorMessage = event.message || 'Job error';
        break;
      case 'status':
        if (event.status === 'completed' || event.status === 'failed') {
          outcome = { status: event.status, filesSaved: event.filesSaved ?? 0, error: errorMessage };
        }
        break;
    }
  };

  for (let retries = 0; ; ) {
    try {
      const response = await fetch(`/api/jobs/${encodeURIComponent(jobId)}/stream`, {
        credentials: 'include',
        headers: lastEventId ? { 'Last-Event-ID': lastEventId } : undefined,
        signal: options.signal,
      });
      if (!response.ok) throw new JobStreamError(`HTTP error! status: ${response.status}`);
      if (!response.body) throw new JobStreamError('Response body is not readable');
      const done = await readEventData(response.body, handle);
      if (done || outcome) {
        apply(parser.end());
        showCommentary('', true);
        return outcome ?? { status: errorMessage ? 'failed' : 'completed', filesSaved: 0, error: errorMessage };
      }
      // The stream ended early: ask how the job is doing before reconnecting.
      const status = await jobStatus(jobId);
      if (status === 'completed' || status === 'failed') {
        retries = 0;
        continue; // A last read returns the rest of the events and [DONE].
      }
      if (status !== 'running' || retries >= JOB_RECONNECT_MAX_RETRIES) throw new JobStreamError('Connection lost and max retries exceeded');
    } catch (err) {
      if (options.signal?.aborted) return { status: 'failed', filesSaved: 0, error: 'Stopped' };
      const isNetworkError = err instanceof TypeError;
      if (!isNetworkError || retries >= JOB_RECONNECT_MAX_RETRIES) {
        const message = err instanceof Error ? err.message : 'Job error';
        return { status: 'failed', filesSaved: 0, error: isNetworkError ? 'Connection lost and max retries exceeded' : message };
      }
    }
    retries += 1;
    actions.addLog(`Connection lost. Reconnecting (${retries}/${JOB_RECONNECT_MAX_RETRIES})...`, 'warning');
    await new Promise((resolve) => setTimeout(resolve, retryDelay));
  }
}

async function jobStatus(jobId: string): Promise<JobStatus> {
  const response = await fetch(`/api/jobs/${encodeURIComponent(jobId)}/status`, { credentials: 'include' });
  if (!response.ok) throw new JobStreamError('Failed to fetch job status');
  return ((await response.json()) as { status: JobStatus }).status;
}
