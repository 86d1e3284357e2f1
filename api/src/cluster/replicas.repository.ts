import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';

@Injectable()
export class ReplicasRepository {
  constructor(private readonly prisma: PrismaService) {}

  async register(id: string, name: string, addresses: string[]): Promise<void> {
    await this.prisma.replica.upsert({ where: { id }, create: { id, name, addresses }, update: { heartbeatAt: new Date(), addresses } });
  }

  /** Every live replica's addresses. */
  async addresses(): Promise<string[]> {
    const rows = await this.prisma.replica.findMany({ select: { addresses: true } });
    return [...new Set(rows.flatMap((row) => row.addresses))];
  }

  /** False when the row is gone: the others took this replica for dead. */
  async beat(id: string): Promise<boolean> {
    const { count } = await this.prisma.replica.updateMany({ where: { id }, data: { heartbeatAt: new Date() } });
    return count === 1;
  }

  /** Replicas whose last heartbeat is older than `staleMs`, by the database's clock, removed (their claims go with them). */
  async removeStale(staleMs: number): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<Array<{ id: string }>>`
      DELETE FROM replicas WHERE heartbeat_at < now() - make_interval(secs => ${staleMs / 1000}) RETURNING id`;
    return rows.map((row) => row.id);
  }

  /** The other replicas whose name starts with `prefix`. */
  async named(prefix: string, except: string): Promise<Array<{ id: string; name: string }>> {
    return this.prisma.replica.findMany({ where: { name: { startsWith: prefix }, id: { not: except } }, select: { id: true, name: true } });
  }

  async remove(id: string): Promise<void> {
    await this.prisma.replica.deleteMany({ where: { id } });
  }

  async alive(ids: string[]): Promise<Set<string>> {
    const rows = await this.prisma.replica.findMany({ where: { id: { in: ids } }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  async notify(channel: string, payload: string): Promise<void> {
    await this.prisma.$executeRaw`SELECT pg_notify(${channel}, ${payload})`;
  }
}
