import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, link, copyFile, lstat, mkdir, readFile, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { freeTcpPort } from '../common/net/tcp-relay.js';
import { type VerdaccioSettings, verdaccioConfig } from './verdaccio-config.js';

export interface ManagedRegistryOptions {
  /** deploy/registry/runner.mjs as installed beside Verdaccio. */
  runner: string;
  verdaccioDir: string;
  /** DATA_DIR/registry: the storage, the configuration, the remembered port. */
  dir: string;
  /** Loopback, and the sandbox network's gateway when there is one. */
  listenHosts: string[];
  settings: Omit<VerdaccioSettings, 'storage'>;
  /** Storage pre-warmed by `npm start`/`npm test` for this recipe, copied in (hard links) when newer. */
  prewarmedStorage: string | null;
  /** When the platform runs as root: the unprivileged account the proxy runs as. */
  runAs: { uid: number; gid: number } | null;
  log: (line: string) => void;
  warn: (line: string) => void;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
const RESTART_DELAYS_MS = [500, 1000, 2000, 5000, 10_000, 30_000];
/** Up this long, a proxy that dies again starts over from the shortest delay. */
const STABLE_AFTER_MS = 60_000;
const SEED_STAMP = '.forge-seeded';
/** How often a process using another's proxy checks it is still there. */
const SHARED_CHECK_MS = 5_000;

/**
 * Verdaccio as a process the platform owns, like its embedded PostgreSQL: storage under DATA_DIR,
 * listening on loopback and the sandbox network's gateway only, on a port kept across restarts (running
 * sandboxes' firewalls hold it), restarted when it dies, and ended with the platform (it reads the
 * platform's end of a pipe, so even a platform killed without warning leaves none behind).
 */
export class ManagedRegistry {
  private child: ChildProcess | null = null;
  private stopping = false;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private readyWaiters: Array<() => void> = [];
  private running = false;
  /** Another platform process of this DATA_DIR on this machine (a replica) runs the proxy: this one uses it. */
  private shared = false;
  private watchTimer: NodeJS.Timeout | null = null;
  port = 0;

  constructor(private readonly options: ManagedRegistryOptions) {}

  get storage(): string {
    return join(this.options.dir, 'storage');
  }

  /** Prepares the storage and the configuration and picks the port: sandboxes' address of the proxy is known from here. */
  async prepare(): Promise<void> {
    if (!existsSync(this.options.runner)) throw new Error(`Verdaccio is not installed at ${this.options.verdaccioDir}: npm start (or node scripts/lib/registry.mjs) installs it`);
    await mkdir(this.storage, { recursive: true });
    if (this.options.prewarmedStorage && existsSync(this.options.prewarmedStorage)) await seedStorage(this.options.prewarmedStorage, this.storage, this.options.log);
    else this.options.warn('The package registry proxy has no pre-warmed storage (run npm start or node scripts/lib/registry.mjs): every package comes from the upstream registry');
    await writeFile(join(this.options.dir, 'config.yaml'), verdaccioConfig({ ...this.options.settings, storage: this.storage }));
    if (this.options.runAs) await this.handOver(this.options.runAs);
    this.port = await this.rememberedPort();
  }

  /**
   * Starts the proxy; resolves once it answers. It is started again whenever it exits until stop(). When a
   * replica on this machine already runs it on the remembered port, that one serves both (sandboxes' firewalls
   * hold one port), and this process starts its own there once it is gone.
   */
  run(): Promise<void> {
    if (!this.shared) return this.spawnProxy();
    this.options.log(`The package registry proxy on port ${this.port} is run by another platform process of this data directory: using it`);
    this.markRunning();
    this.watchTimer = setInterval(() => void this.takeOverWhenGone(), SHARED_CHECK_MS);
    this.watchTimer.unref();
    return Promise.resolve();
  }

  private async takeOverWhenGone(): Promise<void> {
    if (this.stopping || this.child || (await answersPing(this.port))) return;
    this.running = false;
    if (!(await portIsFree(this.port))) return;
    clearInterval(this.watchTimer!);
    this.shared = false;
    this.options.warn(`The package registry proxy on port ${this.port} is gone with the process that ran it: starting it here`);
    await this.spawnProxy().catch((err: Error) => this.options.warn(`Starting the package registry proxy: ${err.message}`));
  }

  private markRunning(): void {
    this.running = true;
    for (const waiter of this.readyWaiters.splice(0)) waiter();
  }

  /** Resolves once the proxy answers, or after `timeoutMs` (false). */
  whenReady(timeoutMs: number): Promise<boolean> {
    if (this.running) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.watchTimer) clearInterval(this.watchTimer);
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }

