import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';

export interface Watchdog {
  limitMs: number;
  /** What the build was doing, for the message. */
  step: () => string;
  /** Ends whatever still runs (stops the container); the build does not wait for it to finish. */
  onExpire: () => Promise<void>;
}

/**
 * Runs one pass of a build under one deadline. Each step has its own limit already; this is the
 * backstop for anything that hangs regardless (the container engine itself): past the deadline the
 * pass ends with an error naming the step it was in, so the build fails clearly and frees its slot.
 */
export async function underWatchdog<T>(watchdog: Watchdog, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void watchdog.onExpire().catch(() => undefined);
      const seconds = Math.round(watchdog.limitMs / 1000);
      reject(new DomainError(ErrorCode.Unavailable, 'The build did not finish in time', `it was stopped after ${seconds} s, during: ${watchdog.step()}`));
    }, watchdog.limitMs);
  });
  try {
    return await Promise.race([work(), expired]);
  } finally {
    clearTimeout(timer);
  }
}
