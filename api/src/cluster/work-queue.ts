import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type Job, PgBoss, type Queue, type SendOptions, type WorkOptions } from 'pg-boss';
import { DATABASE_URL } from '../config/app-config.js';
import { ReplicaIdentity } from './replica-identity.js';

export type QueuedJob<T> = Job<T>;
export type { Db as QueueDatabase } from 'pg-boss';

/** How often a replica's supervisor looks for work whose worker stopped beating (pg-boss's minimum is 1 s). */
const SUPERVISE_SECONDS = 2;
/** A job whose worker sends no heartbeat for this long is failed and retried elsewhere (pg-boss's minimum). */
export const JOB_HEARTBEAT_SECONDS = 10;

/**
 * The platform's work queue, in PostgreSQL (pg-boss): any replica may take a job, each running job
 * beats, and a job whose replica died (no heartbeat for `JOB_HEARTBEAT_SECONDS`) is failed and
 * handed to another replica, which ends or redoes it.
 */
@Injectable()
export class WorkQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Queue');
  private readonly boss: PgBoss;
  private started = false;

  constructor(@Inject(DATABASE_URL) databaseUrl: string, replica: ReplicaIdentity) {
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: 'pgboss',
      application_name: 'forge-queue',
      max: 6,
      useListenNotify: true,
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
      instanceName: replica.name,
      instanceHeartbeatSeconds: 10,
      openTelemetry: { enabled: false },
    });
    this.boss.on('error', (err: Error) => this.logger.error(`Work queue: ${err.message}`));
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
    this.started = true;
  }

  /** Creates the queue unless it exists; a queue's options are set once, by its first creator. */
  async ensureQueue(name: string, options: Omit<Queue, 'name'>): Promise<void> {
    if (await this.boss.getQueue(name)) return;
    await this.boss.createQueue(name, { notify: true, ...options }).catch(async (err: Error) => {
      // Another replica created it in between.
      if (!(await this.boss.getQueue(name))) throw err;
    });
  }

  send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, options);
  }

  /** Runs `handler` for each job of the queue this replica takes, up to `localConcurrency` at once. */
  work<T>(name: string, options: Pick<WorkOptions, 'localConcurrency'>, handler: (job: QueuedJob<T>) => Promise<void>): Promise<string> {
    // Workers are woken by NOTIFY when a job is queued; the polls are a backstop (a job handed on after a lapsed heartbeat).
    return this.boss.work<T>(name, { ...options, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 5 }, async ([job]) => handler(job!));
  }

  /** Takes no further jobs of the queue; those running go on. */
  async stopTaking(name: string): Promise<void> {
    if (this.started) await this.boss.offWork(name, { wait: false });
  }

  /** Throws unless the queue is started and its tables answer. */
  async check(): Promise<void> {
    if (!this.started) throw new Error('the work queue is not started');
    await this.boss.getQueues();
  }

  /** Jobs waiting in the queue, as its last count (every `SUPERVISE_SECONDS`) found them. */
  async queued(name: string): Promise<number> {
    return (await this.boss.getQueue(name))?.queuedCount ?? 0;
  }

  /** Jobs waiting and running in each queue, across replicas, for the metrics. */
  async depths(): Promise<Array<{ name: string; queued: number; active: number }>> {
    if (!this.started) return [];
    return (await this.boss.getQueues()).map((queue) => ({ name: queue.name, queued: queue.queuedCount, active: queue.activeCount }));
  }

  async onModuleDestroy(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // Running jobs were ended by their owners already; what is left goes back to the queue.
    await this.boss.stop({ graceful: false, close: true, timeout: 2000 }).catch((err: Error) => this.logger.warn(`Stopping the work queue: ${err.message}`));
  }
}
