import { Injectable } from '@nestjs/common';
import type { BuildFailedAt } from '@forge/protocol/streams';
import { PrismaService } from '../database/prisma.service.js';

/** Stored build logs stop here; the stream itself is not limited by it. */
const MAX_STORED_LOG_CHARS = 1_000_000;

@Injectable()
export class BuildsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(id: string, projectId: string): Promise<void> {
    await this.prisma.build.create({ data: { id, projectId } });
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

  /** Builds that were running when the server stopped. */
  async failInterrupted(): Promise<void> {
    await this.prisma.build.updateMany({
      where: { status: { in: ['queued', 'running'] } },
      data: { status: 'failed', error: 'The server stopped during the build', finishedAt: new Date() },
    });
  }
}
