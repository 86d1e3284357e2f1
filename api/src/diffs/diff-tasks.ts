// The diffs of project files, bounded in size and time. DiffsService runs them on worker threads
// (this module's default export is the worker's entry); the functions are plain so tests call them.
import { createTwoFilesPatch, diffLines } from 'diff';
import { DIFF_TOO_LARGE_NOTE, type VersionFileChange } from '@forge/protocol/versions';
import { wordDiffLines } from '../code-changes/word-diff.js';

/** One file in two versions; null where it does not exist. */
export interface FileVersions {
  path: string;
  before: Uint8Array | null;
  after: Uint8Array | null;
}

export type DiffTask = { kind: 'line-counts'; files: FileVersions[] } | { kind: 'unified'; files: FileVersions[] } | { kind: 'word-lines'; path: string; before: string | null; after: string | null };

/** Bytes of either side past which a file is not diffed line by line. */
const MAX_DIFF_BYTES = 1024 * 1024;
/** Lines added plus removed past which a diff stops: its cost grows with their square. */
const MAX_EDIT_LENGTH = 3_000;
/** Time one task may spend diffing; the files after it go the cheap way. */
const TASK_BUDGET_MS = 2_000;
/** A unified diff longer than this shows its further files as too large. */
const MAX_UNIFIED_CHARS = 4 * 1024 * 1024;

export default function runDiffTask(task: DiffTask): VersionFileChange[] | string | string[] {
  const budget = deadline(TASK_BUDGET_MS);
  if (task.kind === 'line-counts') return lineCounts(task.files, budget);
  if (task.kind === 'unified') return unifiedDiff(task.files, budget);
  return wordDiffLines(task.path, task.before, task.after, { timeoutMs: budget() });
}

/** Milliseconds left until a point in time, at least 1 (jsdiff reads 0 as no limit). */
export type Budget = () => number;

export function deadline(ms: number): Budget {
  const end = Date.now() + ms;
  return () => Math.max(1, end - Date.now());
}

/**
 * Lines added and removed in each file; binary content counts none. Files too large or changed too
 * much to diff in time are counted by their lines' multiset, which is exact unless lines moved.
 */
export function lineCounts(files: FileVersions[], budget: Budget): VersionFileChange[] {
  return files.map(({ path, before, after }) => {
    const [oldText, newText] = [before ? text(before) : '', after ? text(after) : ''];
    if (oldText === null || newText === null) return { path, added: 0, removed: 0 };
    if (oldText === '' || newText === '') return { path, added: lines(newText).length, removed: lines(oldText).length };
    const parts = fitsDiff(before!, after!) ? diffLines(oldText, newText, { timeout: budget(), maxEditLength: MAX_EDIT_LENGTH }) : undefined;
    if (!parts) return { path, ...estimatedCounts(oldText, newText) };
    let added = 0;
    let removed = 0;
    for (const part of parts) {
      if (part.added) added += part.count ?? 0;
      else if (part.removed) removed += part.count ?? 0;
    }
    return { path, added, removed };
  });
}

/** The unified diff of the files, one after another as `git diff` prints them. */
export function unifiedDiff(files: FileVersions[], budget: Budget): string {
  const out: string[] = [];
  let length = 0;
  for (const { path, before, after } of files) {
    const [oldName, newName] = [before ? `a/${path}` : '/dev/null', after ? `b/${path}` : '/dev/null'];
    const header = `diff --git a/${path} b/${path}\n`;
    const [oldText, newText] = [before ? text(before) : '', after ? text(after) : ''];
    let section: string;
    if (oldText === null || newText === null) {
      section = `${header}Binary files ${oldName} and ${newName} differ\n`;
    } else {
      const patch =
        oldText === '' || newText === ''
          ? wholeFilePatch(oldName, newName, oldText, newText)
          : fitsDiff(before, after)
            ? createTwoFilesPatch(oldName, newName, oldText, newText, '', '', { context: 3, timeout: budget(), maxEditLength: MAX_EDIT_LENGTH })
            : undefined;
      section = patch === undefined ? '' : header + patch.replace(/^=+\n/, '').replace(/^(---|\+\+\+) (\S+)\t?\n/gm, '$1 $2\n');
      if (!section || length + section.length > MAX_UNIFIED_CHARS) {
        section = `${header}--- ${oldName}\n+++ ${newName}\n${DIFF_TOO_LARGE_NOTE} (${lines(oldText).length} lines before, ${lines(newText).length} after)\n`;
      }
    }
    out.push(section);
    length += section.length;
  }
  return out.join('');
}

/**
 * The patch of a file added or removed whole, written out directly as jsdiff writes it: its diff
 * needs no search, and a search would cost the square of its lines.
 */
function wholeFilePatch(oldName: string, newName: string, oldText: string, newText: string): string {
  const [sign, text] = oldText === '' ? ['+', newText] : ['-', oldText];
  const all = lines(text);
  const range = sign === '+' ? `-0,0 +1,${all.length}` : `-1,${all.length} +0,0`;
  const body = all.map((line) => (line.endsWith('\n') ? `${sign}${line}` : `${sign}${line}\n\\ No newline at end of file\n`)).join('');
  return `--- ${oldName}\n+++ ${newName}\n${all.length ? `@@ ${range} @@\n${body}` : ''}`;
}

function fitsDiff(before: Uint8Array | null, after: Uint8Array | null): boolean {
  return (before?.length ?? 0) <= MAX_DIFF_BYTES && (after?.length ?? 0) <= MAX_DIFF_BYTES;
}

/** Content as text; null for binary content. */
function text(content: Uint8Array): string | null {
  const buffer = Buffer.from(content.buffer, content.byteOffset, content.length);
  return buffer.includes(0) ? null : buffer.toString('utf8');
}

/** The lines of a text as jsdiff's line diff takes them, each with its line ending. */
function lines(content: string): string[] {
  return content.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function estimatedCounts(before: string, after: string): { added: number; removed: number } {
  const unmatched = new Map<string, number>();
  const oldLines = lines(before);
  for (const line of oldLines) unmatched.set(line, (unmatched.get(line) ?? 0) + 1);
  let added = 0;
  for (const line of lines(after)) {
    const left = unmatched.get(line) ?? 0;
    if (left > 0) unmatched.set(line, left - 1);
    else added++;
  }
  let removed = 0;
  for (const left of unmatched.values()) removed += left;
  return { added, removed };
}
