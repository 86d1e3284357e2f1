import type { LogLevel } from '@forge/protocol/runs';
import type { SandboxesService } from '../sandboxes/sandboxes.service.js';
import type { CheckedChanges } from './change-check.js';

type LogLine = (line: string, level?: LogLevel) => void;

export type InstallOutcome = { ok: true } | { ok: false; message: string };

/**
 * A change of the packages (an edit's or a fix's) is installed in the sandbox before anything is
 * saved: an install that fails leaves every file as it was and says why; one that succeeds adds the
 * lockfile it wrote to the changes, so the version keeps the lockfile that installed (and a restore
 * brings it back). `readBefore` reads the project as it is now.
 */
export async function installChangedPackages(
  sandboxes: Pick<SandboxesService, 'installFirst'>,
  projectId: string,
  changes: CheckedChanges,
  readBefore: (path: string) => Promise<string | null>,
  log: LogLine,
): Promise<InstallOutcome> {
  const manifest = changes.writes.get('package.json');
  if (manifest === undefined || !dependenciesChanged(await readBefore('package.json'), manifest)) return { ok: true };
  log('📦 The packages change: installing them in the sandbox before anything is saved...');
  const files = new Map([['package.json', manifest]]);
  const givenLock = changes.writes.get('package-lock.json');
  if (givenLock !== undefined) files.set('package-lock.json', givenLock);
  const result = await sandboxes.installFirst(projectId, files, log).catch((err: Error) => ({ ok: false, output: `❌ ${err.message}`, lockfile: null }));
  if (!result.ok) {
    const why = installFailureLines(result.output);
    for (const line of why) log(line, 'error');
    return { ok: false, message: `Nothing was changed: the packages could not be installed. ${why.join(' ')}`.trim() };
  }
  log('✅ Packages installed', 'success');
  const lockBefore = await readBefore('package-lock.json');
  if (result.lockfile !== null && result.lockfile !== lockBefore) {
    changes.writes.set('package-lock.json', result.lockfile);
    const list = lockBefore !== null ? changes.modified : changes.created;
    if (!list.includes('package-lock.json')) list.push('package-lock.json');
  }
  return { ok: true };
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'overrides'] as const;

/** Whether `after` asks for other packages than `before` (a package.json that does not parse counts as a change: installing it says why). */
export function dependenciesChanged(before: string | null, after: string): boolean {
  const lists = (text: string | null) => {
    if (text === null) return null;
    try {
      const manifest = JSON.parse(text) as Record<string, unknown>;
      return JSON.stringify(DEPENDENCY_FIELDS.map((field) => manifest?.[field] ?? null));
    } catch {
      return null;
    }
  };
  const next = lists(after);
  return next === null || next !== lists(before);
}

/** What an install printed that says why it failed: npm's error lines and the platform's notes, a few at most. */
export function installFailureLines(output: string): string[] {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const telling = lines.filter((line) => /^(npm (error|ERR!)|❌|ℹ️)/.test(line) && !/^npm error (A complete log|\s*$)/.test(line) && !/^npm error .*\/_logs\//.test(line));
  return (telling.length > 0 ? telling : lines.slice(-5)).slice(0, 8);
}
