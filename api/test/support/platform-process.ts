import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../../src/platform-db/embedded-postgres.js';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The built platform (`api/dist`, which `npm test` builds first) as its own process, as `npm start` runs it. */
export interface PlatformProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Everything it printed so far. */
  output(): string;
  exited: Promise<number | null>;
}

export async function startPlatform(env: Record<string, string>, port?: number): Promise<PlatformProcess> {
  const chosen = port ?? (await findFreePort());
  const childEnv: Record<string, string | undefined> = { ...process.env, PORT: String(chosen), WEB_DIST_DIR: join(env.DATA_DIR ?? '/tmp', 'no-web'), ...env };
  delete childEnv.ANTHROPIC_API_KEY;
  delete childEnv.LLM_PROVIDER;
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--enable-source-maps', join(REPO_ROOT, 'api/dist/main.js')], { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, port: chosen, baseUrl: `http://127.0.0.1:${chosen}`, output: () => printed, exited };
}

/** Resolves when /api/health answers; rejects with what the process printed if it exits first or takes too long. */
export async function waitUntilHealthy(platform: PlatformProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void platform.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`The platform exited (${exitCode}) before it was healthy:\n${platform.output()}`);
    const ok = await fetch(`${platform.baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The platform was not healthy after ${timeoutMs} ms:\n${platform.output()}`);
}

export async function stopPlatform(platform: PlatformProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (platform.child.exitCode !== null || platform.child.signalCode !== null) return;
  platform.child.kill(signal);
  await platform.exited;
}
