// The file-stream protocol of the model's output (DESIGN.md): files between marker lines,
// everything else commentary. One implementation for the server (which saves files) and the
// web client (which shows them as they stream).
import { unsafePathReason } from './paths.js';

export const FILE_START_PREFIX = '<<<FILE ';
export const MARKER_SUFFIX = '>>>';
export const FILE_END_MARKER = '<<<END FILE>>>';

export type FileStreamEvent =
  /** A file opened; `continued` when the same path resumes after a cut response. */
  | { type: 'file_start'; path: string; continued: boolean }
  | { type: 'file_content'; path: string; text: string }
  /** `closedBy`: its end marker, the next file's start marker, or the end of the stream. */
  | { type: 'file_end'; path: string; closedBy: 'end_marker' | 'next_file' | 'stream_end' }
  | { type: 'commentary'; text: string }
  | { type: 'file_refused'; path: string; reason: string };

export function fileStartMarker(path: string): string {
  return `${FILE_START_PREFIX}${path}${MARKER_SUFFIX}`;
}

type Open = { path: string; refused: boolean } | null;

/**
 * Incremental parser. Feed chunks split anywhere; markers count only at the start of a line.
 * Holds back at most the start of a line that could still become a marker.
 */
export class FileStreamParser {
  private buffer = '';
  /** Whether `buffer` begins at the start of a line. */
  private atLineStart = true;
  private open: Open = null;
  /** Set by `startResponse`: the next text begins a new model response. */
  private responseBoundary = false;

  /**
   * Call before the text of a continuation response. A start marker for the open file right
   * there resumes it, joining the cut text directly, even when the cut fell mid-line.
   */
  startResponse(): FileStreamEvent[] {
    // What the cut response held back can no longer grow: settle it first.
    const events: FileStreamEvent[] = [];
    this.drain(events, true);
    this.responseBoundary = true;
    return events;
  }

  push(chunk: string): FileStreamEvent[] {
    const events: FileStreamEvent[] = [];
    this.buffer += chunk;
    this.drain(events, false);
    return events;
  }

  /** Ends the stream: completes the open file and flushes what was held back. */
  end(): FileStreamEvent[] {
    const events: FileStreamEvent[] = [];
    this.drain(events, true);
    if (this.buffer) {
      this.emitText(events, this.buffer);
      this.buffer = '';
    }
    this.closeOpen(events, 'stream_end');
    return events;
  }

  get openPath(): string | null {
    return this.open && !this.open.refused ? this.open.path : null;
  }

  private drain(events: FileStreamEvent[], final: boolean): void {
    while (this.buffer.length > 0) {
      if (this.responseBoundary) {
        if (!this.tryResume(events, final)) return;
        continue;
      }
      if (!this.atLineStart) {
        // Mid-line: everything up to and including the next newline is plain text.
        const newline = this.buffer.indexOf('\n');
        const end = newline === -1 ? this.buffer.length : newline + 1;
        this.emitText(events, this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end);
        this.atLineStart = newline !== -1;
        continue;
      }
      const newline = this.buffer.indexOf('\n');
      if (newline === -1) {
        // A partial line that may still grow into a marker waits for more text.
        if (!final && couldBeMarker(this.buffer)) return;
        if (final && this.handleMarkerLine(events, this.buffer)) {
          this.buffer = '';
          return;
        }
        this.emitText(events, this.buffer);
        this.buffer = '';
        this.atLineStart = false;
        return;
      }
      const line = this.buffer.slice(0, newline);
      if (!this.handleMarkerLine(events, line)) this.emitText(events, this.buffer.slice(0, newline + 1));
      this.buffer = this.buffer.slice(newline + 1);
      this.atLineStart = true;
    }
  }

