import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { LABEL, instanceLabels } from './container-spec.js';
import type { ContainerInfo, ContainerUsage } from './docker.driver.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';

/** How often the containers are listed and measured while a console is open. */
export const COLLECT_EVERY_MS = 10_000;
/** Nobody asked for this long: the collector stops until the next console asks. */
export const COLLECT_IDLE_AFTER_MS = 60_000;
/** Containers measured at once on one host: `docker stats` takes a second per container. */
export const STATS_PER_HOST = 4;
/** A first answer waits at most this long for the container lists; after that it shows what it has. */
const FIRST_LIST_WAIT_MS = 1500;

/** A project's container on one host, as the last collection saw it. */
export interface CollectedContainer {
  nodeId: string;
  container: ContainerInfo;
  /** null: not running, or not measured yet. */
  usage: ContainerUsage | null;
  measuredAt: Date | null;
}

/**
 * The operators' console's container figures, collected in the background: one container list per
 * host and a bounded number of `docker stats` at a time, every COLLECT_EVERY_MS while a console has
 * asked in the last minute, so that a refresh of any number of open consoles costs no Docker call.
 * Stops on its own when no console asks, and at shutdown.
 */
@Injectable()
export class SandboxUsageCollector implements OnModuleDestroy {
  private readonly logger = new Logger('SandboxUsage');
  /** `${nodeId}/${projectId}` → what was collected. */
  private collected = new Map<string, CollectedContainer>();
  private listedAt = 0;
  private askedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private collecting: Promise<void> | null = null;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly nodes: SandboxNodesService,
  ) {}

  /**
   * What the last collection saw, by `${nodeId}/${projectId}`. Starts the collector when it was idle;
   * when what it has is older than two rounds, waits (briefly) for a fresh container list.
   */
  async snapshot(): Promise<ReadonlyMap<string, CollectedContainer>> {
    this.askedAt = Date.now();
    if (this.stopped) return this.collected;
    if (!this.timer) this.timer = setInterval(() => this.tick(), COLLECT_EVERY_MS).unref();
    if (Date.now() - this.listedAt > 2 * COLLECT_EVERY_MS) {
      const round = this.collect();
      await Promise.race([round.lists, new Promise((resolve) => setTimeout(resolve, FIRST_LIST_WAIT_MS).unref())]);
    }
    return this.collected;
  }

  /** Whether the collector runs now (a console asked within COLLECT_IDLE_AFTER_MS). */
  get running(): boolean {
    return this.timer !== null;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.stop();
    await this.collecting;
  }

  private tick(): void {
    if (Date.now() - this.askedAt > COLLECT_IDLE_AFTER_MS) {
      this.stop();
      return;
    }
    this.collect();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One round (or the one under way): `lists` settles once every host's containers are listed, `done` once measured. */
  private collect(): { lists: Promise<void>; done: Promise<void> } {
    if (this.collecting) return { lists: this.collecting, done: this.collecting };
    let listed!: () => void;
    const lists = new Promise<void>((resolve) => (listed = resolve));
    this.collecting = this.round(listed)
      .catch((err: Error) => this.logger.warn(`Collecting sandbox figures: ${err.message}`))
      .finally(() => {
        listed();
        this.collecting = null;
      });
    return { lists, done: this.collecting };
  }

  private async round(listed: () => void): Promise<void> {
    const hosts = this.nodes.hosts.map((host) => host.name);
    const perHost = await Promise.all(
      hosts.map(async (nodeId) => ({
        nodeId,
        containers: await this.nodes
          .engine(nodeId)
          .list(instanceLabels(this.config))
          .catch(() => null),
      })),
    );
    const next = new Map<string, CollectedContainer>();
    for (const { nodeId, containers } of perHost) {
      if (!containers) {
        // A host that does not answer keeps what it last showed until it does; the heartbeat says it is lost.
        for (const [key, entry] of this.collected) if (entry.nodeId === nodeId) next.set(key, entry);
        continue;
      }
      for (const container of containers) {
        const projectId = container.labels[LABEL.projectId];
        if (!projectId) continue;
        const key = `${nodeId}/${projectId}`;
        const before = this.collected.get(key);
        // Until measured again, a running container shows its last figures (same container only).
        const kept = container.running && before?.container.id === container.id ? before : null;
        next.set(key, { nodeId, container, usage: kept?.usage ?? null, measuredAt: kept?.measuredAt ?? null });
      }
    }
    this.collected = next;
    this.listedAt = Date.now();
    listed();
    await Promise.all(
      hosts.map((nodeId) =>
        this.measure(
          nodeId,
          [...next.values()].filter((entry) => entry.nodeId === nodeId && entry.container.running),
        ),
      ),
    );
  }

  /** `docker stats` for the host's running containers, STATS_PER_HOST at a time. */
  private async measure(nodeId: string, entries: CollectedContainer[]): Promise<void> {
    const engine = this.nodes.engine(nodeId);
    const queue = [...entries];
    const worker = async (): Promise<void> => {
      for (let entry = queue.shift(); entry && !this.stopped; entry = queue.shift()) {
        const usage = await engine.usage(entry.container.id).catch(() => null);
        if (usage) {
          entry.usage = usage;
          entry.measuredAt = new Date();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(STATS_PER_HOST, queue.length) }, worker));
  }
}
