// Why the platform stopped a run, known before it stops anything, so the owner is told that and not
// a guess (a build killed by an operator's stop used to read as "it ran out of memory").

/** Who or what stopped the work: an operator (cancel, stop, restart or remove), a drain of its host, the platform restarting. */
export type StoppedBy = 'operator' | 'drain' | 'shutdown';

/** The reason a run's signal is aborted with when the platform stops it. */
export class RunStop {
  constructor(
    readonly by: StoppedBy,
    /** The operator's words, shown to the owner as written. */
    readonly reason: string | null = null,
  ) {}

  /** A sentence for the owner: "The build was stopped by an operator: <reason>". */
  message(what: 'build' | 'generation' | 'edit'): string {
    const subject = what === 'generation' ? 'The generation' : what === 'edit' ? 'The edit' : 'The build';
    switch (this.by) {
      case 'operator':
        return `${subject} was stopped by an operator${this.reason ? `: ${this.reason}` : ''}`;
      case 'drain':
        return `${subject} was stopped because its host is being drained`;
      case 'shutdown':
        return `${subject} was stopped because the platform is restarting`;
    }
  }
}

/** The platform's stop behind an aborted signal, or null when it was aborted otherwise. */
export function runStopOf(signal: AbortSignal): RunStop | null {
  return signal.aborted && signal.reason instanceof RunStop ? signal.reason : null;
}
