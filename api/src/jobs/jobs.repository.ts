import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

@Injectable()
export class JobsRepository {
  constructor(private readonly prisma: PrismaService) {}

  listRunning(ownerId: string) {
    return this.prisma.job.findMany({
      where: { ownerId, status: 'running' },
      orderBy: { createdAt: 'desc' },
      select: { id: true, projectName: true, projectId: true },
    });
  }

  findStatus(ownerId: string, id: string) {
    return this.prisma.job.findFirst({ where: { id, ownerId }, select: { status: true } });
  }
}
