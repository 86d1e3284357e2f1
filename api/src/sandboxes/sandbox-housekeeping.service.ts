import type { LogLevel } from '@forge/protocol/runs';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AdminSandbox, AdminSandboxesResponse } from '@forge/protocol/admin';
import { ErrorCode } from '@forge/protocol/errors';
import { ClusterLocks, LockScope } from '../cluster/cluster-locks.js';
import { JOB_HEARTBEAT_SECONDS, WorkQueue } from '../cluster/work-queue.js';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { LABEL, containerName, instanceLabels } from './container-spec.js';
import { type ContainerInfo, DOCKER_MISSING_HELP } from './docker.driver.js';
import { SandboxDisks } from './sandbox-disks.js';
import { SandboxUsageCollector } from './sandbox-usage-collector.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';
import { type RunningContainer, SandboxLifecycleService } from './sandbox-lifecycle.service.js';
import { SandboxWorkspaceService } from './sandbox-workspace.service.js';
import { type SandboxRecord, SandboxesRepository } from './sandboxes.repository.js';

const IDLE_SWEEP_MS = 60_000;
const VISIT_FLUSH_MS = 15_000;
const PREWARMS_QUEUE = 'forge-prewarms';

/**
 * Keeping sandboxes in step with what happens around them: Docker at start-up, idle previews,
 * containers started ahead of a build, preview visits, and what operators see of it all.
 */
