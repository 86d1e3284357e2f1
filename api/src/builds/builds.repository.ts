import { Injectable } from '@nestjs/common';
import type { BuildFailedAt } from '@forge/protocol/streams';
import { PrismaService } from '../platform-db/prisma.service.js';

/** Stored build logs stop here; the stream itself is not limited by it. */
const MAX_STORED_LOG_CHARS = 1_000_000;

@Injectable()
export class BuildsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(id: string, projectId: string, replicaId: string): Promise<void> {
    await this.prisma.build.create({ data: { id, projectId, replicaId } });
  }

  /**
   * Takes the project's build lease for `buildId` on this replica: null when it got it, otherwise
   * the build that holds it (running on this or another replica).
   */
  async lease(projectId: string, buildId: string, replicaId: string): Promise<string | null> {
    for (;;) {
      const taken = await this.prisma.$queryRaw<Array<{ build_id: string }>>`
        INSERT INTO build_leases (project_id, build_id, replica_id) VALUES (${projectId}::uuid, ${buildId}::uuid, ${replicaId}::uuid)
        ON CONFLICT DO NOTHING RETURNING build_id`;
      if (taken.length > 0) return null;
      const holder = await this.leaseOf(projectId);
      // Released in between: try again.
      if (holder) return holder;
    }
  }

  async leaseOf(projectId: string): Promise<string | null> {
    return (await this.prisma.buildLease.findUnique({ where: { projectId }, select: { buildId: true } }))?.buildId ?? null;
  }

  async releaseLease(projectId: string, buildId: string): Promise<void> {
    await this.prisma.buildLease.deleteMany({ where: { projectId, buildId } });
  }

  /** Builds still running on these replicas. */
  async runningOn(replicaIds: string[]): Promise<Array<{ id: string; projectId: string }>> {
    return this.prisma.build.findMany({ where: { status: { in: ['queued', 'running'] }, replicaId: { in: replicaIds } }, select: { id: true, projectId: true } });
  }

  /** The replicas running builds now; null for builds from before builds named theirs. */
  async runningReplicaIds(): Promise<Array<string | null>> {
    const rows = await this.prisma.build.findMany({ where: { status: { in: ['queued', 'running'] } }, select: { replicaId: true }, distinct: ['replicaId'] });
    return rows.map((row) => row.replicaId);
  }

  /** Ends a build that still runs as failed: true when this call ended it. */
  async failIfRunning(id: string, error: string): Promise<boolean> {
    const { count } = await this.prisma.build.updateMany({ where: { id, status: { in: ['queued', 'running'] } }, data: { status: 'failed', error, failedAt: 'build', finishedAt: new Date() } });
    return count === 1;
  }

  async markRunning(id: string): Promise<void> {
    await this.prisma.build.update({ where: { id }, data: { status: 'running' } });
  }

  async finish(id: string, result: { succeeded: boolean; attempts: number; error: string | null; lines: string[]; failedAt?: BuildFailedAt }): Promise<void> {
    const log = result.lines.join('\n');
    await this.prisma.build.updateMany({
      where: { id },
      data: {
        status: result.succeeded ? 'succeeded' : 'failed',
        attempts: result.attempts,
        error: result.error,
        log: log.length > MAX_STORED_LOG_CHARS ? log.slice(-MAX_STORED_LOG_CHARS) : log,
        finishedAt: new Date(),
        failedAt: result.succeeded ? null : (result.failedAt ?? 'build'),
      },
    });
  }

  /** Builds from before builds named their replica, left running by a server that stopped. */
  async failUnowned(error: string): Promise<void> {
    await this.prisma.build.updateMany({ where: { status: { in: ['queued', 'running'] }, replicaId: null }, data: { status: 'failed', error, finishedAt: new Date() } });
  }
}
