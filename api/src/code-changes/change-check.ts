// Checks one model answer (whole files, EDIT blocks, DELETE lines) against the project as it stands,
// before anything is written: every failing block is named with its reason, so the model can be
// asked once more; a passing answer becomes the exact set of writes and deletes to apply.
import type { StreamChange } from '@forge/protocol/stream-changes';

export interface ChangeProblem {
  /** Which block, as the model wrote it: `EDIT src/App.tsx (pair 2)`. */
  block: string;
  reason: string;
}

export interface CheckedChanges {
  /** New contents by path (created or modified), and paths to delete. */
  writes: Map<string, string>;
  deletes: Set<string>;
  created: string[];
  modified: string[];
  deleted: string[];
  /** Worth a line in the log, not a refusal: a rewrite that shrank a file by more than half. */
  warnings: string[];
}

export type CheckResult = { ok: true; changes: CheckedChanges } | { ok: false; problems: ChangeProblem[] };

/** Files the model must never write: the project's secrets live there. */
const PROTECTED = new Set(['.env']);

const PLACEHOLDER_COMMENT =
  /^\s*(?:\/\/|#|\/\*|\{\s*\/\*|<!--)\s*(?:\.\.\.|…)?\s*(?:the\s+)?(?:rest\s+of|existing|remaining|unchanged|same\s+as\s+(?:before|above)|previous\s+(?:code|content)|other\s+(?:code|methods|functions|components|imports|styles|routes))\b/i;
const ELLIPSIS_COMMENT = /^\s*(?:\/\/\s*(?:\.\.\.|…)|\/\*\s*(?:\.\.\.|…)\s*\*\/|\{\s*\/\*\s*(?:\.\.\.|…)\s*\*\/\s*\}|<!--\s*(?:\.\.\.|…)\s*-->)\s*$/;
const LONE_ELLIPSIS = /^\s*(?:\.\.\.|…)\s*$/;
/** Where a lone `...` line cannot be meant literally. */
const CODE_FILE = /\.(?:[cm]?[jt]sx?|css|scss|html|json|vue|svelte)$/i;

/** The placeholder lines of `content` that `before` does not have, which stand where code was. */
export function placeholderLines(path: string, content: string, before: string): string[] {
  const existing = new Set(before.split(/\r?\n/).map((line) => line.trim()));
  const found: string[] = [];
  for (const line of content.split(/\r?\n/)) {
    const isPlaceholder = PLACEHOLDER_COMMENT.test(line) || ELLIPSIS_COMMENT.test(line) || (CODE_FILE.test(path) && LONE_ELLIPSIS.test(line));
    if (isPlaceholder && !existing.has(line.trim())) found.push(line.trim());
  }
  return found;
}

/**
 * Checks `changes` in order against the project, read through `current` (null: no such file).
 * Nothing is written here; a passing answer comes back as final contents.
 */
export async function checkChanges(changes: readonly StreamChange[], current: (path: string) => Promise<string | null>): Promise<CheckResult> {
  const problems: ChangeProblem[] = [];
  const warnings: string[] = [];
  /** The project as this answer leaves it so far: content, or null once deleted. */
  const state = new Map<string, string | null>();
  const original = new Map<string, string | null>();
  const read = async (path: string): Promise<string | null> => {
    if (state.has(path)) return state.get(path)!;
    if (!original.has(path)) original.set(path, await current(path));
    return original.get(path)!;
  };

  for (const change of changes) {
    const label = `${change.kind.toUpperCase()} ${change.path}`;
    if (PROTECTED.has(change.path)) {
      problems.push({ block: label, reason: `${change.path} holds the project's secrets; it is changed only in the Secrets view` });
      continue;
    }
    if (change.kind === 'delete') {
      if ((await read(change.path)) === null) warnings.push(`DELETE ${change.path}: no such file, nothing to delete`);
      state.set(change.path, null);
      continue;
    }
    const before = await read(change.path);
    if (change.kind === 'file') {
      if (before !== null) {
        const placeholders = placeholderLines(change.path, change.content, before);
        if (placeholders.length > 0) {
          problems.push({ block: label, reason: `a placeholder stands where code was ("${placeholders[0]}"); write the whole file, or use an EDIT block` });
          continue;
        }
        const [oldLines, newLines] = [lineCount(before), lineCount(change.content)];
        if (oldLines >= 10 && newLines < oldLines / 2) warnings.push(`⚠️ ${change.path} was rewritten from ${oldLines} to ${newLines} lines`);
      }
      state.set(change.path, change.content);
      continue;
    }
    if (before === null) {
      problems.push({ block: label, reason: 'the file does not exist; write it whole with a FILE block' });
      continue;
    }
    const outcome = applyEdit(before, change);
    if (typeof outcome === 'string') state.set(change.path, outcome);
    else problems.push(outcome);
  }

  if (problems.length > 0) return { ok: false, problems };
  const result: CheckedChanges = { writes: new Map(), deletes: new Set(), created: [], modified: [], deleted: [], warnings };
  for (const [path, content] of state) {
    const before = original.get(path) ?? null;
    if (content === null) {
      if (before !== null) {
        result.deletes.add(path);
        result.deleted.push(path);
      }
    } else if (content !== before) {
      result.writes.set(path, content);
      (before === null ? result.created : result.modified).push(path);
    }
  }
  return { ok: true, changes: result };
}

/**
 * An EDIT block's SEARCH/REPLACE pairs applied in order to `text` (the file as it stands): the new
 * text, or the first pair that fails and why.
 */
export function applyEdit(text: string, change: Extract<StreamChange, { kind: 'edit' }>): string | ChangeProblem {
  const label = `EDIT ${change.path}`;
  if (change.pairs.length === 0) return { block: label, reason: 'the block has no SEARCH/REPLACE pair' };
  let result = text;
  for (const [index, pair] of change.pairs.entries()) {
    const outcome = replaceOnce(result, pair.search, pair.replace);
    if (typeof outcome !== 'string') return { block: change.pairs.length > 1 ? `${label} (pair ${index + 1})` : label, reason: outcome.problem };
    result = outcome;
  }
  return result;
}

/**
 * Replaces the one occurrence of `search`. Line endings follow the file's, whatever the model
 * wrote, and a SEARCH ending in a newline also matches the file's last line when it has none.
 */
export function replaceOnce(text: string, search: string, replace: string | null): string | { problem: string } {
  if (replace === null) return { problem: 'a SEARCH text has no REPLACE section' };
  if (search.trim() === '') return { problem: 'the SEARCH text is empty; quote the lines to change' };
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const wanted = withEol(search, eol);
  let replacement = withEol(replace, eol);
  let index = text.indexOf(wanted);
  let matched = wanted;
  if (index === -1 && wanted.endsWith(eol) && !text.endsWith(eol)) {
    // The file's last line has no newline: match it, and keep it without one.
    const bare = wanted.slice(0, -eol.length);
    if (text.endsWith(bare)) {
      index = text.length - bare.length;
      matched = bare;
      if (replacement.endsWith(eol)) replacement = replacement.slice(0, -eol.length);
    }
  }
  if (index === -1) return { problem: 'the SEARCH text was not found; quote the current lines exactly, with their indentation' };
  const again = text.indexOf(matched, index + 1);
  if (again !== -1) {
    const count = text.split(matched).length - 1;
    return { problem: `the SEARCH text occurs ${count} times; include more lines around it so that it matches once` };
  }
  return text.slice(0, index) + replacement + text.slice(index + matched.length);
}

function withEol(text: string, eol: string): string {
  const unix = text.replace(/\r\n/g, '\n');
  return eol === '\n' ? unix : unix.replace(/\n/g, '\r\n');
}

function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The message the model gets back when its answer failed the checks. */
export function describeProblems(problems: readonly ChangeProblem[]): string {
  return problems.map((problem) => `- ${problem.block}: ${problem.reason}`).join('\n');
}
