import { Injectable } from '@nestjs/common';
import type { JobKind } from '@forge/protocol/api';
import { PrismaService } from '../database/prisma.service.js';

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
  createIfUnder(job: NewJob, maxRunning: number, firstReservation: number): Promise<{ id: string; seqReserved: number } | null> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`jobs:${job.ownerId}`}))`;
      const running = await tx.job.count({ where: { ownerId: job.ownerId, status: 'running' } });
      if (running >= maxRunning) return null;
      return tx.job.create({ data: { ...job, seqReserved: firstReservation }, select: { id: true, seqReserved: true } });
    });
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

  async finish(id: string, status: 'completed' | 'failed', error: string | null): Promise<void> {
    await this.prisma.job.update({ where: { id }, data: { status, error, finishedAt: new Date() } });
  }

  /** Jobs left running by a server that stopped; they end as failed. */
  async listInterrupted() {
    return this.prisma.job.findMany({ where: { status: 'running' }, select: { id: true, kind: true, seqReserved: true } });
  }

  async lastSeq(jobId: string): Promise<number> {
    const last = await this.prisma.jobEvent.findFirst({ where: { jobId }, orderBy: { seq: 'desc' }, select: { seq: true } });
    return last?.seq ?? 0;
  }

  async insertEvents(jobId: string, events: JobEventRecord[]): Promise<void> {
    await this.insertEventBatches([{ jobId, events }]);
  }

  /** One statement with four array parameters: far cheaper per row than createMany for thousands of rows. */
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
    await this.prisma.$executeRaw`
      INSERT INTO job_events (job_id, seq, type, data)
      SELECT * FROM unnest(${jobIds}::uuid[], ${seqs}::int[], ${types}::text[], ${payloads}::text[])`;
  }

  eventsAfter(jobId: string, afterSeq: number): Promise<JobEventRecord[]> {
    return this.prisma.$queryRaw<JobEventRecord[]>`
      SELECT seq, type, data AS payload FROM job_events WHERE job_id = ${jobId}::uuid AND seq > ${afterSeq} ORDER BY seq`;
  }
}
