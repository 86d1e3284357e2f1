import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import tar from 'tar-stream';
import type { AdminSandbox } from '@forge/protocol/admin';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError, notFound } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ProjectStorage } from '../projects/project-storage.js';
import { ProjectsService } from '../projects/projects.service.js';
import {
  LABEL,
  SANDBOX_APP_PORT,
  SANDBOX_LOG_DIR,
  SANDBOX_PROJECT_DIR,
  SANDBOX_USER,
  containerName,
  egressRules,
  firewallHelperOptions,
  instanceLabels,
  SANDBOX_NETWORK,
  sandboxContainerOptions,
} from './container-spec.js';
import { DOCKER_MISSING_HELP, DockerDriver } from './docker.driver.js';
import { type SandboxRecord, SandboxesRepository } from './sandboxes.repository.js';

export interface RunningContainer {
  id: string;
  ip: string;
}

export interface CommandResult {
  exitCode: number;
  timedOut: boolean;
  /** Killed by the kernel for memory, or by a signal. */
  killed: boolean;
}

const HEALTH_TIMEOUT_MS = 45_000;
const IDLE_SWEEP_MS = 60_000;
const VISIT_FLUSH_MS = 15_000;
const HEALTH_POLL_MS = 50;
const APP_PID_FILE = `${SANDBOX_LOG_DIR}/app.pid`;
/** Ends the running app, its whole process group, before a build or a new start. */
const STOP_APP =
  `if [ -f ${APP_PID_FILE} ]; then pid=$(cat ${APP_PID_FILE}); kill -TERM -- -$pid 2>/dev/null; ` +
  `for i in $(seq 30); do kill -0 -- -$pid 2>/dev/null || break; sleep 0.1; done; kill -KILL -- -$pid 2>/dev/null; rm -f ${APP_PID_FILE}; fi`;
/** Extra time a build gets past its own limit before the container itself is stopped. */
const WATCHDOG_GRACE_MS = 15_000;

