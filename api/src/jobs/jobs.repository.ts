import { Injectable } from '@nestjs/common';
import { fromPrisma } from 'pg-boss';
import type { JobKind } from '@forge/protocol/api';
import type { QueueDatabase } from '../cluster/work-queue.js';
import { PrismaService } from '../database/prisma.service.js';

/** Where stored job events are announced, as `jobId:seq` lines (the newest stored seq of each job). */
export const JOB_EVENTS_CHANNEL = 'forge_job_events';
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_NOTIFY_BYTES = 7900;

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
  constructor(private readonly prisma: PrismaService) {}

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

  /**
   * One statement with four array parameters (far cheaper per row than createMany for thousands of
   * rows) that also announces each job's newest seq on JOB_EVENTS_CHANNEL: the notifications go out
   * when the rows are committed, so a replica that hears one finds the rows.
   */
  async insertEventBatches(batches: Array<{ jobId: string; events: JobEventRecord[] }>): Promise<void> {
    const jobIds: string[] = [];
    const seqs: number[] = [];
    const types: string[] = [];
    const payloads: string[] = [];
    for (const { jobId, events } of batches) {
      for (const event of events) {
        jobIds.push(jobId);
        seqs.push(event.seq);
        types.push(event.type);
        payloads.push(event.payload);
      }
    }
    const notes = notificationPayloads(batches.filter((batch) => batch.events.length > 0).map((batch) => `${batch.jobId}:${batch.events[batch.events.length - 1]!.seq}`));
    await this.prisma.$executeRaw`
      WITH inserted AS (
        INSERT INTO job_events (job_id, seq, type, data)
        SELECT * FROM unnest(${jobIds}::uuid[], ${seqs}::int[], ${types}::text[], ${payloads}::text[])
      )
      SELECT pg_notify(${JOB_EVENTS_CHANNEL}, note) FROM unnest(${notes}::text[]) AS note`;
  }

  /** The events of each job after its cursor, in order; one query however many jobs are followed. */
  async eventsAfterMany(cursors: Array<{ jobId: string; afterSeq: number }>): Promise<Array<JobEventRecord & { jobId: string }>> {
    if (cursors.length === 0) return [];
    return this.prisma.$queryRaw<Array<JobEventRecord & { jobId: string }>>`
      SELECT e.job_id::text AS "jobId", e.seq, e.type, e.data AS payload
      FROM unnest(${cursors.map((c) => c.jobId)}::uuid[], ${cursors.map((c) => c.afterSeq)}::int[]) AS c(job_id, after_seq)
      JOIN job_events e ON e.job_id = c.job_id AND e.seq > c.after_seq
      ORDER BY e.job_id, e.seq`;
  }

  eventsAfter(jobId: string, afterSeq: number): Promise<JobEventRecord[]> {
    return this.prisma.$queryRaw<JobEventRecord[]>`
      SELECT seq, type, data AS payload FROM job_events WHERE job_id = ${jobId}::uuid AND seq > ${afterSeq} ORDER BY seq`;
  }
}

/** `jobId:seq` lines joined into as few payloads as fit NOTIFY's limit. */
export function notificationPayloads(lines: string[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const line of lines) {
    if (current && current.length + 1 + line.length > MAX_NOTIFY_BYTES) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) payloads.push(current);
  return payloads;
}
