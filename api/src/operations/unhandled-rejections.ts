/** How a replica's log starts the line for a rejected promise nobody handled (the replicas test looks for it). */
export const UNHANDLED_REJECTION_MESSAGE = 'A rejected promise had no handler (a bug; this replica goes on)';

/**
 * A promise rejected with no handler is a bug in one piece of work; ending the process for it (Node's
 * default) would interrupt every tenant's running jobs and streams on this replica. It is logged, with its
 * stack, for the operator; an uncaught exception still ends the process, as its state is then unknown.
 */
export function logUnhandledRejections(error: (line: string) => void): void {
  process.on('unhandledRejection', (reason: unknown) => {
    error(`${UNHANDLED_REJECTION_MESSAGE}: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
  });
}