/** Per-project containers: their lifecycle, the commands run in them, and what operators see. */
@Injectable()
export class SandboxesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Sandboxes');
  /** One lifecycle change at a time per project. */
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly visits = new Map<string, Date>();
  /** Projects waiting for a prewarm, served in order by one chain. */
  private readonly prewarmQueue = new Set<string>();
  private prewarming: Promise<void> = Promise.resolve();
  private readonly timers: NodeJS.Timeout[] = [];
  private wakeHandler: ((projectId: string) => void) | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly docker: DockerDriver,
    private readonly repository: SandboxesRepository,
    private readonly storage: ProjectStorage,
    private readonly projects: ProjectsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.projects.onRemove((projectId) => this.remove(projectId, { quiet: true }));
    await this.reconcile().catch((err: Error) => this.logger.warn(`Reconciling with Docker: ${err.message}`));
    this.timers.push(setInterval(() => void this.flushVisits(), VISIT_FLUSH_MS).unref());
    this.timers.push(setInterval(() => void this.stopIdle(), IDLE_SWEEP_MS).unref());
  }

  async onModuleDestroy(): Promise<void> {
    // Sandboxes not started yet are not started by a server on its way down.
    this.prewarmQueue.clear();
    for (const timer of this.timers) clearInterval(timer);
    await this.flushVisits();
  }

  /** Who rebuilds a sandbox whose preview is visited while stopped (the builds service). */
  setWakeHandler(handler: (projectId: string) => void): void {
    this.wakeHandler = handler;
  }

  previewUrl(previewId: string): string {
    return `http://${previewId}.${this.config.previewDomain}:${this.config.previewPort}/`;
  }

  /** The engine and the image, or a user-facing reason why builds cannot run. */
  async readiness(): Promise<{ ready: true } | { ready: false; error: string; details: string }> {
    const engine = await this.docker.status();
    if (!engine.reachable) return { ready: false, error: 'Docker is not available', details: engine.detail };
    if (!(await this.docker.imageExists(this.config.sandbox.image))) {
      return {
        ready: false,
        error: 'The sandbox image is missing',
        details: `Docker has no image ${this.config.sandbox.image}. Run npm start (it builds the image) or node scripts/sandbox-image.mjs.`,
      };
    }
    return { ready: true };
  }

  async ensureRecord(projectId: string): Promise<SandboxRecord> {
    return this.repository.ensure(projectId, newPreviewId);
  }

  find(projectId: string): Promise<SandboxRecord | null> {
    return this.repository.find(projectId);
  }

  async setState(projectId: string, data: Partial<Omit<SandboxRecord, 'projectId' | 'previewId'>>): Promise<void> {
    await this.repository.update(projectId, data);
  }

  /**
   * Starts the project's container ahead of its first build, while the model is still writing.
   * One at a time: fifty generations starting fifty containers at once would take the machine's
   * cores from the streams being watched. A build that comes first starts the container itself.
   * Failures only log: the build reports them properly.
   */
  prewarm(projectId: string): void {
    if (this.prewarmQueue.has(projectId)) return;
    this.prewarmQueue.add(projectId);
    this.prewarming = this.prewarming.then(async () => {
      if (!this.prewarmQueue.delete(projectId) || this.locks.has(projectId)) return;
      const started = Date.now();
      try {
        const readiness = await this.readiness();
        if (readiness.ready) await this.ensureContainer(projectId);
      } catch (err) {
        this.logger.warn(`Prewarming the sandbox of ${projectId}: ${(err as Error).message}`);
      }
      // Under a burst, the engine works at most half the time on prewarms.
      if (this.prewarmQueue.size > 0) await new Promise((resolve) => setTimeout(resolve, Date.now() - started));
    });
  }

  /** The project's container, created, started and firewalled when needed. */
  ensureContainer(projectId: string, log: (line: string) => void = () => {}): Promise<RunningContainer> {
    return this.locked(projectId, async () => {
      const project = await this.projects.findById(projectId);
      if (!project) throw notFound('Project not found');
      await this.ensureRecord(projectId);
      const name = containerName(this.config, projectId);
      let info = await this.docker.inspect(name);
      if (info?.running && info.ip) return { id: info.id, ip: info.ip };
      if (!info) {
        log('📦 Creating the project\'s sandbox container...');
        await this.docker.ensureNetwork(SANDBOX_NETWORK, { [LABEL.platform]: 'forge' });
        await this.docker.createContainer(sandboxContainerOptions(this.config, project));
      } else {
        log('📦 Starting the project\'s sandbox container...');
      }
      await this.docker.start(name);
      info = await this.docker.inspect(name);
      if (!info?.running || !info.ip) throw new DomainError(ErrorCode.Unavailable, 'The sandbox container did not start');
      try {
        await this.applyFirewall(info.id);
      } catch (err) {
        // Never leave a container running without its firewall.
        await this.docker.remove(info.id);
        throw err;
      }
      await this.repository.update(projectId, { containerId: info.id, startedAt: new Date() });
      return { id: info.id, ip: info.ip };
    });
  }

  /** Copies the project's saved files into its container, replacing what was there but node_modules. */
  async syncFiles(projectId: string, container: RunningContainer): Promise<number> {
    const paths = await this.projects.filePaths(projectId);
    const pack = tar.pack();
    const packing = (async () => {
      for (const path of paths) {
        const content = await this.storage.readFile(projectId, path);
        await new Promise<void>((resolve, reject) => {
          pack.entry({ name: path, size: content.length, mode: 0o644, uid: 1000, gid: 1000, mtime: new Date() }, content, (err) => (err ? reject(err) : resolve()));
        });
      }
      pack.finalize();
    })();
    let output = '';
    const exitCode = await this.docker.exec(
      container.id,
      ['bash', '-c', `set -e; mkdir -p ${SANDBOX_PROJECT_DIR} ${SANDBOX_LOG_DIR}; cd ${SANDBOX_PROJECT_DIR}; find . -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +; tar -x -f - -m --no-same-owner`],
      { user: SANDBOX_USER, stdin: pack, onOutput: (chunk) => (output += chunk) },
    );
    await packing;
    if (exitCode !== 0) throw new DomainError(ErrorCode.Internal, 'Copying the project into its sandbox failed', output.trim().slice(-2000));
    return paths.length;
  }

  /** Installs and builds the project in its container, streaming the output. */
  async runBuild(projectId: string, container: RunningContainer, onOutput: (chunk: string) => void): Promise<CommandResult> {
    const limit = this.config.builds.timeoutSeconds;
    const script =
      `${STOP_APP}; cd ${SANDBOX_PROJECT_DIR} && : > ${SANDBOX_LOG_DIR}/build.log && ` +
      `{ node /opt/forge/bin/prepare-workspace.mjs ${SANDBOX_PROJECT_DIR} && timeout -k 5 ${limit} node /opt/forge/bin/run-script.mjs build; } 2>&1 | tee -a ${SANDBOX_LOG_DIR}/build.log`;
    let watchdogFired = false;
    // A build that leaves a process holding its output open never ends by itself: stop the container.
    const watchdog = setTimeout(() => {
      watchdogFired = true;
      void this.docker.stop(container.id, 1);
    }, limit * 1000 + WATCHDOG_GRACE_MS);
    try {
      const exitCode = await this.docker.exec(container.id, ['bash', '-o', 'pipefail', '-c', script], { user: SANDBOX_USER, onOutput });
      const timedOut = watchdogFired || exitCode === 124;
      const killed = exitCode === 137 || exitCode === -1;
      if (timedOut || killed) await this.recycle(projectId);
      return { exitCode, timedOut, killed };
    } finally {
      clearTimeout(watchdog);
    }
  }

  /**
   * Starts the app in the container and waits until it answers HTTP. A static app (its start script
   * is `vite preview`) is served from its build by a small server in the image, without loading Vite.
   */
  async startApp(projectId: string, container: RunningContainer, log: (line: string) => void): Promise<void> {
    const command = (await this.isStaticApp(projectId)) ? `node /opt/forge/bin/serve-static.mjs dist` : `node /opt/forge/bin/run-script.mjs start`;
    await this.docker.execDetached(
      container.id,
      ['setsid', 'bash', '-c', `${STOP_APP}; echo $$ > ${APP_PID_FILE}; cd ${SANDBOX_PROJECT_DIR} && exec ${command} >> ${SANDBOX_LOG_DIR}/app.log 2>&1`],
      { user: SANDBOX_USER },
    );
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    let nextAliveCheck = Date.now() + 1500;
    while (Date.now() < deadline) {
      if (await answersHttp(container.ip, SANDBOX_APP_PORT)) return;
      if (Date.now() > nextAliveCheck) {
        nextAliveCheck = Date.now() + 1500;
        const alive = await this.docker.exec(container.id, ['bash', '-c', `kill -0 -- -$(cat ${APP_PID_FILE}) 2>/dev/null`], { user: SANDBOX_USER });
        if (alive !== 0) break;
      }
      await sleep(HEALTH_POLL_MS);
    }
    const tail = await this.tail(container.id, 'app.log', 30);
    if (tail) for (const line of tail.split('\n')) log(line);
    throw new DomainError(ErrorCode.Unavailable, 'The app did not start', `its start command did not answer on port ${SANDBOX_APP_PORT} within ${HEALTH_TIMEOUT_MS / 1000} s`);
  }

  private async isStaticApp(projectId: string): Promise<boolean> {
    try {
      const pkg = JSON.parse((await this.storage.readFile(projectId, 'package.json')).toString('utf8')) as { scripts?: Record<string, unknown> };
      return typeof pkg.scripts?.start === 'string' && /^vite preview(\s|$)/.test(pkg.scripts.start.trim());
    } catch {
      return false;
    }
  }

  /** Stops the container: its processes and its scratch space go, the project's files stay. */
  async stop(projectId: string): Promise<void> {
    const sandbox = await this.requireRecord(projectId);
    await this.locked(projectId, async () => {
      if (sandbox.containerId) await this.docker.stop(sandbox.containerId);
      await this.repository.update(projectId, { state: 'stopped', startedAt: null });
    });
  }

  /** Stops and starts again: the builds service rebuilds the project in a fresh container. */
  async restart(projectId: string): Promise<void> {
    await this.stop(projectId);
    this.wake(projectId);
  }

  async remove(projectId: string, options: { quiet?: boolean } = {}): Promise<void> {
    this.prewarmQueue.delete(projectId);
    const sandbox = await this.repository.find(projectId);
    if (!sandbox) {
      if (options.quiet) return;
      throw notFound('Sandbox not found');
    }
    await this.locked(projectId, async () => {
      await this.docker.remove(containerName(this.config, projectId));
      await this.repository.update(projectId, { state: 'stopped', containerId: null, startedAt: null });
    });
  }

  /** A stopped preview was visited: rebuild it once. */
  wake(projectId: string): void {
    this.wakeHandler?.(projectId);
  }

  recordVisit(projectId: string): void {
    this.visits.set(projectId, new Date());
  }

  async listForAdmin(): Promise<AdminSandbox[]> {
    const [rows, containers] = await Promise.all([this.repository.list(), this.docker.list(instanceLabels(this.config)).catch(() => [])]);
    const byProject = new Map(containers.map((container) => [container.labels[LABEL.projectId], container]));
    return Promise.all(
      rows.map(async (row) => {
        const container = byProject.get(row.projectId);
        const usage = container?.running ? await this.docker.usage(container.id).catch(() => null) : null;
        const lastVisit = this.visits.get(row.projectId) ?? row.lastVisitAt;
        return {
          projectId: row.projectId,
          projectName: row.project.name,
          ownerId: row.project.ownerId,
          ownerKeyHint: row.project.ownerKeyHint,
          state: row.state,
          container: container
            ? {
                id: container.id.slice(0, 12),
                status: container.status,
                cpuPercent: usage ? Math.round(usage.cpuPercent * 10) / 10 : null,
                memoryBytes: usage?.memoryBytes ?? null,
                memoryLimitBytes: usage?.memoryLimitBytes ?? null,
              }
            : null,
          previewUrl: row.state === 'running' ? this.previewUrl(row.previewId) : null,
          startedAt: row.startedAt?.toISOString() ?? null,
          lastVisitAt: lastVisit?.toISOString() ?? null,
          builtAt: row.builtAt?.toISOString() ?? null,
        };
      }),
    );
  }

  /** The container's build and app output; the last build's log when it is not running. */
  async logs(projectId: string): Promise<string> {
    await this.requireRecord(projectId);
    const info = await this.docker.inspect(containerName(this.config, projectId)).catch(() => null);
    if (!info?.running) {
      const log = await this.repository.lastBuildLog(projectId);
      return log ? `── last build (the container is not running) ──\n${log}` : '';
    }
    const build = await this.tail(info.id, 'build.log', 300);
    const app = await this.tail(info.id, 'app.log', 300);
    return [build && `── build ──\n${build}`, app && `── app ──\n${app}`].filter(Boolean).join('\n\n');
  }

  /** The running app's address inside the sandbox network, if its container is up. */
  async target(projectId: string): Promise<string | null> {
    const info = await this.docker.inspect(containerName(this.config, projectId));
    return info?.running && info.ip ? `http://${info.ip}:${SANDBOX_APP_PORT}` : null;
  }

  findByPreviewId(previewId: string) {
    return this.repository.findByPreviewId(previewId);
  }

  /** Stops the container after a runaway build, so nothing it started lives on. */
  private async recycle(projectId: string): Promise<void> {
    await this.docker.stop(containerName(this.config, projectId), 1);
  }

  private async tail(containerId: string, file: string, lines: number): Promise<string> {
    let output = '';
    await this.docker.exec(containerId, ['bash', '-c', `tail -n ${lines} ${SANDBOX_LOG_DIR}/${file} 2>/dev/null; true`], {
      user: SANDBOX_USER,
      onOutput: (chunk) => (output += chunk),
    });
    return output.trimEnd();
  }

  /**
   * The egress policy goes into the container's network namespace from a short-lived helper that
   * shares it with NET_ADMIN; the sandbox itself never holds a capability to change it.
   */
  private async applyFirewall(containerId: string): Promise<void> {
    const rules = egressRules({ nameservers: hostNameservers(), allow: this.config.sandbox.egressAllow, hostAddresses: hostAddresses() });
    const { exitCode, output } = await this.docker.runToCompletion(firewallHelperOptions(this.config, containerId, rules));
    if (exitCode !== 0) throw new DomainError(ErrorCode.Internal, 'Could not firewall the sandbox', output.trim());
  }

  private async requireRecord(projectId: string): Promise<SandboxRecord> {
    const sandbox = await this.repository.find(projectId);
    if (!sandbox) throw notFound('Sandbox not found');
    return sandbox;
  }

  /** Containers of projects that no longer exist go; running previews are found again. */
  async reconcile(): Promise<void> {
    const engine = await this.docker.status();
    if (!engine.reachable) {
      this.logger.warn(DOCKER_MISSING_HELP);
      await this.repository.markAllWithoutContainer([]);
      return;
    }
    const containers = await this.docker.list(instanceLabels(this.config));
    const known = await this.repository.knownProjectIds(containers.map((container) => container.labels[LABEL.projectId] ?? ''));
    const kept: string[] = [];
    for (const container of containers) {
      const projectId = container.labels[LABEL.projectId] ?? '';
      const sandbox = known.has(projectId) ? await this.repository.find(projectId) : null;
      if (!sandbox || container.name !== containerName(this.config, projectId)) {
        this.logger.log(`Removing container ${container.name}: its project no longer exists`);
        await this.docker.remove(container.id);
        continue;
      }
      kept.push(projectId);
      const target = container.running ? await this.target(projectId) : null;
      const answering = target !== null && (await answersHttp(new URL(target).hostname, SANDBOX_APP_PORT));
      await this.repository.update(projectId, answering ? { state: 'running', containerId: container.id } : { state: 'stopped', containerId: container.id, startedAt: null });
      if (answering) this.logger.log(`Found the running preview of ${container.labels[LABEL.project] ?? projectId} again`);
    }
    await this.repository.markAllWithoutContainer(kept);
  }

  private async flushVisits(): Promise<void> {
    if (this.visits.size === 0) return;
    const batch = new Map(this.visits);
    this.visits.clear();
    await this.repository.recordVisits(batch).catch((err: Error) => this.logger.warn(`Recording preview visits: ${err.message}`));
  }

  /** Previews nobody has visited for a while stop; their next visit starts them again. */
  async stopIdle(): Promise<void> {
    await this.flushVisits();
    const cutoff = Date.now() - this.config.previews.idleMinutes * 60_000;
    const rows = await this.repository.list().catch(() => []);
    for (const row of rows) {
      if (row.state !== 'running') continue;
      const last = Math.max(row.lastVisitAt?.getTime() ?? 0, row.startedAt?.getTime() ?? 0, row.builtAt?.getTime() ?? 0);
      if (last > cutoff) continue;
      this.logger.log(`Stopping the idle preview of ${row.project.name}`);
      await this.stop(row.projectId).catch((err: Error) => this.logger.warn(`Stopping ${row.project.name}: ${err.message}`));
    }
  }

  private locked<T>(projectId: string, action: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(projectId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(action);
    this.locks.set(projectId, next);
    void next.finally(() => {
      if (this.locks.get(projectId) === next) this.locks.delete(projectId);
    }).catch(() => undefined);
    return next;
  }
}

/** A DNS label nobody can guess: 20 characters of base32. */
function newPreviewId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from(randomBytes(20), (byte) => alphabet[byte & 31]).join('');
}

function hostNameservers(): string[] {
  try {
    return readFileSync('/etc/resolv.conf', 'utf8')
      .split('\n')
      .map((line) => /^\s*nameserver\s+(\d+\.\d+\.\d+\.\d+)\s*$/.exec(line)?.[1])
      .filter((ip): ip is string => Boolean(ip) && !ip!.startsWith('127.'));
  } catch {
    return [];
  }
}

function hostAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4')
    .map((address) => address!.address);
}

function answersHttp(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({ host, port, path: '/', method: 'GET', timeout: 1500 }, (res) => {
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
