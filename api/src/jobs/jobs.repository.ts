import { Injectable } from '@nestjs/common';
import { fromPrisma } from 'pg-boss';
import type { JobKind } from '@forge/protocol/api';
import type { QueueDatabase } from '../cluster/work-queue.js';
import { PrismaService, StreamEventsPrismaService } from '../platform-db/prisma.service.js';
import { insertStreamEvents, streamEventsAfter } from '../platform-db/stream-events.js';

/** Where stored job events are announced, as `jobId:seq` lines (the newest stored seq of each job). */
export const JOB_EVENTS_CHANNEL = 'forge_job_events';

/** One job event as stored and as sent: `payload` is the SSE `data:` text, serialised once. */
export interface JobEventRecord {
  seq: number;
  type: string;
  payload: string;
}

export interface NewJob {
  id: string;
  ownerId: string;
  kind: JobKind;
  /** Known at the start for an edit; a generation links its project once it makes it. */
  projectId?: string;
  projectName: string;
  prompt: string;
  provider: string;
  model: string;
}

@Injectable()
export class JobsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly streamEvents: StreamEventsPrismaService,
  ) {}

  /**
   * A new running job with its first block of event ids reserved, unless the owner already runs
   * `maxRunning` jobs (null then). Checked and created under a lock per owner, so two starts at
   * once cannot both slip under the limit.
   */
  createIfUnder(job: NewJob, maxRunning: number, firstReservation: number, enqueue: (db: QueueDatabase) => Promise<unknown>): Promise<{ id: string; seqReserved: number } | null> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`jobs:${job.ownerId}`}))`;
      const running = await tx.job.count({ where: { ownerId: job.ownerId, status: 'running' } });
      if (running >= maxRunning) return null;
      const created = await tx.job.create({ data: { ...job, seqReserved: firstReservation }, select: { id: true, seqReserved: true } });
      // Queued in the same transaction: a job row is never left without its queue entry, nor the reverse.
      await enqueue(fromPrisma(tx));
      return created;
    });
  }

  /** Records that this replica runs the job; null when it ended or another replica started it already. */
  async takeOn(id: string, replicaId: string): Promise<{ seqReserved: number; projectName: string } | null> {
    const rows = await this.prisma.$queryRaw<Array<{ seq_reserved: number; project_name: string }>>`
      UPDATE jobs SET replica_id = ${replicaId}::uuid
      WHERE id = ${id}::uuid AND status = 'running' AND replica_id IS NULL
      RETURNING seq_reserved, project_name`;
    return rows[0] ? { seqReserved: rows[0].seq_reserved, projectName: rows[0].project_name } : null;
  }

  /** Whether the job still runs, on this replica. */
  async runsOn(id: string, replicaId: string): Promise<boolean> {
    return (await this.prisma.job.count({ where: { id, replicaId, status: 'running' } })) === 1;
  }

  /** Which of these jobs a replica has taken, or that have ended. */
  async takenOrEnded(ids: string[]): Promise<string[]> {
    const rows = await this.prisma.job.findMany({ where: { id: { in: ids }, OR: [{ replicaId: { not: null } }, { status: { not: 'running' } }] }, select: { id: true } });
    return rows.map((row) => row.id);
  }

  /** Running jobs whose replica is one of these. */
  async runningOn(replicaIds: string[]): Promise<Array<{ id: string; kind: JobKind; seqReserved: number }>> {
    return this.prisma.job.findMany({ where: { status: 'running', replicaId: { in: replicaIds } }, select: { id: true, kind: true, seqReserved: true } });
  }

  /** The replicas running jobs now. */
  async runningReplicaIds(): Promise<string[]> {
    const rows = await this.prisma.job.findMany({ where: { status: 'running', replicaId: { not: null } }, select: { replicaId: true }, distinct: ['replicaId'] });
    return rows.map((row) => row.replicaId!);
  }

  /** Extends the event ids the job may send by `block`; answers the new end. */
  async reserveSeq(id: string, block: number): Promise<number> {
    const job = await this.prisma.job.update({ where: { id }, data: { seqReserved: { increment: block } }, select: { seqReserved: true } });
    return job.seqReserved;
  }

  listRunning(ownerId: string) {
    return this.prisma.job.findMany({
      where: { ownerId, status: 'running' },
      orderBy: { createdAt: 'desc' },
      select: { id: true, kind: true, projectName: true, projectId: true },
    });
  }

  findForOwner(ownerId: string, id: string) {
    return this.prisma.job.findFirst({ where: { id, ownerId }, select: { id: true, status: true, error: true } });
  }

  async setProject(id: string, projectId: string): Promise<void> {
    await this.prisma.job.update({ where: { id }, data: { projectId } });
  }

  /** Records how the job ended, unless it has ended already (another replica ended it): true when this call did. */
  async finish(id: string, status: 'completed' | 'failed', error: string | null): Promise<boolean> {
    const { count } = await this.prisma.job.updateMany({ where: { id, status: 'running' }, data: { status, error, finishedAt: new Date() } });
    return count === 1;
  }

  async find(id: string) {
    return this.prisma.job.findUnique({ where: { id }, select: { id: true, kind: true, status: true, seqReserved: true } });
  }

  async lastSeq(jobId: string): Promise<number> {
    const last = await this.prisma.jobEvent.findFirst({ where: { jobId }, orderBy: { seq: 'desc' }, select: { seq: true } });
    return last?.seq ?? 0;
  }

  async insertEvents(jobId: string, events: JobEventRecord[]): Promise<void> {
    await this.insertEventBatches([{ jobId, events }]);
  }

  /** Stores the events and announces them to every replica (JOB_EVENTS_CHANNEL). */
  async insertEventBatches(batches: Array<{ jobId: string; events: JobEventRecord[] }>): Promise<void> {
    await insertStreamEvents(
      this.streamEvents,
      'job_events',
      JOB_EVENTS_CHANNEL,
      batches.map(({ jobId, events }) => ({ streamId: jobId, events })),
    );
  }

  /** The events of each job after its cursor, in order, in one query. */
  eventsAfterMany(cursors: Array<{ streamId: string; afterSeq: number }>): Promise<Array<JobEventRecord & { streamId: string }>> {
    return streamEventsAfter(this.streamEvents, 'job_events', cursors);
  }
}
