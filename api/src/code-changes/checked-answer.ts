// One model answer of an edit or a fix, read as it streams and checked whole before anything is
// written: a failing answer goes back to the model once, naming each failing block and why.
import type { LogLevel } from '@forge/protocol/runs';
import { type FileStreamEvent, FileStreamParser } from '@forge/protocol/file-stream';
import { ChangeCollector, type StreamChange } from '@forge/protocol/stream-changes';
import { type AgentEvent, type AnswerRetry, modelBusyMessage } from '../agent/agent.service.js';
import { type ChangeProblem, type CheckedChanges, checkChanges, describeProblems } from './change-check.js';

export interface AnswerSource {
  /** Starts an answer of the model; `retry` carries a refused first answer and why. */
  ask(retry?: AnswerRetry): AsyncIterable<AgentEvent>;
  /** A file of the project as it stands (null: no such file, or not text). */
  current(path: string): Promise<string | null>;
  /** A line for the log people watch: the model's commentary, refused paths, and what the hooks below add. */
  log(line: string, level?: LogLevel): void;
  /** Each block the answer opens or deletes, for progress lines. */
  onBlock?(event: Extract<FileStreamEvent, { type: 'file_start' | 'edit_start' | 'file_delete' }>): void;
  /** The answer was cut at the output limit and the model continues it; `turn` counts responses. */
  onContinued?(turn: number): void;
  /** What one model call of the answer used, after it: where it is recorded and charged. */
  usage?(call: { inputTokens: number; outputTokens: number }): Promise<void> | void;
  /** Before another model call (a continuation or the second answer); throwing stops the answer there. */
  beforeNextCall?(): void;
}

export type CheckedAnswer =
  /** `parsed`: what the answer asked, to check again should the project change before it is applied. */
  { ok: true; changes: CheckedChanges; parsed: StreamChange[]; answers: number } | { ok: false; problems: ChangeProblem[]; answers: number };

const MAX_COMMENTARY_LINES = 4;
const MAX_COMMENTARY_CHARS = 300;

/** Reads the model's answer, checks it, and asks once more when it fails; nothing is written here. */
export async function checkedAnswer(source: AnswerSource): Promise<CheckedAnswer> {
  let retry: AnswerRetry | undefined;
  for (let answers = 1; ; answers++) {
    const { text, collector } = await readAnswer(source, retry);
    const result = await checkChanges(collector.changes, source.current);
    if (result.ok) return { ok: true, changes: result.changes, parsed: collector.changes, answers };
    if (answers >= 2) {
      for (const problem of result.problems) source.log(`❌ ${problem.block}: ${problem.reason}`, 'error');
      return { ok: false, problems: result.problems, answers };
    }
    source.beforeNextCall?.();
    source.log('⚠️ The answer could not be applied as written, so nothing was written. Asking the agent once more:', 'warning');
    for (const problem of result.problems) source.log(`   • ${problem.block}: ${problem.reason}`);
    retry = { answer: text, feedback: retryFeedback(result.problems) };
  }
}

/** What the model is told when its answer failed the checks. */
export function retryFeedback(problems: readonly ChangeProblem[]): string {
  return [
    'Your answer could not be applied, so nothing was written. These blocks failed:',
    describeProblems(problems),
    '',
    'Write your whole answer again: every change, not only the failed blocks. Quote each SEARCH text exactly as the file shows it now,',
    'with its indentation, and with enough lines that it occurs once; write whole files without placeholders; EDIT only files that exist.',
  ].join('\n');
}

async function readAnswer(source: AnswerSource, retry: AnswerRetry | undefined): Promise<{ text: string; collector: ChangeCollector }> {
  const parser = new FileStreamParser();
  const collector = new ChangeCollector();
  const commentary = new CommentaryLog(source.log);
  let text = '';
  let turn = 1;
  const handle = (events: FileStreamEvent[]) => {
    collector.apply(events);
    for (const event of events) {
      if (event.type === 'commentary') commentary.push(event.text);
      else if ((event.type === 'file_start' || event.type === 'edit_start') && !event.continued) source.onBlock?.(event);
      else if (event.type === 'file_delete') source.onBlock?.(event);
      else if (event.type === 'file_refused') source.log(`⚠️ Refused file "${event.path}": ${event.reason}`, 'warning');
    }
  };
  for await (const event of source.ask(retry)) {
    if (event.type === 'text') {
      text += event.text;
      handle(parser.push(event.text));
    } else if (event.type === 'response_start') {
      source.beforeNextCall?.();
      handle(parser.startResponse());
      source.onContinued?.(++turn);
    } else if (event.type === 'retry') {
      source.log(modelBusyMessage(event), 'warning');
    } else if (event.type === 'usage') {
      await source.usage?.(event.call);
    }
  }
  handle(parser.end());
  commentary.end();
  return { text, collector };
}

/** The model's commentary as `💬` lines: whole lines, trimmed, blank ones skipped, a few at most. */
class CommentaryLog {
  private pending = '';
  private logged = 0;

  constructor(private readonly log: (line: string) => void) {}

  push(text: string): void {
    this.pending += text;
    const lines = this.pending.split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.emit(line);
  }

  end(): void {
    this.emit(this.pending);
    this.pending = '';
  }

  private emit(line: string): void {
    const text = line.trim();
    if (!text || this.logged >= MAX_COMMENTARY_LINES) return;
    this.logged++;
    this.log(`💬 ${text.length > MAX_COMMENTARY_CHARS ? `${text.slice(0, MAX_COMMENTARY_CHARS - 1)}…` : text}`);
  }
}
