// What the checking browser found wrong with a page, said the way the build stream says compile
// errors, and reduced to a signature so the fix loop can tell an attempt that changed nothing.

export type ProblemKind = 'exception' | 'console' | 'request' | 'empty' | 'load';

export interface PageProblem {
  kind: ProblemKind;
  message: string;
  /** Relative to the project when a source map (or the stack) names a project file. */
  file: string | null;
  line: number | null;
  /** The stack as the browser printed it, source-mapped where possible; exceptions only. */
  stack?: string;
  /** The start of what the app's server answered with an error status; requests only. */
  body?: string;
}

/** One request of the page's own origin that failed or answered an error status. */
export interface FailedRequest {
  method: string;
  /** Path and query, relative to the preview's origin. */
  path: string;
  /** Null: no answer at all (network error), with `failure` saying why. */
  status: number | null;
  failure?: string;
}

/** Problems per kind kept at most: a page throwing in a loop must not flood the log or the model. */
const MAX_PER_KIND = 5;
const MAX_MESSAGE_CHARS = 400;
/** What is kept of an error answer's body: enough for the message a server gives. */
export const MAX_BODY_CHARS = 400;

/** The line the build stream shows for a problem. */
export function describeProblem(problem: PageProblem): string {
  const where = problem.file ? ` (${problem.file}${problem.line ? `:${problem.line}` : ''})` : '';
  switch (problem.kind) {
    case 'exception':
      return `Runtime error in the preview: ${problem.message}${where}`;
    case 'console':
      return `Console error in the preview: ${problem.message}${where}`;
    case 'empty':
      return 'The page rendered nothing';
    case 'request':
    case 'load':
      return problem.message;
  }
}

/** `GET /api/posts answered 500`, `GET /api/posts failed: net::ERR_CONNECTION_REFUSED`. */
export function requestProblem(request: FailedRequest): PageProblem {
  const message = request.status === null ? `${request.method} ${request.path} failed: ${request.failure ?? 'no answer'}` : `${request.method} ${request.path} answered ${request.status}`;
  return { kind: 'request', message, file: null, line: null };
}

/**
 * Requests a browser makes on its own or that say nothing about the app: a missing favicon is
 * not a broken app.
 */
export function isIgnoredRequest(path: string): boolean {
  // Source maps are fetched only by the check itself, to place an error in a project file: a build without them is not broken.
  return /^\/favicon\.ico(?:\?|$)/.test(path) || /\.map(?:\?|$)/.test(path);
}

/** Console errors that repeat what another problem already says. */
export function isEchoedConsoleError(text: string): boolean {
  // Chromium logs every failed resource; the request itself is reported with its method and path.
  return /^Failed to load resource:/.test(text);
}

/** Distinct problems, at most MAX_PER_KIND of each kind, messages shortened. */
export function tidyProblems(problems: PageProblem[]): PageProblem[] {
  const seen = new Set<string>();
  const perKind = new Map<ProblemKind, number>();
  const kept: PageProblem[] = [];
  for (const problem of problems) {
    const message = problem.message.length > MAX_MESSAGE_CHARS ? `${problem.message.slice(0, MAX_MESSAGE_CHARS - 1)}…` : problem.message;
    const key = `${problem.kind}|${problem.file}|${problem.line}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const count = perKind.get(problem.kind) ?? 0;
    if (count >= MAX_PER_KIND) continue;
    perKind.set(problem.kind, count + 1);
    kept.push({ ...problem, message });
  }
  return kept;
}

/**
 * The stack frames' first file inside the project: a source-mapped `src/App.tsx:12`, or nothing
 * when the stack only names bundles and libraries.
 */
export function firstProjectFrame(stack: string): { file: string; line: number | null } | null {
  for (const match of stack.matchAll(/(?:^|[\s(])((?:\.\.\/)*(?:src|server|app|lib|components)\/[^\s():]+\.[cm]?[jt]sx?)(?::(\d+))?/gm)) {
    return { file: match[1].replace(/^(?:\.\.\/)+/, ''), line: match[2] ? Number(match[2]) : null };
  }
  return null;
}
