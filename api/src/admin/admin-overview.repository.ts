import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';

/** The work in progress the console's first screen counts, across replicas. */
@Injectable()
export class AdminOverviewRepository {
  constructor(private readonly prisma: PrismaService) {}

  async countWork(): Promise<{ buildsQueued: number; buildsRunning: number; generationsRunning: number }> {
    const [builds, generationsRunning] = await Promise.all([
      this.prisma.build.groupBy({ by: ['status'], where: { status: { in: ['queued', 'running'] } }, _count: { _all: true } }),
      this.prisma.run.count({ where: { status: 'running', kind: { in: ['generation', 'edit', 'import'] } } }),
    ]);
    const count = (status: string) => builds.find((row) => row.status === status)?._count._all ?? 0;
    return { buildsQueued: count('queued'), buildsRunning: count('running'), generationsRunning };
  }
}
