import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';

@Injectable()
export class SystemRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Resolves when the database answers a query. */
  async ping(): Promise<void> {
    await this.prisma.$queryRaw`SELECT 1`;
  }
}
