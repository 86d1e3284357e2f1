import { FileStreamParser, type FileStreamEvent } from '@forge/protocol/file-stream';
import type { RunEvent } from '@forge/protocol/runs';
import type { WorkspaceActions } from '@/store/workspace';

/** How a kind of run shows in the workspace: a generation streams files, an edit changes them and shows its preview, a build (or a fix) logs its errors as they come. */
export type WorkspaceRunKind = 'generation' | 'edit' | 'build';

export interface WorkspaceRunOptions {
  kind: WorkspaceRunKind;
  /** Drops what is cached of a file the run changed on disk, so it is read again when shown. */
  forgetFile?: (path: string) => void;
}

/** The workspace side of one run, fed its events in order. */
export interface WorkspaceRun {
  onEvent(event: RunEvent): void;
  /** The run's stream reached its end: a file the agent left open is completed, its last commentary shown. */
  finish(): void;
  /** A preview event was shown (edits). */
  readonly previewed: boolean;
  /** An error event is in the terminal already (builds). */
  readonly errorLogged: boolean;
}

/**
 * The one place run events reach the workspace store: terminal lines at the level the server gave,
 * files as a generation streams them, files an edit or a fix changed, an edit's preview.
 */
export function workspaceRun(actions: WorkspaceActions, { kind, forgetFile }: WorkspaceRunOptions): WorkspaceRun {
  const parser = new FileStreamParser();
  let commentary = '';
  let previewed = false;
  let errorLogged = false;

  const showCommentary = (text: string, flush = false) => {
    commentary += text;
    const lines = commentary.split('\n');
    commentary = flush ? '' : (lines.pop() ?? '');
    for (const line of lines) if (line.trim()) actions.addLog(line.trim(), 'other');
  };

  const showFiles = (events: FileStreamEvent[]) => {
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

  const onEvent = (event: RunEvent) => {
    switch (event.type) {
      case 'text':
        showFiles(parser.push(event.text));
        break;
      case 'continued':
        showFiles(parser.startResponse());
        actions.addLog('The agent reached its output limit and is continuing where it stopped...', 'other');
        break;
      case 'log':
        // Inline diff markers (`diff`) are drawn by the terminal line itself.
        actions.addLog(event.message, event.level);
        break;
      case 'file':
        // A generation's saved files are shown as they stream; changes of an edit or a fix are read again.
        if (event.change === 'saved') break;
        forgetFile?.(event.path);
        actions.changeFile(event.path, event.change);
        if (kind === 'edit') actions.setStatus('Building');
        break;
      case 'preview':
        // A generation's live preview shows as soon as its dev server answers.
        if (kind === 'generation' && event.live) {
          actions.setPreviewUrl(event.previewUrl, true);
          break;
        }
        // A build's preview is its result's; an edit's shows as soon as it answers.
        if (kind !== 'edit') break;
        previewed = true;
        actions.setPreviewUrl(event.previewUrl);
        break;
      case 'error':
        // A build's errors show as they come; a generation's and an edit's end it, and are shown then.
        if (kind !== 'build') break;
        actions.addLog(event.details ? `❌ ${event.message || 'Build error'}: ${event.details}` : `❌ ${event.message || 'Build error'}`, 'error');
        errorLogged = true;
        break;
      // started, usage, result, end: the outcome says how the run ended.
    }
  };

  return {
    onEvent,
    finish() {
      showFiles(parser.end());
      showCommentary('', true);
    },
    get previewed() {
      return previewed;
    },
    get errorLogged() {
      return errorLogged;
    },
  };
}
