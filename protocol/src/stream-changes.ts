// What one model answer asks to change, gathered from the parser's events in the order it wrote them.
import { type FileStreamEvent, FileStreamParser } from './file-stream.js';

export interface SearchReplacePair {
  search: string;
  /** Null when the answer never opened a REPLACE section for this SEARCH. */
  replace: string | null;
}

export type StreamChange =
  /** A whole file, new or rewritten. */
  | { kind: 'file'; path: string; content: string; complete: boolean }
  /** SEARCH/REPLACE pairs applied in order to the file as it stands; `stray` is text outside any pair. */
  | { kind: 'edit'; path: string; pairs: SearchReplacePair[]; stray: string; complete: boolean }
  | { kind: 'delete'; path: string };

/** Applies parser events as they come; `changes` is what the answer asked for so far. */
export class ChangeCollector {
  readonly changes: StreamChange[] = [];
  /** The block the parser has open, which continuations extend. */
  private open: Extract<StreamChange, { kind: 'file' | 'edit' }> | null = null;
  private section: 'search' | 'replace' | null = null;

  apply(events: readonly FileStreamEvent[]): void {
    for (const event of events) this.applyOne(event);
  }

  private applyOne(event: FileStreamEvent): void {
    switch (event.type) {
      case 'file_start':
        if (!(event.continued && this.open?.kind === 'file' && this.open.path === event.path)) {
          this.open = { kind: 'file', path: event.path, content: '', complete: false };
          this.changes.push(this.open);
        }
        this.open.complete = false;
        break;
      case 'file_content':
        if (this.open?.kind === 'file') this.open.content += event.text;
        break;
      case 'edit_start':
        if (!(event.continued && this.open?.kind === 'edit' && this.open.path === event.path)) {
          this.open = { kind: 'edit', path: event.path, pairs: [], stray: '', complete: false };
          this.section = null;
          this.changes.push(this.open);
        }
        this.open.complete = false;
        break;
      case 'edit_section':
        if (this.open?.kind !== 'edit') break;
        if (event.section === 'search' || this.open.pairs.length === 0 || this.section === 'replace') {
          // A REPLACE with no SEARCH of its own starts a pair with an empty SEARCH, which the checks refuse.
          this.open.pairs.push({ search: '', replace: event.section === 'replace' ? '' : null });
        } else {
          this.open.pairs[this.open.pairs.length - 1]!.replace = '';
        }
        this.section = event.section;
        break;
      case 'edit_content': {
        if (this.open?.kind !== 'edit') break;
        const pair = this.open.pairs[this.open.pairs.length - 1];
        if (!pair || this.section === null) this.open.stray += event.text;
        else if (this.section === 'search') pair.search += event.text;
        else pair.replace = (pair.replace ?? '') + event.text;
        break;
      }
      case 'file_end':
      case 'edit_end':
        if (this.open && this.open.path === event.path) this.open.complete = true;
        this.open = null;
        this.section = null;
        break;
      case 'file_delete':
        this.open = null;
        this.changes.push({ kind: 'delete', path: event.path });
        break;
      default:
        break;
    }
  }
}

/** Parses whole responses (the second and later ones continuations) into the changes they ask for. */
export function parseChanges(responses: string[] | string): StreamChange[] {
  const parser = new FileStreamParser();
  const collector = new ChangeCollector();
  const list = typeof responses === 'string' ? [responses] : responses;
  list.forEach((response, i) => {
    if (i > 0) collector.apply(parser.startResponse());
    collector.apply(parser.push(response));
  });
  collector.apply(parser.end());
  return collector.changes;
}
