// The file-stream protocol of the model's output: whole files, and (in edits and fixes) EDIT
// blocks of SEARCH/REPLACE pairs and DELETE lines, between marker lines; everything else is
// commentary. One implementation for the server (which saves files) and the web client (which
// shows them as they stream).
import { unsafePathReason } from './paths.js';

export const FILE_START_PREFIX = '<<<FILE ';
export const EDIT_START_PREFIX = '<<<EDIT ';
export const DELETE_PREFIX = '<<<DELETE ';
export const MARKER_SUFFIX = '>>>';
export const FILE_END_MARKER = '<<<END FILE>>>';
export const EDIT_END_MARKER = '<<<END EDIT>>>';
export const SEARCH_MARKER = '<<<SEARCH>>>';
export const REPLACE_MARKER = '<<<REPLACE>>>';

export type BlockClosedBy = 'end_marker' | 'next_file' | 'stream_end';

export type FileStreamEvent =
  /** A file opened; `continued` when the same path resumes after a cut response. */
  | { type: 'file_start'; path: string; continued: boolean }
  | { type: 'file_content'; path: string; text: string }
  /** `closedBy`: its end marker, the next block's start marker, or the end of the stream. */
  | { type: 'file_end'; path: string; closedBy: BlockClosedBy }
  /** An EDIT block opened (or, `continued`, resumed after a cut response). */
  | { type: 'edit_start'; path: string; continued: boolean }
  /** A SEARCH text begins (a new pair), or its REPLACE text. */
  | { type: 'edit_section'; path: string; section: 'search' | 'replace' }
  /** Text of the section last opened; before the first SEARCH it belongs to no pair. */
  | { type: 'edit_content'; path: string; text: string }
  | { type: 'edit_end'; path: string; closedBy: BlockClosedBy }
  | { type: 'file_delete'; path: string }
  | { type: 'commentary'; text: string }
  | { type: 'file_refused'; path: string; reason: string };

export function fileStartMarker(path: string): string {
  return `${FILE_START_PREFIX}${path}${MARKER_SUFFIX}`;
}

export function editStartMarker(path: string): string {
  return `${EDIT_START_PREFIX}${path}${MARKER_SUFFIX}`;
}

export function deleteMarker(path: string): string {
  return `${DELETE_PREFIX}${path}${MARKER_SUFFIX}`;
}

type BlockKind = 'file' | 'edit';
type Open = { kind: BlockKind; path: string; refused: boolean } | null;

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

  /** The file (or edited file) being written, if any. */
  get openPath(): string | null {
    return this.open && !this.open.refused ? this.open.path : null;
  }

  /** The block being written and its kind, if any: what a continuation must resume. */
  get openBlock(): { kind: 'file' | 'edit'; path: string } | null {
    return this.open && !this.open.refused ? { kind: this.open.kind, path: this.open.path } : null;
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
    const start = parseStartMarker(line);
    if (start && this.open && this.open.kind === start.kind && this.open.path === start.path) {
      if (!this.open.refused) events.push({ type: start.kind === 'file' ? 'file_start' : 'edit_start', path: start.path, continued: true });
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
    // Either end marker closes whatever block is open: a model that mixes them up loses nothing.
    if (text === FILE_END_MARKER || text === EDIT_END_MARKER) {
      this.closeOpen(events, 'end_marker');
      return true;
    }
    if (text === SEARCH_MARKER || text === REPLACE_MARKER) {
      // Section markers mean something only inside an EDIT block; in a file they are its text.
      if (this.open?.kind !== 'edit') return false;
      if (!this.open.refused) events.push({ type: 'edit_section', path: this.open.path, section: text === SEARCH_MARKER ? 'search' : 'replace' });
      return true;
    }
    const deleted = parsePathMarker(text, DELETE_PREFIX);
    if (deleted !== null) {
      this.closeOpen(events, 'next_file');
      const reason = unsafePathReason(deleted);
      events.push(reason ? { type: 'file_refused', path: deleted, reason } : { type: 'file_delete', path: deleted });
      return true;
    }
    const start = parseStartMarker(text);
    if (start === null) return false;
    if (this.open && this.open.kind === start.kind && this.open.path === start.path) {
      if (!this.open.refused) events.push({ type: start.kind === 'file' ? 'file_start' : 'edit_start', path: start.path, continued: true });
      return true;
    }
    this.closeOpen(events, 'next_file');
    const reason = unsafePathReason(start.path);
    if (reason) {
      events.push({ type: 'file_refused', path: start.path, reason });
      this.open = { kind: start.kind, path: start.path, refused: true };
    } else {
      events.push({ type: start.kind === 'file' ? 'file_start' : 'edit_start', path: start.path, continued: false });
      this.open = { kind: start.kind, path: start.path, refused: false };
    }
    return true;
  }

  private closeOpen(events: FileStreamEvent[], closedBy: BlockClosedBy): void {
    if (this.open && !this.open.refused) events.push({ type: this.open.kind === 'file' ? 'file_end' : 'edit_end', path: this.open.path, closedBy });
    this.open = null;
  }

  private emitText(events: FileStreamEvent[], text: string): void {
    if (!text) return;
    if (this.open) {
      if (this.open.refused) return;
      const type = this.open.kind === 'file' ? 'file_content' : 'edit_content';
      const last = events[events.length - 1];
      if (last?.type === type && last.path === this.open.path) last.text += text;
      else events.push({ type, path: this.open.path, text });
    } else {
      const last = events[events.length - 1];
      if (last?.type === 'commentary') last.text += text;
      else events.push({ type: 'commentary', text });
    }
  }
}

function parsePathMarker(text: string, prefix: string): string | null {
  if (!text.startsWith(prefix) || !text.endsWith(MARKER_SUFFIX)) return null;
  const path = text.slice(prefix.length, -MARKER_SUFFIX.length).trim();
  return path.length > 0 ? path : null;
}

function parseStartMarker(line: string): { kind: BlockKind; path: string } | null {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  const file = parsePathMarker(text, FILE_START_PREFIX);
  if (file !== null) return { kind: 'file', path: file };
  const edit = parsePathMarker(text, EDIT_START_PREFIX);
  return edit === null ? null : { kind: 'edit', path: edit };
}

const PATH_PREFIXES = [FILE_START_PREFIX, EDIT_START_PREFIX, DELETE_PREFIX];
const WHOLE_MARKERS = [FILE_END_MARKER, EDIT_END_MARKER, SEARCH_MARKER, REPLACE_MARKER];

/** Whether a partial line could still turn out to be a marker line. */
function couldBeMarker(partial: string): boolean {
  for (const marker of PATH_PREFIXES) if (marker.startsWith(partial) || partial.startsWith(marker)) return true;
  for (const marker of WHOLE_MARKERS) if (marker.startsWith(partial) || partial === `${marker}\r`) return true;
  return false;
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
