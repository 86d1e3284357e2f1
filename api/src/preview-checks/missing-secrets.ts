// Which of the checking browser's findings a missing secret explains. An app whose .env.example
// lists a key nobody saved yet is expected to wait for it (the api-key template's server answers
// 503 naming the key, and its page shows a calm "waiting" state): that is not a failure to fix.
import type { PageProblem } from './page-problems.js';

/** A same-origin answer with an error status, as the page met it. */
export interface ErrorAnswer {
  path: string;
  status: number;
  /** The page's own document (the navigation): a 503 there means no page, whatever the keys. */
  document: boolean;
}

/** What the app's missing keys explain of one check, and what is left to count as problems. */
export interface SecretsVerdict {
  /** The problems the missing keys do not explain: these fail the check as always. */
  problems: PageProblem[];
  /** The problems that named a missing key. */
  explained: PageProblem[];
}

/** Kinds whose message (or stack) is the app's own words, where it may name the key it lacks. */
const WORDED: ReadonlySet<PageProblem['kind']> = new Set(['exception', 'console']);

/** The app's own words in a problem: an error's message and stack, or what its server answered. */
function wordsOf(problem: PageProblem): string {
  if (WORDED.has(problem.kind)) return `${problem.message}\n${problem.stack ?? ''}`;
  return problem.kind === 'request' ? (problem.body ?? '') : '';
}

/**
 * The rule, for a project missing `missing` (keys its .env.example lists with no saved value and
 * that the platform does not provide). With none missing, nothing is explained: a normal check.
 */
export class MissingSecrets {
  constructor(readonly missing: readonly string[]) {}

  get any(): boolean {
    return this.missing.length > 0;
  }

  /** The app's own API answering 503 while a key is missing: it waits for that key. */
  tolerates(answer: ErrorAnswer): boolean {
    return this.any && answer.status === 503 && !answer.document;
  }

  /**
   * The missing key an exception, a console error or an error answer's body names (as a whole word),
   * or null. A request's own line (method, path, status) is the page's, not the app's words.
   */
  named(problem: PageProblem): string | null {
    const text = wordsOf(problem);
    if (!text) return null;
    return this.missing.find((key) => new RegExp(`(?<![A-Za-z0-9_])${key}(?![A-Za-z0-9_])`).test(text)) ?? null;
  }

  /** Splits a check's problems into those a missing key explains and the rest. */
  judge(problems: readonly PageProblem[]): SecretsVerdict {
    const verdict: SecretsVerdict = { problems: [], explained: [] };
    for (const problem of problems) (this.named(problem) ? verdict.explained : verdict.problems).push(problem);
    return verdict;
  }
}