  private spawnProxy(): Promise<void> {
    const { runner, verdaccioDir, listenHosts, runAs } = this.options;
    const addresses = listenHosts.map((host) => `${host}:${this.port}`);
    const child = spawn(process.execPath, [runner, join(this.options.dir, 'config.yaml'), ...addresses, '--exit-with-stdin'], {
      env: { ...process.env, VERDACCIO_DIR: verdaccioDir, NODE_OPTIONS: '', HOME: this.options.dir },
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(runAs ?? {}),
    });
    this.child = child;
    const started = Date.now();
    const recent: string[] = [];
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the package registry proxy did not answer within ${READY_TIMEOUT_MS / 1000} s:\n${recent.join('\n')}`)), READY_TIMEOUT_MS);
      const onLine = (line: string) => {
        if (line.startsWith('READY ')) {
          clearTimeout(timer);
          this.markRunning();
          resolve();
          return;
        }
        if (recent.push(line) > 20) recent.shift();
        const problem = verdaccioProblem(line);
        if (problem) this.options.warn(`Package registry proxy: ${problem}`);
      };
      createInterface({ input: child.stdout! }).on('line', onLine);
      createInterface({ input: child.stderr! }).on('line', onLine);
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        this.running = false;
        if (this.child === child) this.child = null;
        if (this.stopping) return;
        reject(new Error(`the package registry proxy exited (${code ?? signal}) before it answered:\n${recent.join('\n')}`));
        this.failures = Date.now() - started > STABLE_AFTER_MS ? 1 : this.failures + 1;
        const delay = RESTART_DELAYS_MS[Math.min(this.failures, RESTART_DELAYS_MS.length) - 1]!;
        this.options.warn(`The package registry proxy exited (${code ?? signal}); starting it again in ${delay / 1000} s`);
        this.restartTimer = setTimeout(() => {
          this.restartTimer = null;
          if (!this.stopping) this.spawnProxy().catch((err: Error) => this.options.warn(`Starting the package registry proxy again: ${err.message}`));
        }, delay);
      });
    });
  }

  /** The port of the last start while it is free, else a new one, remembered. */
  private async rememberedPort(): Promise<number> {
    const file = join(this.options.dir, 'port.json');
    const remembered = await readFile(file, 'utf8')
      .then((text) => (JSON.parse(text) as { port?: number }).port)
      .catch(() => undefined);
    if (remembered && (await portIsFree(remembered))) return remembered;
    if (remembered && (await answersPing(remembered))) {
      this.shared = true;
      return remembered;
    }
    const port = await freeTcpPort();
    await writeFile(file, JSON.stringify({ port }));
    return port;
  }

  /** The proxy's own account owns its storage; the platform's data directory lets it pass through. */
  private async handOver({ uid, gid }: { uid: number; gid: number }): Promise<void> {
    const { mode } = await stat(dirname(this.options.dir));
    if ((mode & 0o001) === 0) await chmod(dirname(this.options.dir), (mode & 0o777) | 0o711);
    await chownTree(this.options.dir, uid, gid);
  }
}

/** A Verdaccio log line worth an operator's attention (errors), in a few words; null otherwise. */
export function verdaccioProblem(line: string): string | null {
  if (!line.startsWith('{')) return null;
  try {
    const entry = JSON.parse(line) as { level?: number; msg?: string };
    return (entry.level ?? 0) >= 50 ? (entry.msg ?? line).slice(0, 500) : null;
  } catch {
    return null;
  }
}

/** Whether a Verdaccio answers on the port on loopback. */
async function answersPing(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/-/ping`, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

async function chownTree(path: string, uid: number, gid: number): Promise<void> {
  const info = await lstat(path);
  if (info.uid !== uid || info.gid !== gid) await chown(path, uid, gid);
  if (info.isDirectory()) for (const name of await readdir(path)) await chownTree(join(path, name), uid, gid);
}

/**
 * Copies the pre-warmed storage into the proxy's: each file it lacks, or holds older, as a hard link
 * (a copy across filesystems). Verdaccio writes through a temporary file and a rename, so a link never
 * sees the proxy's writes. Skipped once done for this pre-warmed storage.
 */
export async function seedStorage(from: string, to: string, log: (line: string) => void): Promise<void> {
  const stampFile = join(to, SEED_STAMP);
  const stamp = `${from}\n${(await stat(from)).mtimeMs}`;
  if ((await readFile(stampFile, 'utf8').catch(() => '')) === stamp) return;
  const started = Date.now();
  let files = 0;
  const walk = async (source: string, target: string): Promise<void> => {
    await mkdir(target, { recursive: true });
    for (const entry of await readdir(source, { withFileTypes: true })) {
      const sourcePath = join(source, entry.name);
      const targetPath = join(target, entry.name);
      if (entry.isDirectory()) {
        await walk(sourcePath, targetPath);
        continue;
      }
      if (!entry.isFile()) continue;
      const existing = await stat(targetPath).catch(() => null);
      if (existing && existing.mtimeMs >= (await stat(sourcePath)).mtimeMs) continue;
      const temporary = `${targetPath}.forge-seed`;
      await unlink(temporary).catch(() => undefined);
      await link(sourcePath, temporary).catch(() => copyFile(sourcePath, temporary));
      await rename(temporary, targetPath);
      files += 1;
    }
  };
  await walk(from, to);
  await writeFile(stampFile, stamp);
  if (files > 0) log(`Package registry proxy: ${files} pre-warmed files added to its storage (${Date.now() - started} ms)`);
}
