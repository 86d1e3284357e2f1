import { request } from 'node:http';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import tar from 'tar-stream';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SANDBOX_APP_PORT, SANDBOX_PROJECT_DIR, SANDBOX_USER, appNodeOptions, containerName } from './container-spec.js';
import type { ExecResult } from './docker.driver.js';
import { PackageRegistryService } from './package-registry.service.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';
import { BUILD_PLATFORM_FILES, TAGGED_VITE_BUILD, buildsWithPlainVite } from './sandbox-platform-files.js';
import { type RunningContainer, SandboxLifecycleService } from './sandbox-lifecycle.service.js';
import { APP_ALIVE, APP_LOG, BUILD_LOG, LOG_NOT_REGULAR, STOP_APP, buildScript, readLogCommand, startScript, syncFilesScript, withTimeLimit } from './sandbox-scripts.js';
import { SandboxesRepository } from './sandboxes.repository.js';

export interface CommandResult {
  exitCode: number;
  timedOut: boolean;
  /** Killed by the kernel for memory, or by a signal. */
  killed: boolean;
  /** It printed more than BUILD_OUTPUT_LIMIT_BYTES and was stopped. */
  outputLimited: boolean;
  /** From the start of the command until its container was cleaned up after it. */
  durationMs: number;
}

const SYNC_TIMEOUT_MS = 60_000;
const HEALTH_TIMEOUT_MS = 45_000;
/** How often a starting app is asked: a refused connection costs next to nothing, and the checked preview waits for the first answer. */
const HEALTH_POLL_MS = 20;
/** Short platform commands: is the app alive, read a log. */
const CHECK_TIMEOUT_MS = 5_000;
/** A build's own limit covers install and build; stopping the old app and keeping the log get this much more. */
const BUILD_GRACE_MS = 15_000;
/** What one build may print before it is stopped; the log shows far less (the builds module cuts it). */
export const BUILD_OUTPUT_LIMIT_BYTES = 64 * 1024 * 1024;
/** The end of a log read back: enough for the lines shown, never a whole file. */
const LOG_TAIL_BYTES = 64 * 1024;
/** The largest lockfile kept with a project (a big app's is a few hundred KB). */
const MAX_LOCKFILE_BYTES = 8 * 1024 * 1024;
/** What a small command may print: error messages, a word. */
const SMALL_OUTPUT_BYTES = 64 * 1024;

