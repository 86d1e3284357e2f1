import { hostname } from 'node:os';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { REPLICA_LOST, type ReplicaLostEvent } from '../common/events/domain-events.js';
import { ReplicaIdentity } from './replica-identity.js';
import { ReplicasRepository } from './replicas.repository.js';

export const REPLICA_HEARTBEAT_MS = 2000;
/** A replica silent this long is gone: five missed heartbeats, well past a long GC pause. */
export const REPLICA_STALE_MS = 10_000;

/**
 * This replica among the others: it beats in the database every two seconds, and each beat also
 * removes replicas that stopped beating, announcing each so what it held is let go.
 */
@Injectable()
export class ReplicasService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Replicas');
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    readonly identity: ReplicaIdentity,
    private readonly repository: ReplicasRepository,
    private readonly events: EventEmitter2,
  ) {}

  get id(): string {
    return this.identity.id;
  }

  /**
   * Registered before anything can claim a project in this replica's name. Earlier processes of
   * this host that are gone (a crash, a restart) are removed at once rather than after their
   * silence, so what they held is let go during this start-up.
   */
  async onModuleInit(): Promise<void> {
    await this.repository.register(this.identity.id, this.identity.name, this.identity.addresses);
    for (const other of await this.repository.named(`${hostname()}:`, this.identity.id)) {
      const pid = Number(other.name.slice(other.name.lastIndexOf(':') + 1));
      if (!processRuns(pid)) {
        this.logger.warn(`Replica ${other.id} (${other.name}) of this host is gone: letting go of what it held`);
        await this.repository.remove(other.id);
      }
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => (this.beating = this.beat()), REPLICA_HEARTBEAT_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.beating;
    // Leaving on purpose: the others need not wait for the silence.
    await this.repository.remove(this.identity.id).catch((err: Error) => this.logger.warn(`Leaving the replica list: ${err.message}`));
  }

  /** The addresses of every replica beating now: no sandbox may reach them. */
  addresses(): Promise<string[]> {
    return this.repository.addresses();
  }

  /** Which of these replicas are still beating. */
  alive(ids: string[]): Promise<Set<string>> {
    return this.repository.alive(ids);
  }

  private async beat(): Promise<void> {
    try {
      if (!(await this.repository.beat(this.identity.id))) {
        // Taken for dead (the database or this process stalled for long): join again.
        this.logger.error('This replica was taken for dead by the others (no heartbeat for 10 s); registering again');
        await this.repository.register(this.identity.id, this.identity.name, this.identity.addresses);
      }
      await this.sweep();
    } catch (err) {
      this.logger.warn(`Heartbeat: ${(err as Error).message}`);
    }
  }

  private async sweep(): Promise<void> {
    for (const replicaId of await this.repository.removeStale(REPLICA_STALE_MS)) {
      this.logger.warn(`Replica ${replicaId} stopped answering: letting go of what it held`);
      const event: ReplicaLostEvent = { replicaId };
      await this.events.emitAsync(REPLICA_LOST, event).catch((err: Error) => this.logger.error(`After losing replica ${replicaId}: ${err.message}`));
    }
  }
}

function processRuns(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
