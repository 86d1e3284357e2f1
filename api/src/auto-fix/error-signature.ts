import type { BuildFailedAt } from '@forge/protocol/streams';
import type { BuildError } from './build-errors.js';

/**
 * What a failed build's errors come down to, for telling whether a fix attempt changed anything:
 * the kind of failure, each error's file and its message without numbers (line numbers, counts,
 * ports and ids move with every edit; the error stays the same). Order does not matter.
 */
export function errorSignature(failedAt: BuildFailedAt, errors: BuildError[], summary: string): string {
  const parts = errors.length > 0 ? errors.map((error) => `${error.file ?? ''}|${withoutNumbers(error.message)}`) : [`|${withoutNumbers(summary)}`];
  return [failedAt, ...[...new Set(parts)].sort()].join('\n');
}

function withoutNumbers(text: string): string {
  return text
    .replace(/\d+(?:\.\d+)?/g, '#')
    .replace(/\s+/g, ' ')
    .trim();
}
