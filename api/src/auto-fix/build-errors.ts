// Finds the errors in a failed build's output (npm, tsc, Vite 8 / Rolldown, esbuild, Node), so the
// auto-fix agent and the person watching see what broke and where, not a thousand lines of log.
import { unsafePathReason } from '@forge/protocol/paths';
import { stripAnsi } from '@forge/protocol/text';
import { SANDBOX_PROJECT_DIR } from '../sandboxes/sandboxes.service.js';

export interface BuildError {
  /** Relative to the project; null when the error names no file inside it. */
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
}

/** The project's folder inside the sandbox, as tools print it in front of paths. */
const PROJECT_PREFIX = `${SANDBOX_PROJECT_DIR}/`;

const MAX_MESSAGE_CHARS = 500;
const THROW_SITE_LINES = 6;
const STACK_LINES = 15;

const TSC_PLAIN = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.+)$/;
const TSC_PRETTY = /^(.+?):(\d+):(\d+) - error (TS\d+): (.+)$/;
const TSC_GLOBAL = /^error (TS\d+): (.+)$/;
const ESBUILD_ERROR = /^(?:✘|X) \[ERROR\] (.+)$/;
const ESBUILD_LOCATION = /^\s+(\S.*?):(\d+):(\d+):\s*$/;
/** esbuild's one-line form, inside "Transform failed with 1 error:" messages. */
const ESBUILD_INLINE = /^(.+?):(\d+):(\d+): ERROR: (.+)$/;
const ROLLDOWN_DIAGNOSTIC = /^\[([A-Z][A-Z0-9_]+)\] (?:(Error|Warning): )?(.+)$/;
const ROLLDOWN_FRAME = /╭─\[\s*(.+?):(\d+):(\d+)\s*\]/;
const VITE_ERROR_HEADER = /^error during build:\s*$/;
const PLUGIN_TAG = /^\[plugin [^\]]+\]\s*$/;
const VITE_FILE_LINE = /^file: (.+?)(?::(\d+):(\d+))?\s*$/;
/** Rollup's own location prefix: `src/App.tsx (3:9): "x" is not exported by ...`. */
const ROLLUP_LOCATED = /^(\S+) \((\d+):(\d+)\): (.+)$/;
const NODE_ERROR = /^(?:Uncaught )?((?:[A-Z][A-Za-z]*)?Error)(?: \[([A-Za-z0-9_]+)\])?: (.+)$/;
const STACK_FRAME = /^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\)?\s*$/;
/** The line Node prints above an uncaught error: where it was thrown. */
const NODE_THROW_SITE = /^((?:file:\/\/)?\/\S+):(\d+)$/;
const NPM_ERROR = /^npm (?:error|ERR!)(?: (.*))?$/;
const SHELL_NOT_FOUND = /^(?:sh|bash|\/bin\/sh)(?:: \d+)?: (.+?): (?:command )?not found$/;
/** Wrappers that announce errors listed on the following lines. */
const WRAPPER = /^(?:\[[^\]]+\]\s*)?(?:Error: )?(?:Build|Transform) failed with \d+ errors?:?$/;
const NPM_NOISE = /^(?:code|path|command|workspace|location|errno|syscall|signal|A complete log of this run|Log files were not written|Lifecycle script|You can rerun|\d+$)/;

/**
 * The first distinct errors of a build's combined output, in order, with file and line when the
 * tool gave them. Falls back to the last lines that mention an error or a failure.
 */
export function extractBuildErrors(log: string, limit = 8): BuildError[] {
  const lines = cleanLines(log);
  const found: BuildError[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < lines.length && found.length < limit; i++) {
    const error = errorAt(lines, i);
    if (!error) continue;
    const message = cleanMessage(error.message);
    if (!message) continue;
    const result = { ...error, message };
    const key = JSON.stringify(result);
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(result);
  }
  return found.length > 0 ? found : fallbackErrors(lines, limit);
}

/** `src/App.tsx:12:5 message`, or the message alone when no file is known. */
export function formatBuildError(error: BuildError): string {
  if (!error.file) return error.message;
  const place = error.line === null ? error.file : error.column === null ? `${error.file}:${error.line}` : `${error.file}:${error.line}:${error.column}`;
  return `${place} ${error.message}`;
}

/**
 * A path from a tool's output made relative to the project, or null when it is not a project
 * file: outside the sandbox's project folder, inside node_modules, or not a path at all.
 */
