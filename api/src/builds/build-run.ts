import type { BuildResult, BuildStreamEvent } from '@forge/protocol/streams';
import { type SseChunk, type SseMessage, type SseSource, sseEvent } from '../common/http/sse.js';
import { Channel } from '../common/streams/channel.js';
import type { StoredEvent } from '../common/streams/stored-event-followers.js';

/** What one build shows and stores of its commands' output; beyond either limit, output is counted, not kept. */
export const MAX_OUTPUT_CHARS = 1_000_000;
export const MAX_OUTPUT_LINES = 10_000;
/** Hides secret values in a line of text. */
export type LineMask = (text: string) => string;

export const OUTPUT_CAP_NOTICE = `✂️ The build log is limited to 1 MB (${MAX_OUTPUT_LINES.toLocaleString('en-US')} lines) of output: the rest of the output is not shown or stored`;

/**
 * One build of one project, with every event it sent so far: a second request for the same
 * project on this replica attaches to it and sees the whole stream, as does a reload; each event
 * is also handed to `store`, so viewers on other replicas follow it. Its commands' output has a
 * size cap, said in the log when reached; the platform's own lines (steps, verdicts) always show.
 */
export class BuildRun {
  private readonly events: SseMessage[] = [];
  readonly lines: string[] = [];
  private readonly viewers = new Set<Channel<SseChunk>>();
  private outputChars = 0;
  private outputLines = 0;
  private droppedLines = 0;
  private capped = false;
  finished = false;
  /** The platform's latest line. */
  step = 'starting';
  succeeded = false;
  readonly controller = new AbortController();
  private mask: LineMask = (text) => text;

  constructor(
    readonly id: string,
    readonly projectId: string,
    private readonly store: (event: StoredEvent) => void = () => {},
  ) {}

  /** The project's secrets to hide from here on; set before the first line. */
  useMask(mask: LineMask): void {
    this.mask = mask;
  }

  /** A line of the platform's own; the latest says what the build is doing. */
  log(text: string): void {
    if (this.finished) return;
    this.step = text;
    this.push(text);
  }

  /** A line a command in the sandbox printed. */
  output(text: string): void {
    if (this.finished) return;
    if (this.capped || this.outputChars + text.length > MAX_OUTPUT_CHARS || this.outputLines >= MAX_OUTPUT_LINES) {
      if (!this.capped) this.log(OUTPUT_CAP_NOTICE);
      this.capped = true;
      this.droppedLines++;
      return;
    }
    this.outputChars += text.length + 1;
    this.outputLines++;
    this.push(text);
  }

  /** Says how many output lines a command printed beyond the cap. */
  flushDropped(): void {
    if (this.droppedLines === 0) return;
    const dropped = this.droppedLines;
    this.droppedLines = 0;
    this.log(`… ${dropped.toLocaleString('en-US')} more line${dropped === 1 ? '' : 's'} of output not shown`);
  }

  result(success: boolean, previewUrl: string | null, outcome: Pick<BuildResult, 'failedAt' | 'check'> = {}): void {
    if (this.finished) return;
    this.succeeded = success;
    this.send({ type: 'result', data: { success, previewUrl, ...outcome } });
  }

  error(rawError: string, rawDetails?: string): void {
    if (this.finished) return;
    const error = this.mask(rawError);
    const details = rawDetails === undefined ? undefined : this.mask(rawDetails);
    this.lines.push(details ? `❌ ${error}: ${details}` : `❌ ${error}`);
    this.send({ type: 'error', data: { error, details } });
  }

  finish(): void {
    if (this.finished) return;
    this.flushDropped();
    this.send({ type: 'done' });
    this.finished = true;
    for (const viewer of this.viewers) viewer.end();
    this.viewers.clear();
  }

  /** Everything so far in one write, then each event as it comes; a viewer that goes away is dropped. */
  attach(): SseSource {
    const viewer: Channel<SseChunk> = new Channel(() => this.viewers.delete(viewer));
    if (this.events.length > 0) viewer.push([...this.events]);
    if (this.finished) viewer.end();
    else this.viewers.add(viewer);
    return viewer;
  }

  private push(raw: string): void {
    const line = this.mask(raw);
    this.lines.push(line);
    this.send({ type: 'log', data: line });
  }

  private send(event: BuildStreamEvent): void {
    const message = sseEvent(event, this.events.length + 1);
    this.events.push(message);
    this.store({ seq: message.id!, type: event.type, payload: message.data });
    for (const viewer of this.viewers) viewer.push(message);
  }
}
