import { type LogLevel, type RunEvent, type RunResult, levelOfLine } from '@forge/protocol/runs';
import { type RunStop, runStopOf } from '../runs/runs.service.js';

/** What one build shows and stores of its commands' output; beyond either limit, output is counted, not kept. */
export const MAX_OUTPUT_CHARS = 1_000_000;
export const MAX_OUTPUT_LINES = 10_000;

export const OUTPUT_CAP_NOTICE = `✂️ The build log is limited to 1 MB (${MAX_OUTPUT_LINES.toLocaleString('en-US')} lines) of output: the rest of the output is not shown or stored`;

/** Appends an event to the run's log and answers it as kept (masked). */
export type RunEventSink = <E extends RunEvent>(event: E) => E;

/**
 * One build (or fix) of one project, as its events go into its run's log. Its commands' output has
 * a size cap, said in the log when reached; the platform's own lines (steps, verdicts) always show,
 * each with the level it is written with; a command's lines get theirs from `levelOfLine`.
 */
export class BuildRun {
  /** The log lines as kept (masked), for the build's record. */
  readonly lines: string[] = [];
  private outputChars = 0;
  private outputLines = 0;
  private droppedLines = 0;
  private capped = false;
  finished = false;
  /** The platform's latest line. */
  step = 'starting';
  succeeded = false;
  /** Why it failed, for the run's record. */
  failure: string | null = null;
  readonly controller = new AbortController();
  /**
   * Set once a stopped build has ended its own steps and puts the last good build back: from then on
   * its container must not be stopped again under the preview being restored.
   */
  restoringAfterStop = false;
  /** The platform's latest stop of the container for this build's stop; the restore waits for it to end. */
  containerStop: Promise<void> = Promise.resolve();

  /** Why the platform stopped this build (an operator, a drain, a restart), once it did; recorded before its container stops. */
  platformStop(): RunStop | null {
    return runStopOf(this.controller.signal);
  }

  constructor(
    readonly id: string,
    readonly projectId: string,
    private readonly sink: RunEventSink = (event) => event,
  ) {}

  /** The run's first event. */
  started(kind: 'build' | 'fix', projectName: string): void {
    this.sink({ type: 'started', runId: this.id, kind, projectName });
  }

  /** A line of the platform's own; the latest says what the build is doing. */
  log(text: string, level: LogLevel = 'info', diff = false): void {
    if (this.finished) return;
    this.step = text;
    this.push(text, level, diff);
  }

  /** A line a command in the sandbox printed. */
  output(text: string): void {
    if (this.finished) return;
    if (this.capped || this.outputChars + text.length > MAX_OUTPUT_CHARS || this.outputLines >= MAX_OUTPUT_LINES) {
      if (!this.capped) this.log(OUTPUT_CAP_NOTICE, 'warning');
      this.capped = true;
      this.droppedLines++;
      return;
    }
    this.outputChars += text.length + 1;
    this.outputLines++;
    this.push(text, levelOfLine(text), false);
  }

  /** Says how many output lines a command printed beyond the cap. */
  flushDropped(): void {
    if (this.droppedLines === 0) return;
    const dropped = this.droppedLines;
    this.droppedLines = 0;
    this.log(`… ${dropped.toLocaleString('en-US')} more line${dropped === 1 ? '' : 's'} of output not shown`, 'warning');
  }

  result(success: boolean, previewUrl: string | null, outcome: Pick<RunResult, 'failedAt' | 'check' | 'waitingForSecrets'> = {}): void {
    if (this.finished) return;
    this.succeeded = success;
    this.sink({ type: 'result', success, previewUrl, ...outcome });
  }

  error(error: string, details?: string): void {
    if (this.finished) return;
    const kept = this.sink({ type: 'error', message: error, ...(details === undefined ? {} : { details }) });
    this.lines.push(kept.details ? `❌ ${kept.message}: ${kept.details}` : `❌ ${kept.message}`);
  }

  /** No more events: what a step given up on still logs is dropped. */
  finish(): void {
    if (this.finished) return;
    this.flushDropped();
    this.finished = true;
  }

  private push(text: string, level: LogLevel, diff: boolean): void {
    const kept = this.sink({ type: 'log', level, message: text, ...(diff ? { diff: true as const } : {}) });
    this.lines.push(kept.message);
  }
}