  /** At a response boundary: a start marker for the open file resumes it without a line break. */
  private tryResume(events: FileStreamEvent[], final: boolean): boolean {
    const newline = this.buffer.indexOf('\n');
    if (newline === -1 && !final && couldBeMarker(this.buffer)) return false;
    this.responseBoundary = false;
    const line = newline === -1 ? this.buffer : this.buffer.slice(0, newline);
    const path = parseStartMarker(line);
    if (path !== null && this.open && this.open.path === path) {
      if (!this.open.refused) events.push({ type: 'file_start', path, continued: true });
      this.buffer = newline === -1 ? '' : this.buffer.slice(newline + 1);
      // The text after the marker joins the cut text: keep the line state of the cut.
      return true;
    }
    // Anything else starts on a fresh line, as a new response does.
    this.atLineStart = true;
    return true;
  }

  private handleMarkerLine(events: FileStreamEvent[], line: string): boolean {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text === FILE_END_MARKER) {
      this.closeOpen(events, 'end_marker');
      return true;
    }
    const path = parseStartMarker(text);
    if (path === null) return false;
    if (this.open && this.open.path === path) {
      if (!this.open.refused) events.push({ type: 'file_start', path, continued: true });
      return true;
    }
    this.closeOpen(events, 'next_file');
    const reason = unsafePathReason(path);
    if (reason) {
      events.push({ type: 'file_refused', path, reason });
      this.open = { path, refused: true };
    } else {
      events.push({ type: 'file_start', path, continued: false });
      this.open = { path, refused: false };
    }
    return true;
  }

  private closeOpen(events: FileStreamEvent[], closedBy: 'end_marker' | 'next_file' | 'stream_end'): void {
    if (this.open && !this.open.refused) events.push({ type: 'file_end', path: this.open.path, closedBy });
    this.open = null;
  }

  private emitText(events: FileStreamEvent[], text: string): void {
    if (!text) return;
    if (this.open) {
      if (this.open.refused) return;
      const last = events[events.length - 1];
      if (last?.type === 'file_content' && last.path === this.open.path) last.text += text;
      else events.push({ type: 'file_content', path: this.open.path, text });
    } else {
      const last = events[events.length - 1];
      if (last?.type === 'commentary') last.text += text;
      else events.push({ type: 'commentary', text });
    }
  }
}

function parseStartMarker(line: string): string | null {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (!text.startsWith(FILE_START_PREFIX) || !text.endsWith(MARKER_SUFFIX)) return null;
  const path = text.slice(FILE_START_PREFIX.length, -MARKER_SUFFIX.length).trim();
  return path.length > 0 ? path : null;
}

/** Whether a partial line could still turn out to be a marker line. */
function couldBeMarker(partial: string): boolean {
  if (FILE_START_PREFIX.startsWith(partial) || FILE_END_MARKER.startsWith(partial)) return true;
  return partial.startsWith(FILE_START_PREFIX) || partial === FILE_END_MARKER || partial === `${FILE_END_MARKER}\r`;
}

export interface ParsedFile {
  path: string;
  content: string;
  /** False while the file is still streaming. */
  complete: boolean;
}

/** Applies parser events to a map of files; what the server saves and the client shows. */
export function applyFileStreamEvents(files: Map<string, ParsedFile>, events: FileStreamEvent[]): void {
  for (const event of events) {
    if (event.type === 'file_start') {
      const existing = files.get(event.path);
      if (existing && event.continued) existing.complete = false;
      else files.set(event.path, { path: event.path, content: '', complete: false });
    } else if (event.type === 'file_content') {
      const file = files.get(event.path);
      if (file) file.content += event.text;
    } else if (event.type === 'file_end') {
      const file = files.get(event.path);
      if (file) file.complete = true;
    }
  }
}

/** Parses a whole transcript; responses after the first are continuations. */
export function parseTranscript(responses: string[] | string): { files: Map<string, ParsedFile>; events: FileStreamEvent[] } {
  const parser = new FileStreamParser();
  const events: FileStreamEvent[] = [];
  const list = typeof responses === 'string' ? [responses] : responses;
  list.forEach((response, i) => {
    if (i > 0) events.push(...parser.startResponse());
    events.push(...parser.push(response));
  });
  events.push(...parser.end());
  const files = new Map<string, ParsedFile>();
  applyFileStreamEvents(files, events);
  return { files, events };
}
