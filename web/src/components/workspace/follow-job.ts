import { FileStreamParser, type FileStreamEvent } from '@forge/protocol/file-stream';
import type { JobStreamEvent } from '@forge/protocol/streams';
import { followJobStream, type JobOutcome, type JobStreamOptions } from '@/api/streams/job-stream';
import type { WorkspaceActions } from '@/store/workspace';

/**
 * Follows a generation job into the workspace: its files appear as they stream, the agent's
 * commentary and the server's log lines go to the terminal, reconnects are announced there.
 * Never throws; the outcome says how the job ended.
 */
export async function followJob(jobId: string, actions: WorkspaceActions, options: JobStreamOptions = {}): Promise<JobOutcome> {
  const parser = new FileStreamParser();
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

  const onEvent = (event: JobStreamEvent) => {
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
      // The outcome carries the job's error and final status.
    }
  };

  return followJobStream(
    jobId,
    {
      onEvent,
      onReconnecting: (attempt, maxRetries) => actions.addLog(`Connection lost. Reconnecting (${attempt}/${maxRetries})...`, 'warning'),
      onStreamEnd: () => {
        apply(parser.end());
        showCommentary('', true);
      },
    },
    options,
  );
}
