// Log lines that show what an automatic fix changed, in the build log's inline diff notation:
// `[-removed-]` and `{+added+}`, as `git diff --word-diff=plain` writes them (the web client's
// parser is web/src/components/workspace/diff-markers.ts).
//
// The notation has no escapes: a marker ends at the first `-]` (or `+}`) after it starts. Code that
// contains one of those closing sequences inside a change is split into two adjacent markers,
// `a-]b` becoming `[-a--][-]b-]`, which reads back exactly as `a-]b` (the viewer shows two touching
// spans). Unchanged code is written as it is: a `[-x-]` or `{+x+}` in it would show as a change,
// which is rare in real code and only affects how the line looks.
import { type ChangeObject, diffArrays, diffLines, diffWordsWithSpace } from 'diff';

const MAX_LINES_PER_FILE = 6;
/** Files larger than this (either side, in characters) are not diffed: a diff's cost grows with the square of its changes. */
const MAX_DIFF_CHARS = 1024 * 1024;
/** Lines added plus removed past which the line diff stops. */
const MAX_EDIT_LENGTH = 3_000;
/** Lines longer than this are shown whole rather than diffed word by word. */
const MAX_WORD_DIFF_LINE_CHARS = 2_000;
/** How a file past these bounds is logged. */
export const TOO_LARGE_TO_SHOW = 'too large to show line by line';
/** Unchanged text kept on each side of a change. */
const CONTEXT_CHARS = 40;
const MAX_CHANGE_CHARS = 80;
const MAX_WHOLE_LINE_CHARS = 120;
/** Changed regions up to this size are aligned line by line; larger ones pair up in order. */
const MAX_ALIGNED_LINES = 200;
const TOKEN = /\w+|[^\s\w]/g;

interface ChangedLine {
  /** 1-based, in the new file. */
  line: number;
  text: string;
}

/**
 * What a fix did to one file: `➕ path (N lines)` for a new file, `🗑️ path` for a removed one,
 * else up to six `✏️ path:line  text with [-old-]{+new+}` lines and `… and N more changed lines`.
 * `null` content means the file does not exist on that side. Bounded: a file too large, or changed
 * too much to diff within `timeoutMs`, is one `✏️ path (too large to show line by line)` line.
 */
export function wordDiffLines(path: string, before: string | null, after: string | null, options: { timeoutMs?: number } = {}): string[] {
  if (after === null) return before === null ? [] : [`🗑️ ${path}`];
  if (before === null) return [`➕ ${path} (${plural(splitLines(after).length, 'line')})`];
  if (before === after) return [];

  const tooLarge = [`✏️ ${path} (${TOO_LARGE_TO_SHOW})`];
  if (before.length > MAX_DIFF_CHARS || after.length > MAX_DIFF_CHARS) return tooLarge;
  const parts = diffLines(before, after, { timeout: options.timeoutMs ?? 1_000, maxEditLength: MAX_EDIT_LENGTH });
  if (!parts) return tooLarge;
  const changed = changedLines(parts, after, MAX_LINES_PER_FILE);
  if (changed.total === 0) return [`✏️ ${path} (line endings only)`];
  const shown = changed.shown.map((change) => `✏️ ${path}:${change.line}  ${change.text}`);
  const hidden = changed.total - shown.length;
  if (hidden > 0) shown.push(`… and ${hidden} more changed ${hidden === 1 ? 'line' : 'lines'}`);
  return shown;
}

/** Wraps removed text in `[-…-]`, splitting it where it contains `-]` itself. */
export function removedMarker(text: string): string {
  return `[-${text.replaceAll('-]', '--][-]')}-]`;
}

/** Wraps added text in `{+…+}`, splitting it where it contains `+}` itself. */
export function addedMarker(text: string): string {
  return `{+${text.replaceAll('+}', '++}{+}')}+}`;
}

/** The first `limit` changed lines, written out, and how many changed in all. */
function changedLines(parts: ChangeObject<string>[], after: string, limit: number): { shown: ChangedLine[]; total: number } {
  const newLineCount = splitLines(after).length;
  const changes: ChangedLine[] = [];
  let total = 0;
  // Only the lines shown are written out; the others are counted.
  const add = (change: () => ChangedLine) => {
    if (total++ < limit) changes.push(change());
  };
  let newLine = 1;
  for (let k = 0; k < parts.length; k++) {
    if (!parts[k].added && !parts[k].removed) {
      newLine += splitLines(parts[k].value).length;
      continue;
    }
    // A changed region: consecutive removed and added parts, in whichever order they come.
    const removed: string[] = [];
    const added: string[] = [];
    for (; k < parts.length && (parts[k].added || parts[k].removed); k++) for (const line of splitLines(parts[k].value)) (parts[k].added ? added : removed).push(line);
    k--;

    if (total >= limit) {
      // Past the lines shown, a region counts as its longer side: pairing its lines costs more than the count is worth.
      total += Math.max(removed.length, added.length);
      newLine += added.length;
      continue;
    }
    const at = newLine;
    for (const pair of pairLines(removed, added)) {
      const { old: oldText, new: newText } = pair;
      if (oldText !== null && newText !== null) {
        if (oldText !== newText) add(() => ({ line: at + pair.newIndex, text: inlineDiff(oldText, newText) }));
      } else if (newText !== null) {
        add(() => ({ line: at + pair.newIndex, text: addedMarker(shorten(newText.trim(), MAX_WHOLE_LINE_CHARS)) }));
      } else if (oldText !== null) {
        // A removed line has no number in the new file: show it at the line that now takes its place.
        add(() => ({ line: Math.max(1, Math.min(at + pair.newIndex, newLineCount)), text: removedMarker(shorten(oldText.trim(), MAX_WHOLE_LINE_CHARS)) }));
      }
    }
    newLine += added.length;
  }
  return { shown: changes, total };
}

