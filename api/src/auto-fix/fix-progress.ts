/** A fix attempt that changed files but left the build failing with the same errors. */
export interface UnhelpfulAttempt {
  /** 1-based number of that attempt. */
  attempt: number;
  /** The paths it rewrote, created or deleted. */
  changedPaths: string[];
}

/** What the loop does after a failed pass. */
export type FixVerdict =
  /** Ask for a fix; `previous` when the last attempt left the same errors, for the prompt to say so. */
  | { kind: 'fix'; previous: UnhelpfulAttempt | null }
  /** Two attempts in a row left the same errors: a third would not help either. */
  | { kind: 'stuck' };

/** Attempts in a row that may leave the same errors before the loop gives up on them. */
export const ATTEMPTS_PER_ERROR = 2;

/**
 * Whether the fix loop is getting anywhere, from the error signature of each failed pass. A first
 * attempt often fixes the wrong thing (a file under the wrong name, say); told that its changes did
 * not move the error, a second attempt often finds the real cause. Two in a row without effect end it.
 */
export class FixProgress {
  private signature: string | null = null;
  private lastAttempt: UnhelpfulAttempt | null = null;
  private unhelpful = 0;

  /** The verdict on a failed pass whose errors come down to `signature`. */
  failed(signature: string): FixVerdict {
    const same = this.signature === signature && this.lastAttempt !== null;
    this.signature = signature;
    this.unhelpful = same ? this.unhelpful + 1 : 0;
    if (this.unhelpful >= ATTEMPTS_PER_ERROR) return { kind: 'stuck' };
    return { kind: 'fix', previous: same ? this.lastAttempt : null };
  }

  /** Records an attempt that changed these files (one that changed nothing ends the loop by itself). */
  attempted(attempt: number, changedPaths: string[]): void {
    this.lastAttempt = { attempt, changedPaths };
  }
}