/** What runs inside a project's container: its files copied in, its build, its app, their logs. */
@Injectable()
export class SandboxWorkspaceService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly nodes: SandboxNodesService,
    private readonly repository: SandboxesRepository,
    private readonly projects: ProjectsService,
    private readonly lifecycle: SandboxLifecycleService,
    private readonly registry: PackageRegistryService,
  ) {}

  /** The longest one pass of copy, install, build and start may take, each step within its own limit. */
  passLimitMs(): number {
    return SYNC_TIMEOUT_MS + this.config.builds.timeoutSeconds * 1000 + BUILD_GRACE_MS + HEALTH_TIMEOUT_MS + 4 * CHECK_TIMEOUT_MS;
  }

  /**
   * Copies the project's saved files into its container, replacing what was there but node_modules (and what `keep` names);
   * `overrides` stand in for saved files (or add to them) in the copy only. The platform's build files
   * (sandbox-platform-files.ts) go in beside them, in the container only.
   */
  async syncFiles(projectId: string, container: RunningContainer, { keep = ['node_modules'], overrides }: { keep?: string[]; overrides?: ReadonlyMap<string, string> } = {}): Promise<number> {
    const saved = await this.projects.filePaths(projectId);
    const paths = [...new Set([...saved, ...(overrides?.keys() ?? [])])].filter((path) => !BUILD_PLATFORM_FILES.has(path));
    const pack = tar.pack();
    // An engine that goes away mid-copy closes the pipe: the command's result says so, not a crash.
    pack.on('error', () => undefined);
    const packing = (async () => {
      for (const path of [...paths, ...BUILD_PLATFORM_FILES.keys()]) {
        const override = BUILD_PLATFORM_FILES.get(path) ?? overrides?.get(path);
        const content = override === undefined ? await this.projects.readFileBytes(projectId, path) : Buffer.from(override);
        await new Promise<void>((resolve, reject) => {
          pack.entry({ name: path, size: content.length, mode: 0o644, uid: 1000, gid: 1000, mtime: new Date() }, content, (err) => (err ? reject(err) : resolve()));
        });
      }
      pack.finalize();
    })();
    const result = await this.run(container, ['bash', '-c', syncFilesScript(keep)], { timeoutMs: SYNC_TIMEOUT_MS, stdin: pack });
    // A copy given up on leaves the packer waiting for a reader that is gone.
    if (result.exitCode !== 0) pack.destroy();
    await packing.catch(() => undefined);
    if (result.timedOut) throw new DomainError(ErrorCode.Unavailable, 'Copying the project into its sandbox did not finish', `it took longer than ${SYNC_TIMEOUT_MS / 1000} s`);
    if (result.exitCode !== 0) throw new DomainError(ErrorCode.Internal, 'Copying the project into its sandbox failed', result.output.trim().slice(-2000));
    return paths.length;
  }

  /**
   * Installs and builds the project in its container, streaming the output. A project whose build script
   * is exactly `vite build` is built with the platform's config, which adds the source tags the owner's
   * preview selects elements by.
   */
  async runBuild(projectId: string, container: RunningContainer, onOutput: (chunk: string) => void): Promise<CommandResult> {
    const limit = this.config.builds.timeoutSeconds;
    const started = Date.now();
    const manifest = await this.projects.readFileBytes(projectId, 'package.json').catch(() => null);
    const build = manifest !== null && buildsWithPlainVite(manifest.toString('utf8')) ? TAGGED_VITE_BUILD : undefined;
    // Packages come from the registry proxy and pass the platform's policy (prepare-workspace.mjs applies it).
    const env = await this.registry.installEnvironment();
    // A build that leaves a process holding its output open never ends by itself: past its time the container stops.
    const result = await this.run(container, ['bash', '-o', 'pipefail', '-c', buildScript(limit, build)], {
      env,
      timeoutMs: limit * 1000 + BUILD_GRACE_MS,
      maxOutputBytes: BUILD_OUTPUT_LIMIT_BYTES,
      onOutput,
    });
    const timedOut = result.timedOut || result.exitCode === 124;
    const killed = result.exitCode === 137 || (result.exitCode === -1 && !result.timedOut && !result.outputLimited);
    if (timedOut || killed || result.outputLimited) await this.recycle(projectId);
    return { exitCode: result.exitCode, timedOut, killed, outputLimited: result.outputLimited, durationMs: Date.now() - started };
  }

  /**
   * Installs the dependencies the project would have with `overrides` (a changed package.json) before
   * they are saved: the files are copied in with them (the built app stays), and the install runs as a
   * build's would, through the registry proxy under its policy. Answers whether it succeeded, what it
   * printed, and the lockfile it left (null: none, as when every package comes from the image).
   */
  async installTrial(projectId: string, container: RunningContainer, overrides: ReadonlyMap<string, string>): Promise<{ ok: boolean; output: string; lockfile: string | null }> {
    await this.syncFiles(projectId, container, { keep: ['node_modules', 'dist'], overrides });
    const limit = this.config.builds.timeoutSeconds;
    const env = await this.registry.installEnvironment();
    const install = await this.run(container, ['bash', '-c', `cd ${SANDBOX_PROJECT_DIR} && node /opt/forge/bin/prepare-workspace.mjs ${SANDBOX_PROJECT_DIR} 2>&1`], {
      env,
      timeoutMs: limit * 1000,
      maxOutputBytes: LOG_TAIL_BYTES * 16,
    });
    const ok = install.exitCode === 0 && !install.timedOut;
    const output = install.timedOut ? `${install.output}\nThe install took longer than ${limit} s.` : install.output;
    if (!ok) return { ok, output, lockfile: null };
    // Read only as a regular file: the project's own code could have put anything there.
    const lock = await this.run(container, ['bash', '-c', `f=${SANDBOX_PROJECT_DIR}/package-lock.json; if [ -f "$f" ] && [ ! -L "$f" ]; then cat "$f"; else exit 3; fi`], {
      maxOutputBytes: MAX_LOCKFILE_BYTES,
    });
    return { ok, output, lockfile: lock.exitCode === 0 && !lock.outputLimited ? lock.output : null };
  }

  /**
   * Starts the app in the container with the project's variables (`env`) and waits until it answers HTTP. A static app (no start
   * script, or `vite preview`) is served from its build output (dist/, or build/ for Create React App) by a small server in the
   * image, without loading Vite; a project with a start script of its own runs it. `command` replaces that choice (the live preview's dev server).
   */
  async startApp(projectId: string, container: RunningContainer, log: (line: string) => void, env: Record<string, string> = {}, command?: string): Promise<void> {
    command ??= (await this.isStaticApp(projectId)) ? `node /opt/forge/bin/serve-static.mjs dist build` : `node /opt/forge/bin/run-script.mjs start`;
    await this.nodes
      .engine(container.nodeId)
      .execDetached(container.id, ['setsid', 'bash', '-c', startScript(command)], { user: SANDBOX_USER, env: { ...env, NODE_OPTIONS: appNodeOptions(this.config) } });
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    let nextAliveCheck = Date.now() + 1500;
    let exited = false;
    while (Date.now() < deadline) {
      if (await answersHttp(container.address)) return;
      if (Date.now() > nextAliveCheck) {
        nextAliveCheck = Date.now() + 1500;
        const alive = await this.run(container, ['bash', '-c', APP_ALIVE]);
        if (alive.exitCode !== 0) {
          exited = true;
          break;
        }
      }
      await sleep(HEALTH_POLL_MS);
    }
    const tail = await this.tail(container, APP_LOG, 30);
    if (tail) for (const line of tail.split('\n')) log(line);
    const why = exited ? `its start command ended without answering on port ${SANDBOX_APP_PORT}` : `its start command did not answer on port ${SANDBOX_APP_PORT} within ${HEALTH_TIMEOUT_MS / 1000} s`;
    throw new DomainError(ErrorCode.Unavailable, 'The app did not start', why);
  }

  /** Ends the running app and waits until it is gone, so a start after it cannot take the old app's answer for its own. */
  async stopApp(container: RunningContainer): Promise<void> {
    await this.run(container, ['bash', '-c', STOP_APP]);
  }

  /** Whether the project's app answers HTTP in its container right now. */
  async appAnswers(projectId: string): Promise<boolean> {
    const target = await this.lifecycle.target(projectId);
    return target !== null && (await answersHttp(new URL(target).host));
  }

  /** The container's build and app output; the last build's log when it is not running. */
  async logs(projectId: string): Promise<string> {
    await this.lifecycle.requireRecord(projectId);
    const info = await this.lifecycle.runningContainer(projectId).catch(() => null);
    if (!info) {
      const log = await this.repository.lastBuildLog(projectId);
      return log ? `── last build (the container is not running) ──\n${log}` : '';
    }
    const build = await this.tail(info, BUILD_LOG, 300);
    const app = await this.tail(info, APP_LOG, 300);
    return [build && `── build ──\n${build}`, app && `── app ──\n${app}`].filter(Boolean).join('\n\n');
  }

  /** Stops the container, whatever runs in it: a build past its time, one that failed, one given up on. */
  async recycle(projectId: string): Promise<void> {
    const sandbox = await this.repository.find(projectId);
    if (sandbox?.nodeId) await this.lifecycle.engineOf(sandbox.nodeId)?.stop(containerName(this.config, projectId), 1);
  }

  private async isStaticApp(projectId: string): Promise<boolean> {
    try {
      const pkg = JSON.parse((await this.projects.readFileBytes(projectId, 'package.json')).toString('utf8')) as { scripts?: Record<string, unknown> };
      const start = pkg.scripts?.start;
      return start === undefined || (typeof start === 'string' && /^vite preview(\s|$)/.test(start.trim()));
    } catch {
      return false;
    }
  }

  /** The last lines of one of the platform's logs, or a word on why it was not read. */
  private async tail(container: ContainerRef, path: string, lines: number): Promise<string> {
    const result = await this.run(container, readLogCommand(path, LOG_TAIL_BYTES), { maxOutputBytes: LOG_TAIL_BYTES + 1024 });
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (result.exitCode === LOG_NOT_REGULAR) return `(${name} is not a regular file but a ${result.output.trim() || 'special file'}, so the platform did not read it)`;
    if (result.timedOut) return `(${name} could not be read within ${CHECK_TIMEOUT_MS / 1000} s)`;
    if (result.exitCode !== 0) return '';
    return result.output.trimEnd().split('\n').slice(-lines).join('\n');
  }

  /**
   * Runs a command as the sandbox user, ended inside the container at its time limit and given up
   * on from outside shortly after, with what it may print capped.
   */
  private run(
    container: ContainerRef,
    command: string[],
    options: { timeoutMs?: number; maxOutputBytes?: number; stdin?: Readable; onOutput?: (chunk: string) => void; env?: Record<string, string> } = {},
  ): Promise<ExecResult> {
    const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
    return this.nodes.engine(container.nodeId).exec(container.id, withTimeLimit(timeoutMs / 1000, command), {
      user: SANDBOX_USER,
      env: options.env,
      stdin: options.stdin,
      onOutput: options.onOutput,
      timeoutMs: timeoutMs + 3000,
      maxOutputBytes: options.maxOutputBytes ?? SMALL_OUTPUT_BYTES,
    });
  }
}

/** A container on its host. */
type ContainerRef = Pick<RunningContainer, 'id' | 'nodeId'>;

/** Whether something answers HTTP at host:port. */
function answersHttp(address: string): Promise<boolean> {
  const at = address.lastIndexOf(':');
  return new Promise((resolve) => {
    const req = request({ host: address.slice(0, at), port: Number(address.slice(at + 1)), path: '/', method: 'GET', timeout: 1500 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
