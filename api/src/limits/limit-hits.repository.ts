import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../platform-db/prisma.service.js';

@Injectable()
export class LimitHitsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Adds each account's refusals to its count, in one statement. */
  async add(hits: ReadonlyMap<string, number>): Promise<void> {
    if (hits.size === 0) return;
    const values = Prisma.join([...hits].map(([accountId, count]) => Prisma.sql`(${accountId}::uuid, ${count}::int)`));
    await this.prisma.$executeRaw`UPDATE users u SET limits_hit = u.limits_hit + v.n FROM (VALUES ${values}) AS v(id, n) WHERE u.id = v.id`;
  }
}