@Injectable()
export class SandboxHousekeepingService implements OnApplicationBootstrap, BeforeApplicationShutdown, OnModuleDestroy {
  private readonly logger = new Logger('Sandboxes');
  /** Visits not written down yet: they go to PostgreSQL in one statement every `VISIT_FLUSH_MS`. */
  private readonly visits = new Map<string, Date>();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly nodes: SandboxNodesService,
    private readonly repository: SandboxesRepository,
    private readonly lifecycle: SandboxLifecycleService,
    private readonly workspace: SandboxWorkspaceService,
    private readonly workQueue: WorkQueue,
    private readonly locks: ClusterLocks,
    private readonly disks: SandboxDisks,
    private readonly usage: SandboxUsageCollector,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.reconcile().catch((err: Error) => this.logger.warn(`Reconciling with Docker: ${err.message}`));
    // One prewarm per project queued or running, whichever replica queued it; one at a time per replica.
    await this.workQueue.ensureQueue(PREWARMS_QUEUE, { policy: 'exclusive', heartbeatSeconds: JOB_HEARTBEAT_SECONDS, retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 600 });
    await this.workQueue.work<{ projectId: string }>(PREWARMS_QUEUE, { localConcurrency: 1 }, (job) => this.prewarmNow(job.data.projectId));
    // A sweep that fails (the database or Docker away for a moment) is logged and tried again next time.
    this.timers.push(setInterval(() => void this.flushVisits().catch((err: Error) => this.logger.warn(`Recording preview visits: ${err.message}`)), VISIT_FLUSH_MS).unref());
    this.timers.push(setInterval(() => void this.stopIdle().catch((err: Error) => this.logger.warn(`Stopping idle sandboxes: ${err.message}`)), IDLE_SWEEP_MS).unref());
  }

  /** Sandboxes not started yet are not started by a server on its way down: other replicas take them. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.workQueue.stopTaking(PREWARMS_QUEUE);
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.flushVisits();
  }

  /**
   * Starts the project's container ahead of its first build, while the model is still writing.
   * Queued: fifty generations starting fifty containers at once would take the machines' cores from
   * the streams being watched. A build that comes first starts the container itself.
   */
  prewarm(projectId: string): void {
    void this.workQueue.send(PREWARMS_QUEUE, { projectId }, { singletonKey: projectId }).catch((err: Error) => this.logger.warn(`Queuing the prewarm of ${projectId}: ${err.message}`));
  }

  /** Failures only log: the build reports them properly. */
  private async prewarmNow(projectId: string): Promise<void> {
    const started = Date.now();
    try {
      // A project deleted meanwhile needs none, nor one whose build is starting its container now.
      const owner = await this.lifecycle.ownerOf(projectId).catch(() => null);
      if (!owner || (await this.lifecycle.isBusy(projectId))) return;
      const readiness = await this.lifecycle.readiness();
      if (readiness.ready) await this.startWithinQuota(projectId, (line) => this.logger.log(`Prewarming ${projectId}: ${line}`));
    } catch (err) {
      this.logger.warn(`Prewarming the sandbox of ${projectId}: ${(err as Error).message}`);
    }
    // Under a burst, this replica's engine work goes at most half to prewarms.
    if ((await this.workQueue.queued(PREWARMS_QUEUE)) > 0) await new Promise((resolve) => setTimeout(resolve, Date.now() - started));
  }

  recordVisit(projectId: string): void {
    this.visits.set(projectId, new Date());
  }

  /**
   * Containers nobody used for a while stop; a preview's next visit starts it again. Docker says what
   * runs, not the records: a container started ahead of a build, or one whose record was written
   * wrongly, would otherwise run forever.
   */
  async stopIdle(): Promise<void> {
    await this.flushVisits();
    for (const host of this.nodes.hosts) await this.stopIdleOn(host.name);
    await this.sweepDisks();
  }

  /**
   * Disks whose container is gone (removed behind the platform's back, or by a platform that stopped
   * before it could release them) are removed, on every engine this replica knows that answers now.
   */
  private async sweepDisks(): Promise<void> {
    if (!this.disks.enabled) return;
    const engines: string[] = [];
    const existing = new Set<string>();
    for (const host of this.nodes.hosts) {
      // Every platform's containers on the engine: another checkout's disks are not this one's to judge by its own alone.
      const containers = await this.nodes
        .engine(host.name)
        .list({ [LABEL.platform]: 'forge' })
        .catch(() => null);
      if (!containers) continue;
      engines.push(this.lifecycle.diskEngine(host.name));
      for (const container of containers) existing.add(container.name);
    }
    await this.disks.sweep(engines, existing).catch((err: Error) => this.logger.warn(`Sweeping sandbox disks: ${err.message}`));
  }

  /** One host's sweep; its containers whose sandbox moved to another host (it was lost a while) go. */
  private async stopIdleOn(nodeId: string): Promise<void> {
    const engine = this.nodes.engine(nodeId);
    const cutoff = Date.now() - this.config.previews.idleMinutes * 60_000;
    const running = (await engine.list(instanceLabels(this.config)).catch(() => [])).filter((container) => container.running && container.labels[LABEL.projectId]);
    const projectIds = running.map((container) => container.labels[LABEL.projectId]!);
    const rows = new Map((await this.repository.findMany(projectIds)).map((row) => [row.projectId, row]));
    const busy = await this.lifecycle.busyAmong(projectIds);
    for (const container of running) {
      const projectId = container.labels[LABEL.projectId]!;
      const row = rows.get(projectId);
      if (!row) {
        this.logger.log(`Stopping container ${container.name} on ${nodeId}: it has no sandbox record`);
        await engine.stop(container.id, 1).catch((err: Error) => this.logger.warn(`Stopping ${container.name}: ${err.message}`));
        continue;
      }
      if (row.nodeId !== nodeId) {
        if (busy.has(projectId)) continue;
        this.logger.log(`Removing container ${container.name} from ${nodeId}: its sandbox lives on ${row.nodeId ?? 'no host'} now`);
        await this.lifecycle.removeContainer(nodeId, container.id).catch((err: Error) => this.logger.warn(`Removing ${container.name}: ${err.message}`));
        continue;
      }
      if (row.state === 'building' || busy.has(projectId) || this.lastUsed(row) > cutoff) continue;
      this.logger.log(`Stopping the idle sandbox of ${row.project.name} (${row.state})`);
      await this.lifecycle.stop(projectId).catch((err: Error) => this.logger.warn(`Stopping ${row.project.name}: ${err.message}`));
    }
  }

  /**
   * Starts the project's container within its owner's allowance of running sandboxes: when the owner
   * has as many running already, the least recently used of them (visited, built or started) stops
   * first, and the log says so. Sandboxes being built are not stopped; when every other one is, the
   * start is refused. One start per account at a time, on all replicas, so two at once cannot both find room.
   */
  startWithinQuota(projectId: string, log: (line: string, level?: LogLevel) => void): Promise<RunningContainer> {
    return this.lifecycle.ownerOf(projectId).then((owner) =>
      this.locks.run(LockScope.AccountSandboxStarts, owner, async () => {
        await this.makeRoomFor(projectId, owner, log);
        return this.lifecycle.ensureContainer(projectId, log);
      }),
    );
  }

  private async makeRoomFor(projectId: string, ownerId: string, log: (line: string, level?: LogLevel) => void): Promise<void> {
    if (
      await this.lifecycle.runningContainer(projectId).then(
        () => true,
        () => false,
      )
    )
      return;
    const limit = this.config.limits.runningSandboxes;
    const everywhere = await Promise.all(
      this.nodes.hosts.map((host) =>
        this.nodes
          .engine(host.name)
          .list({ ...instanceLabels(this.config), [LABEL.owner]: ownerId })
          .catch(() => []),
      ),
    );
    const others = everywhere.flat().filter((container) => container.running && container.labels[LABEL.projectId] && container.labels[LABEL.projectId] !== projectId);
    if (others.length < limit) return;
    // A container without a record is no one's preview; the idle sweep stops it.
    const rows = await this.repository.findMany(others.map((container) => container.labels[LABEL.projectId]!));
    const busy = await this.lifecycle.busyAmong(rows.map((row) => row.projectId));
    const stoppable = rows.filter((row) => row.state !== 'building' && !busy.has(row.projectId)).sort((a, b) => this.lastUsed(a) - this.lastUsed(b));
    let running = rows.length;
    for (const row of stoppable) {
      if (running < limit) return;
      await this.lifecycle.stop(row.projectId);
      running--;
      const name = row.project.name;
      log(`⏹️ Stopped the preview of ${name}: an account may have ${limit} previews running at once (LIMIT_RUNNING_SANDBOXES), and ${name} was the least recently visited`, 'warning');
    }
    if (running >= limit) {
      throw new DomainError(
        ErrorCode.QuotaExceeded,
        'Too many sandboxes running',
        `an account may have ${limit} running at once (LIMIT_RUNNING_SANDBOXES) and ${running} of yours are building now; build this project again when one of them has finished`,
      );
    }
  }

  /** When the sandbox was last of use to anyone: visited (also visits not written down yet), built or started. */
  private lastUsed(row: SandboxRecord): number {
    return Math.max(this.visits.get(row.projectId)?.getTime() ?? 0, row.lastVisitAt?.getTime() ?? 0, row.startedAt?.getTime() ?? 0, row.builtAt?.getTime() ?? 0);
  }

  /**
   * Containers of projects that no longer exist go; running previews are found again. Each host
   * answers for its own sandboxes only: one that does not answer now is left to the heartbeat.
   */
  async reconcile(): Promise<void> {
    await this.nodes.registered();
    const [first] = this.nodes.hosts;
    for (const host of this.nodes.hosts) {
      const engine = this.nodes.engine(host.name);
      if (!(await engine.status()).reachable) {
        this.logger.warn(`Sandbox host ${host.name}: ${DOCKER_MISSING_HELP}`);
        continue;
      }
      const kept = await this.reconcileOn(host.name, await engine.list(instanceLabels(this.config)));
      // Rows from before hosts were recorded belong to the first host, where they always ran.
      await this.repository.markWithoutContainerOn(host.name, kept, host === first);
    }
    await this.sweepDisks();
  }

  private async reconcileOn(nodeId: string, containers: ContainerInfo[]): Promise<string[]> {
    const known = await this.repository.knownProjectIds(containers.map((container) => container.labels[LABEL.projectId] ?? ''));
    const kept: string[] = [];
    for (const container of containers) {
      const projectId = container.labels[LABEL.projectId] ?? '';
      const sandbox = known.has(projectId) ? await this.repository.find(projectId) : null;
      const elsewhere = sandbox?.nodeId && sandbox.nodeId !== nodeId;
      if (!sandbox || elsewhere || container.name !== containerName(this.config, projectId)) {
        this.logger.log(`Removing container ${container.name} from ${nodeId}: ${elsewhere ? 'its sandbox lives on another host' : 'its project no longer exists'}`);
        await this.lifecycle.removeContainer(nodeId, container.id);
        continue;
      }
      kept.push(projectId);
      if (container.running) await this.lifecycle.adopt(projectId, nodeId, container);
      const answering = container.running && (await this.workspace.appAnswers(projectId));
      await this.repository.update(projectId, answering ? { state: 'running', containerId: container.id, nodeId } : { state: 'stopped', containerId: container.id, nodeId, startedAt: null });
      if (answering) this.logger.log(`Found the running preview of ${container.labels[LABEL.project] ?? projectId} on ${nodeId} again`);
    }
    return kept;
  }

  /**
   * One page of sandboxes with their host and their container's figures, and visits not yet written
   * down. The figures are the background collector's: no Docker call per sandbox, whatever the page size.
   */
  async listForAdmin(cursor: string | undefined, limit: number): Promise<AdminSandboxesResponse> {
    const [{ rows, more }, counts, collected] = await Promise.all([this.repository.page(cursor, limit), this.repository.countByState(), this.usage.snapshot()]);
    const sandboxes = rows.map((row): AdminSandbox => {
      const found = row.nodeId ? collected.get(`${row.nodeId}/${row.projectId}`) : undefined;
      const usage = found?.container.running ? found.usage : null;
      const lastVisit = this.visits.get(row.projectId) ?? row.lastVisitAt;
      return {
        projectId: row.projectId,
        projectName: row.project.name,
        ownerId: row.project.ownerId,
        ownerKeyHint: row.project.ownerKeyHint,
        state: row.state,
        node: row.nodeId,
        container: found
          ? {
              id: found.container.id.slice(0, 12),
              status: found.container.status,
              cpuPercent: usage ? Math.round(usage.cpuPercent * 10) / 10 : null,
              memoryBytes: usage?.memoryBytes ?? null,
              memoryLimitBytes: usage?.memoryLimitBytes ?? null,
              measuredAt: usage ? (found.measuredAt?.toISOString() ?? null) : null,
            }
          : null,
        previewUrl: row.state === 'running' ? this.lifecycle.previewUrl(row.previewId) : null,
        startedAt: row.startedAt?.toISOString() ?? null,
        lastVisitAt: lastVisit?.toISOString() ?? null,
        builtAt: row.builtAt?.toISOString() ?? null,
      };
    });
    const total = counts.stopped + counts.building + counts.running + counts.failed;
    return {
      sandboxes,
      nextCursor: more ? rows[rows.length - 1]!.projectId : null,
      counts: { total, running: counts.running, building: counts.building, failed: counts.failed },
    };
  }

  private async flushVisits(): Promise<void> {
    if (this.visits.size === 0) return;
    const batch = new Map(this.visits);
    this.visits.clear();
    await this.repository.recordVisits(batch).catch((err: Error) => this.logger.warn(`Recording preview visits: ${err.message}`));
  }
}