export function projectRelativePath(raw: string): string | null {
  let path = raw.trim().replace(/^["'`]+|["'`]+$/g, '');
  path = path.replace(/[?#].*$/, '');
  if (path.startsWith('file://')) {
    try {
      path = decodeURIComponent(path.slice('file://'.length));
    } catch {
      return null;
    }
  }
  if (path.startsWith(PROJECT_PREFIX)) path = path.slice(PROJECT_PREFIX.length);
  else if (path.startsWith('/')) return null;
  path = path.replace(/^(?:\.\/)+/, '');
  if (!path || /[\s<>"'`:|*]/.test(path)) return null;
  if (unsafePathReason(path) !== null) return null;
  if (path.split('/').includes('node_modules')) return null;
  return path;
}

function cleanLines(log: string): string[] {
  return (
    stripAnsi(log)
      .split(/\r?\n/)
      // A carriage return redraws the line (progress spinners): only the last drawing is seen.
      .map(
        (line) =>
          line
            .split('\r')
            .filter((part) => part.length > 0)
            .pop() ?? '',
      )
  );
}

function cleanMessage(message: string): string {
  const text = message.replaceAll(`file://${PROJECT_PREFIX}`, '').replaceAll(PROJECT_PREFIX, '').replace(/\s+/g, ' ').trim();
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text;
}

function errorAt(lines: string[], i: number): BuildError | null {
  const line = lines[i];
  let m: RegExpMatchArray | null;

  if ((m = line.match(TSC_PLAIN)) || (m = line.match(TSC_PRETTY))) return located(m[1], m[2], m[3], m[5]);
  if ((m = line.match(TSC_GLOBAL))) return unlocated(m[2]);

  if ((m = line.match(ESBUILD_ERROR))) {
    const at = findAhead(lines, i, ESBUILD_LOCATION, 3);
    return at ? located(at[1], at[2], at[3], m[1]) : withEmbeddedLocation(m[1]);
  }
  if ((m = line.match(ESBUILD_INLINE))) return located(m[1], m[2], m[3], m[4]);

  if ((m = line.match(ROLLDOWN_DIAGNOSTIC))) {
    if (m[2] === 'Warning') return null;
    if (WRAPPER.test(m[3])) return null;
    const frame = findAhead(lines, i, ROLLDOWN_FRAME, 2);
    return frame ? located(frame[1], frame[2], frame[3], m[3]) : withEmbeddedLocation(m[3]);
  }

  if (VITE_ERROR_HEADER.test(line)) return viteBuildError(lines, i);

  if (NPM_ERROR.test(line)) {
    // One error per block of npm error lines, read from its first line.
    return NPM_ERROR.test(lines[i - 1] ?? '') ? null : npmError(lines, i);
  }

  if ((m = line.match(NODE_ERROR))) {
    if (WRAPPER.test(line)) return null;
    return nodeError(lines, i, m[1], m[3]);
  }

  if ((m = line.match(SHELL_NOT_FOUND))) return unlocated(`${m[1]}: command not found`);
  return null;
}

/** Vite prints `error during build:`, then the message, then `file: /workspace/app/src/App.tsx:3:10`. */
function viteBuildError(lines: string[], header: number): BuildError | null {
  let i = nextNonEmpty(lines, header);
  // A bare plugin tag names who failed; the message follows it.
  while (i !== -1 && PLUGIN_TAG.test(lines[i])) i = nextNonEmpty(lines, i);
  if (i === -1) return null;
  const line = lines[i];
  // Another matcher reads it on its own line; a wrapper's errors follow it.
  if (WRAPPER.test(line) || startsKnownError(line)) return null;
  const message = line;
  const file = findAhead(lines, i, VITE_FILE_LINE, 4);
  if (file) {
    const error = located(file[1], file[2], file[3], message);
    if (error.file) return error;
  }
  const rollup = message.match(ROLLUP_LOCATED);
  if (rollup) return located(rollup[1], rollup[2], rollup[3], rollup[4]);
  return withEmbeddedLocation(message);
}

function startsKnownError(line: string): boolean {
  return [TSC_PLAIN, TSC_PRETTY, TSC_GLOBAL, ESBUILD_ERROR, ESBUILD_INLINE, ROLLDOWN_DIAGNOSTIC, NPM_ERROR, NODE_ERROR].some((pattern) => pattern.test(line));
}

function npmError(lines: string[], start: number): BuildError | null {
  const block: string[] = [];
  for (let i = start; i < lines.length; i++) {
    const m = lines[i].match(NPM_ERROR);
    if (!m) break;
    block.push((m[1] ?? '').trim());
  }
  const meaningful = block.filter((text) => text && !NPM_NOISE.test(text));
  const first = meaningful[0];
  // Only "the build script failed": the real errors are the tool's, earlier in the log.
  if (!first) return null;
  const primary = first.replace(/^notarget\s+/, '');

  const detailLine = (pattern: RegExp) => block.find((text) => pattern.test(text));
  if (/^ERESOLVE/.test(primary)) {
    const conflictIndex = block.findIndex((text) => /^Could not resolve dependency:/.test(text));
    const conflict = conflictIndex === -1 ? undefined : block[conflictIndex + 1];
    const installed = detailLine(/^Found: /)?.replace(/^Found: /, '');
    const details = [conflict, installed && `found ${installed}`].filter(Boolean);
    return unlocated(details.length ? `${primary}: ${details.join('; ')}` : primary);
  }
  if (/^404\b/.test(primary)) {
    const missing = detailLine(/is not in this registry/)?.replace(/^404\s+/, '');
    return unlocated(missing ? `${primary}: ${missing}` : primary);
  }
  return unlocated(primary);
}

/** An uncaught error: its place is the first project frame of its stack, or where Node says it was thrown. */
function nodeError(lines: string[], i: number, name: string, text: string): BuildError {
  const message = name === 'Error' ? text : `${name}: ${text}`;
  for (let j = i + 1; j < Math.min(lines.length, i + 1 + STACK_LINES); j++) {
    const frame = lines[j].match(STACK_FRAME);
    if (!frame) break;
    const error = located(frame[1], frame[2], frame[3], message);
    if (error.file) return error;
  }
  // Node prints the throw site above the error; a syntax error in a module has no stack to read.
  for (let back = i - 1; back >= Math.max(0, i - THROW_SITE_LINES); back--) {
    const site = lines[back].match(NODE_THROW_SITE);
    if (!site) continue;
    const error = located(site[1], site[2], null, message);
    if (error.file) return error;
    break;
  }
  return withEmbeddedLocation(message);
}

function fallbackErrors(lines: string[], limit: number): BuildError[] {
  const mentions = lines.filter((line) => /error|failed/i.test(line) && !STACK_FRAME.test(line));
  const seen = new Set<string>();
  const errors: BuildError[] = [];
  for (const line of mentions.reverse()) {
    const message = cleanMessage(line);
    if (!message || seen.has(message)) continue;
    seen.add(message);
    errors.unshift(unlocated(message));
    if (errors.length === limit) break;
  }
  return errors;
}

function located(path: string, line: string | undefined | null, column: string | undefined | null, message: string): BuildError {
  const file = projectRelativePath(path);
  if (!file) return unlocated(message);
  return { file, line: line ? Number(line) : null, column: column ? Number(column) : null, message };
}

function unlocated(message: string): BuildError {
  return { file: null, line: null, column: null, message };
}

/**
 * The file a message names: the importer first (`imported by src/App.tsx`, `from "/workspace/app/src/x.ts"`,
 * `in src/App.tsx`), since the imported file is often the one that does not exist; else any project path.
 */
function withEmbeddedLocation(message: string): BuildError {
  const patterns = [/imported (?:by|from) "?([^\s)"]+)/, / from "([^"]+)"/, / in (\S+\.[A-Za-z]+)\.?$/, /(?:file:\/\/)?(\/workspace\/app\/[^\s:'"()]+)(?::(\d+))?(?::(\d+))?/];
  for (const pattern of patterns) {
    const m = message.match(pattern);
    if (!m) continue;
    const error = located(m[1], m[2], m[3], message);
    if (error.file) return error;
  }
  return unlocated(message);
}

/** The first of the next `within` lines that matches: locations follow their message closely. */
function findAhead(lines: string[], i: number, pattern: RegExp, within: number): RegExpMatchArray | null {
  for (let j = i + 1; j < Math.min(lines.length, i + 1 + within); j++) {
    const m = lines[j].match(pattern);
    if (m) return m;
  }
  return null;
}

function nextNonEmpty(lines: string[], i: number): number {
  for (let j = i + 1; j < lines.length; j++) if (lines[j].trim()) return j;
  return -1;
}
