import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AdminNode } from '@forge/protocol/admin';
import { ErrorCode } from '@forge/protocol/errors';
import { ReplicasService } from '../cluster/replicas.service.js';
import { ownAddresses } from '../cluster/replica-identity.js';
import { DomainError, notFound } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig, type SandboxHostConfig } from '../config/app-config.js';
import { LABEL, instanceLabels, sandboxMemoryLimitMb } from './container-spec.js';
import { type SandboxDemand, chooseNode } from './node-placement.js';
import { SANDBOX_BACKEND, type SandboxBackend, type SandboxEngine } from './sandbox-backend.js';
import { type SandboxNodeRecord, SandboxNodesRepository } from './sandbox-nodes.repository.js';

/** How often each host is checked (by whichever replica claims it first). */
export const HEARTBEAT_MS = 2000;
/** Missed heartbeats in a row after which a host is lost and its sandboxes start elsewhere. */
export const LOST_AFTER_MISSES = 3;

/**
 * The Docker hosts sandboxes live on: their rows in PostgreSQL kept current by heartbeats, placement
 * of new sandboxes, and the operators' drain flag.
 */
@Injectable()
export class SandboxNodesService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SandboxNodes');
  private readonly timers: NodeJS.Timeout[] = [];
  private beating: Promise<void> = Promise.resolve();
  private registration: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SANDBOX_BACKEND) private readonly backend: SandboxBackend,
    private readonly repository: SandboxNodesRepository,
    private readonly replicas: ReplicasService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.registered();
    this.timers.push(
      setInterval(() => {
        this.beating = this.beating.then(() => this.heartbeat()).catch((err: Error) => this.logger.warn(`Heartbeat: ${err.message}`));
      }, HEARTBEAT_MS / 2).unref(),
    );
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.beating;
  }

  /**
   * What no sandbox may reach, wherever it runs: every host's address and every API replica's
   * (their own interfaces, as each replica records them).
   */
  async platformAddresses(): Promise<string[]> {
    const replicas = await this.replicas.addresses().catch(() => []);
    const hosts = this.backend.hosts.map((host) => host.address).filter((address): address is string => address !== null);
    return [...new Set([...hosts, ...replicas, ...ownAddresses()])];
  }

  /**
   * The configured hosts' rows exist (made once, at start-up): whatever records a sandbox's host
   * (start-up reconciling may run first) waits for this.
   */
  registered(): Promise<void> {
    this.registration ??= Promise.all(this.backend.hosts.map((host) => this.register(host))).then(
      () => undefined,
      (err: unknown) => {
        // Asked again next time rather than failing forever.
        this.registration = null;
        throw err;
      },
    );
    return this.registration;
  }

  /** The configured hosts, first the one a single machine runs on. */
  get hosts(): readonly SandboxHostConfig[] {
    return this.backend.hosts;
  }

  host(nodeId: string): SandboxHostConfig | null {
    return this.backend.hosts.find((host) => host.name === nodeId) ?? null;
  }

  engine(nodeId: string): SandboxEngine {
    return this.backend.engine(nodeId);
  }

  /** What one sandbox takes of a host. */
  demand(): SandboxDemand {
    return { memoryMb: sandboxMemoryLimitMb(this.config), cpus: this.config.sandbox.cpus };
  }

  /** A host may take or keep a sandbox: this replica reaches it and it is not lost. */
  async isUsable(nodeId: string, forNewSandbox: boolean): Promise<boolean> {
    if (!this.host(nodeId)) return false;
    const node = await this.repository.find(nodeId);
    return node !== null && node.state === 'healthy' && !(forNewSandbox && node.draining);
  }

  /** Chooses the host for the project's sandbox under a row lock and records it. */
  async place(projectId: string): Promise<string> {
    await this.registered();
    const demand = this.demand();
    const known = new Set(this.backend.hosts.map((host) => host.name));
    const nodeId = await this.repository.place(projectId, demand, (candidates) =>
      chooseNode(
        candidates.filter((node) => known.has(node.id)),
        demand,
      ),
    );
    if (!nodeId) throw new DomainError(ErrorCode.Unavailable, 'No sandbox host can take the project', 'every Docker host is lost or draining; try again when an operator has one back');
    return nodeId;
  }

  /** Checks every host whose heartbeat is due and no other replica has claimed. */
  async heartbeat(): Promise<void> {
    const claimed = await this.repository.claimDue(
      this.backend.hosts.map((host) => host.name),
      HEARTBEAT_MS - 500,
    );
    await Promise.all(claimed.map((nodeId) => this.check(nodeId)));
  }

  /** One heartbeat of one host: it answers with what it runs, or one more miss is counted. */
  async check(nodeId: string): Promise<void> {
    const host = this.host(nodeId)!;
    const engine = this.backend.engine(nodeId);
    try {
      const status = await engine.status();
      if (!status.reachable) throw new Error(status.detail || 'the engine does not answer');
      const capacity = host.memoryMb && host.cpus ? { memoryMb: host.memoryMb, cpus: host.cpus } : await engine.capacity();
      // What the engine runs; the repository adds what was placed there a moment ago and is not running yet.
      const listed = (await engine.list(instanceLabels(this.config))).filter((container) => container.running).map((container) => container.labels[LABEL.projectId]);
      const demand = this.demand();
      const capacityMemoryMb = host.memoryMb ?? capacity.memoryMb;
      const capacityCpus = host.cpus ?? capacity.cpus;
      const wasLost = (await this.repository.find(nodeId))?.state === 'lost';
      await this.repository.recordHeartbeat(
        nodeId,
        listed.filter((id): id is string => Boolean(id)),
        (running) => ({
          capacityMemoryMb,
          capacityCpus,
          runningSandboxes: running,
          // Reserved, not measured: a sandbox may use its whole limit at any moment.
          freeMemoryMb: capacityMemoryMb - running * demand.memoryMb,
          freeCpus: capacityCpus - running * demand.cpus,
        }),
      );
      if (wasLost) this.logger.log(`Sandbox host ${nodeId} answers again: healthy`);
    } catch (err) {
      if (await this.repository.recordMiss(nodeId, LOST_AFTER_MISSES, (err as Error).message)) {
        this.logger.warn(`Sandbox host ${nodeId} is lost (${LOST_AFTER_MISSES} heartbeats missed: ${(err as Error).message}); its previews start on another host at their next visit`);
      }
    }
  }

  async listForAdmin(): Promise<AdminNode[]> {
    return (await this.repository.list()).map(toAdminNode);
  }

  async setDraining(nodeId: string, draining: boolean): Promise<AdminNode> {
    const node = await this.repository.setDraining(nodeId, draining);
    if (!node) throw notFound('Node not found');
    return toAdminNode(node);
  }

  private async register(host: SandboxHostConfig): Promise<void> {
    let capacity = { memoryMb: host.memoryMb ?? 0, cpus: host.cpus ?? 0 };
    if (!host.memoryMb || !host.cpus) {
      // Unreachable now: capacity 0 until its first answered heartbeat.
      const reported = await this.backend
        .engine(host.name)
        .capacity()
        .catch(() => ({ memoryMb: 0, cpus: 0 }));
      capacity = { memoryMb: host.memoryMb ?? reported.memoryMb, cpus: host.cpus ?? reported.cpus };
    }
    await this.repository.register({ id: host.name, endpoint: host.docker ?? 'unix:///var/run/docker.sock', address: host.address, capacityMemoryMb: capacity.memoryMb, capacityCpus: capacity.cpus });
  }
}

/** This machine's IPv4 addresses but loopback (refused to sandboxes anyway). */

export function toAdminNode(node: SandboxNodeRecord): AdminNode {
  const lost = node.state === 'lost';
  return {
    id: node.id,
    endpoint: node.endpoint,
    address: node.address,
    state: node.state,
    draining: node.draining,
    capacityMemoryMb: node.capacityMemoryMb,
    capacityCpus: node.capacityCpus,
    // A lost host takes nothing, whatever it had free when it was last seen.
    freeMemoryMb: lost ? 0 : node.freeMemoryMb,
    freeCpus: lost ? 0 : Math.round(node.freeCpus * 100) / 100,
    lostReason: lost ? (node.lastError ?? `it missed ${node.missedHeartbeats} heartbeats`) : null,
    runningSandboxes: node.runningSandboxes,
    heartbeatAt: node.heartbeatAt?.toISOString() ?? null,
    missedHeartbeats: node.missedHeartbeats,
  };
}
