import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';

@Injectable()
export class OperationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Sandboxes any replica recorded as running. */
  /** Every known host with the sandboxes recorded as running on it (0 included). */
  async countRunningSandboxesPerNode(): Promise<Array<{ nodeId: string; running: number }>> {
    const [nodes, counts] = await Promise.all([
      this.prisma.sandboxNode.findMany({ select: { id: true } }),
      this.prisma.sandbox.groupBy({ by: ['nodeId'], where: { state: 'running', nodeId: { not: null } }, _count: { _all: true } }),
    ]);
    const byNode = new Map(counts.map((count) => [count.nodeId!, count._count._all]));
    return nodes.map((node) => ({ nodeId: node.id, running: byNode.get(node.id) ?? 0 }));
  }

  countReplicas(): Promise<number> {
    return this.prisma.replica.count();
  }
}
