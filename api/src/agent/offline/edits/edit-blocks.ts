// Line changes of a file written as an EDIT block of the file-stream protocol, as a model would:
// SEARCH/REPLACE pairs that each match exactly once where they apply.
import { EDIT_END_MARKER, REPLACE_MARKER, SEARCH_MARKER, editStartMarker } from '@forge/protocol/file-stream';

export class FileEdit {
  private readonly lines: string[];
  /** The last real line: a final newline leaves an empty string after it that no quote may take. */
  private readonly last: number;
  private readonly pairs: Array<[string, string]> = [];

  constructor(
    readonly path: string,
    content: string,
  ) {
    this.lines = content.split('\n');
    this.last = content.endsWith('\n') ? this.lines.length - 2 : this.lines.length - 1;
  }

  get changed(): boolean {
    return this.pairs.length > 0;
  }

  /** The file as the changes so far leave it. */
  get content(): string {
    return this.lines.join('\n');
  }

  /** Replaces line `index` (0-based) with `text`, quoting lines around it until the quote is unique. */
  setLine(index: number, text: string): void {
    this.setLines(index, index, [text]);
  }

  /** Replaces lines `from` to `to` (inclusive, 0-based) with `replacement`, quoting lines around them until the quote is unique. */
  setLines(from: number, to: number, replacement: string[]): void {
    if (replacement.join('\n') === this.block(from, to)) return;
    const current = this.lines.join('\n');
    let [start, end] = [from, to];
    while (occurrences(current, this.block(start, end)) > 1 && (start > 0 || end < this.last)) {
      if (start > 0) start--;
      if (end < this.last) end++;
    }
    const search = this.block(start, end);
    this.lines.splice(from, to - from + 1, ...replacement);
    this.pairs.push([search, this.block(start, end - (to - from + 1) + replacement.length)]);
  }

  render(): string {
    const body = this.pairs.flatMap(([search, replace]) => [SEARCH_MARKER, search, REPLACE_MARKER, replace]);
    return [editStartMarker(this.path), ...body, EDIT_END_MARKER].join('\n');
  }

  private block(from: number, to: number): string {
    return this.lines.slice(from, to + 1).join('\n');
  }
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/**
 * An EDIT block turning `before` into `after`, one pair per run of changed lines, when both have
 * the same number of lines (changed values, not moved code); null otherwise or when nothing changed.
 */
export function lineEdit(path: string, before: string, after: string): FileEdit | null {
  const old = before.split('\n');
  const next = after.split('\n');
  if (old.length !== next.length) return null;
  const edit = new FileEdit(path, before);
  for (let i = 0; i < old.length; i++) {
    if (old[i] === next[i]) continue;
    let end = i;
    while (end + 1 < old.length && old[end + 1] !== next[end + 1]) end++;
    edit.setLines(i, end, next.slice(i, end + 1));
    i = end;
  }
  return edit.changed ? edit : null;
}