interface LinePair {
  old: string | null;
  new: string | null;
  /** Where the pair sits in the region of the new file (for a removed line: the next new line). */
  newIndex: number;
}

/**
 * Matches the old lines of a changed region with the new lines they became, so an edited line shows
 * as a word diff and an inserted or deleted one as a whole line. Large regions pair up in order.
 */
function pairLines(removed: string[], added: string[]): LinePair[] {
  if (removed.length > MAX_ALIGNED_LINES || added.length > MAX_ALIGNED_LINES) {
    return Array.from({ length: Math.max(removed.length, added.length) }, (_, i) => ({
      old: removed[i] ?? null,
      new: added[i] ?? null,
      newIndex: Math.min(i, added.length),
    }));
  }
  const pairs: LinePair[] = [];
  let oldIndex = 0;
  let newIndex = 0;
  for (const part of diffArrays(removed, added, { comparator: similarLines })) {
    const count = part.count ?? part.value.length;
    for (let i = 0; i < count; i++) {
      if (part.removed) pairs.push({ old: removed[oldIndex++], new: null, newIndex });
      else if (part.added) pairs.push({ old: null, new: added[newIndex], newIndex: newIndex++ });
      else pairs.push({ old: removed[oldIndex++], new: added[newIndex], newIndex: newIndex++ });
    }
  }
  return zipReplacements(pairs);
}

/** Lines deleted where others were inserted were replaced: one `[-old-]{+new+}` line each reads better. */
function zipReplacements(pairs: LinePair[]): LinePair[] {
  const zipped: LinePair[] = [];
  for (let i = 0; i < pairs.length;) {
    let removedEnd = i;
    while (removedEnd < pairs.length && pairs[removedEnd].new === null) removedEnd++;
    let addedEnd = removedEnd;
    while (addedEnd < pairs.length && pairs[addedEnd].old === null) addedEnd++;
    const replaced = Math.min(removedEnd - i, addedEnd - removedEnd);
    if (replaced === 0) {
      zipped.push(pairs[i++]);
      continue;
    }
    for (let k = 0; k < replaced; k++) zipped.push({ old: pairs[i + k].old, new: pairs[removedEnd + k].new, newIndex: pairs[removedEnd + k].newIndex });
    zipped.push(...pairs.slice(i + replaced, removedEnd), ...pairs.slice(removedEnd + replaced, addedEnd));
    i = addedEnd;
  }
  return zipped;
}

/** Whether two lines share most of their words and symbols: an edit rather than a replacement. */
function similarLines(a: string, b: string): boolean {
  if (a.length > MAX_WORD_DIFF_LINE_CHARS || b.length > MAX_WORD_DIFF_LINE_CHARS) return a === b;
  const tokensA = a.match(TOKEN) ?? [];
  const tokensB = b.match(TOKEN) ?? [];
  if (tokensA.length === 0 || tokensB.length === 0) return tokensA.length === tokensB.length;
  const remaining = new Map<string, number>();
  for (const token of tokensA) remaining.set(token, (remaining.get(token) ?? 0) + 1);
  let shared = 0;
  for (const token of tokensB) {
    const left = remaining.get(token) ?? 0;
    if (left > 0) {
      shared++;
      remaining.set(token, left - 1);
    }
  }
  return (2 * shared) / (tokensA.length + tokensB.length) >= 0.5;
}

/** One changed line with word-level markers; a line rewritten beyond recognition shows as old and new. */
function inlineDiff(oldLine: string, newLine: string): string {
  const parts = oldLine.length > MAX_WORD_DIFF_LINE_CHARS || newLine.length > MAX_WORD_DIFF_LINE_CHARS ? null : diffWordsWithSpace(oldLine, newLine);
  if (!parts) return removedMarker(shorten(oldLine.trim(), MAX_WHOLE_LINE_CHARS)) + addedMarker(shorten(newLine.trim(), MAX_WHOLE_LINE_CHARS));
  const common = parts.filter((part) => !part.added && !part.removed).reduce((sum, part) => sum + part.value.replace(/\s/g, '').length, 0);
  const longest = Math.max(oldLine.replace(/\s/g, '').length, newLine.replace(/\s/g, '').length);
  if (common * 3 < longest) {
    return removedMarker(shorten(oldLine.trim(), MAX_WHOLE_LINE_CHARS)) + addedMarker(shorten(newLine.trim(), MAX_WHOLE_LINE_CHARS));
  }
  return render(parts);
}

function render(parts: ChangeObject<string>[]): string {
  const last = parts.length - 1;
  return parts
    .map((part, i) => {
      if (part.removed) return removedMarker(shorten(part.value, MAX_CHANGE_CHARS));
      if (part.added) return addedMarker(shorten(part.value, MAX_CHANGE_CHARS));
      let text = part.value;
      if (i === 0) text = text.trimStart();
      if (i === last) text = text.trimEnd();
      if (i === 0 && i === last) return shorten(text, CONTEXT_CHARS * 2);
      if (i === 0) return text.length > CONTEXT_CHARS ? `…${text.slice(-CONTEXT_CHARS)}` : text;
      if (i === last) return shorten(text, CONTEXT_CHARS);
      return text.length > CONTEXT_CHARS * 2 ? `${text.slice(0, CONTEXT_CHARS)}…${text.slice(-CONTEXT_CHARS)}` : text;
    })
    .join('');
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The file's lines without their line endings; a final newline does not start another line. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
