import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';
import type { SandboxNodeState } from '../generated/prisma/client.js';
import type { PlacementCandidate, SandboxDemand } from './node-placement.js';

export interface SandboxNodeRecord {
  id: string;
  endpoint: string;
  address: string | null;
  capacityMemoryMb: number;
  capacityCpus: number;
  freeMemoryMb: number;
  freeCpus: number;
  runningSandboxes: number;
  state: SandboxNodeState;
  draining: boolean;
  heartbeatAt: Date | null;
  missedHeartbeats: number;
  /** Why the engine last failed to answer; null once it answers. */
  lastError: string | null;
}

export interface NodeRegistration {
  id: string;
  endpoint: string;
  address: string | null;
  capacityMemoryMb: number;
  capacityCpus: number;
}

export interface NodeHeartbeat {
  capacityMemoryMb: number;
  capacityCpus: number;
  runningSandboxes: number;
  freeMemoryMb: number;
  freeCpus: number;
}

@Injectable()
export class SandboxNodesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A configured host's row, made the first time; its capacity and endpoint follow the settings. */
  async register(node: NodeRegistration): Promise<void> {
    const { id, ...settings } = node;
    await this.prisma.sandboxNode.upsert({
      where: { id },
      create: { id, ...settings, freeMemoryMb: settings.capacityMemoryMb, freeCpus: settings.capacityCpus },
      update: settings,
    });
  }

  list(): Promise<SandboxNodeRecord[]> {
    return this.prisma.sandboxNode.findMany({ orderBy: { id: 'asc' } });
  }

  find(id: string): Promise<SandboxNodeRecord | null> {
    return this.prisma.sandboxNode.findUnique({ where: { id } });
  }

  async setDraining(id: string, draining: boolean): Promise<SandboxNodeRecord | null> {
    const { count } = await this.prisma.sandboxNode.updateMany({ where: { id }, data: { draining } });
    return count === 0 ? null : this.find(id);
  }

  /**
   * The hosts whose heartbeat is due, claimed by this replica: one replica checks a host per
   * interval, whichever claims it first, instead of every replica checking every host.
   */
  async claimDue(ids: string[], intervalMs: number): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.prisma.$queryRaw<Array<{ id: string }>>`
      UPDATE nodes SET checked_at = now()
      WHERE id = ANY(${ids}::text[]) AND (checked_at IS NULL OR checked_at < now() - make_interval(secs => ${intervalMs / 1000}::float8))
      RETURNING id`;
    return rows.map((row) => row.id);
  }

  /**
   * The engine answered: the host is healthy again, with what it runs now. The sandboxes counted are
   * those the engine listed and those PostgreSQL has building or running there, read under the host's
   * row lock: a placement committed after the engine was listed is counted, never written over.
   */
  recordHeartbeat(id: string, listed: string[], heartbeat: (running: number) => NodeHeartbeat): Promise<void> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM nodes WHERE id = ${id} FOR UPDATE`;
      const placed = await tx.sandbox.findMany({ where: { nodeId: id, state: { in: ['building', 'running'] } }, select: { projectId: true } });
      const running = new Set([...listed, ...placed.map((row) => row.projectId)]).size;
      await tx.sandboxNode.update({ where: { id }, data: { ...heartbeat(running), state: 'healthy', missedHeartbeats: 0, heartbeatAt: new Date(), lastError: null } });
    });
  }

  /**
   * The engine did not answer. At `lostAfter` misses in a row the host is lost, and in the same
   * transaction its sandboxes are stopped without a container and leave it: their next visit starts
   * them on another host. Answers whether the host was lost by this miss.
   */
  recordMiss(id: string, lostAfter: number, error: string): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const node = await tx.sandboxNode.update({ where: { id }, data: { missedHeartbeats: { increment: 1 }, lastError: error.slice(0, 500) } });
      if (node.state === 'lost' || node.missedHeartbeats < lostAfter) return false;
      await tx.sandboxNode.update({ where: { id }, data: { state: 'lost', runningSandboxes: 0 } });
      await tx.sandbox.updateMany({
        where: { nodeId: id },
        data: { nodeId: null, appAddress: null, containerId: null, startedAt: null, state: 'stopped' },
      });
      // A build cut off by the lost host fails like any other; its project builds again at its next visit.
      return true;
    });
  }

  /**
   * Places the project's sandbox: the hosts are read under a row lock, `choose` picks one, and the
   * choice and its reservation are written before the lock goes, so two replicas placing at once see
   * each other's choice. Null when `choose` finds no host.
   */
  place(projectId: string, demand: SandboxDemand, choose: (candidates: PlacementCandidate[]) => string | null): Promise<string | null> {
    return this.prisma.$transaction(async (tx) => {
      const candidates = await tx.$queryRaw<PlacementCandidate[]>`
        SELECT id, state::text AS state, draining, free_memory_mb AS "freeMemoryMb", free_cpus AS "freeCpus", running_sandboxes AS "runningSandboxes"
        FROM nodes ORDER BY id FOR UPDATE`;
      const nodeId = choose(candidates);
      if (!nodeId) return null;
      await tx.sandboxNode.update({
        where: { id: nodeId },
        data: { freeMemoryMb: { decrement: demand.memoryMb }, freeCpus: { decrement: demand.cpus }, runningSandboxes: { increment: 1 } },
      });
      await tx.sandbox.update({ where: { projectId }, data: { nodeId, appAddress: null } });
      return nodeId;
    });
  }
}
