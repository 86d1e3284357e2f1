import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';
import type { SandboxState } from '../generated/prisma/client.js';

export interface SandboxRecord {
  projectId: string;
  previewId: string;
  containerId: string | null;
  state: SandboxState;
  builtAt: Date | null;
  startedAt: Date | null;
  lastVisitAt: Date | null;
  /** The host it is placed on, while it has one. */
  nodeId: string | null;
  /** Where the preview proxy forwards (host:port), while its container runs. */
  appAddress: string | null;
}

export interface SandboxWithProject extends SandboxRecord {
  project: { id: string; name: string; ownerId: string; ownerKeyHint: string };
}

const RECORD = { projectId: true, previewId: true, containerId: true, state: true, builtAt: true, startedAt: true, lastVisitAt: true, nodeId: true, appAddress: true } as const;
const withProject = { project: { select: { id: true, name: true, ownerId: true, owner: { select: { keyHint: true } } } } } as const;

@Injectable()
export class SandboxesRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(projectId: string): Promise<SandboxRecord | null> {
    return this.prisma.sandbox.findUnique({ where: { projectId }, select: RECORD });
  }

  /** The stored log of the project's latest build, for when its container is not running. */
  async lastBuildLog(projectId: string): Promise<string | null> {
    const build = await this.prisma.build.findFirst({ where: { projectId }, orderBy: { createdAt: 'desc' }, select: { log: true } });
    return build?.log || null;
  }

  async findByPreviewId(previewId: string): Promise<SandboxWithProject | null> {
    const row = await this.prisma.sandbox.findUnique({ where: { previewId }, include: withProject });
    return row && flatten(row);
  }

  async findMany(projectIds: string[]): Promise<SandboxWithProject[]> {
    const rows = await this.prisma.sandbox.findMany({ where: { projectId: { in: projectIds } }, include: withProject });
    return rows.map(flatten);
  }

  /**
   * One page of sandboxes by project name, then project id: those after the sandbox `after` (a project
   * id; none: from the first). Asks one more row than `limit` to tell whether a page follows.
   */
  async page(after: string | undefined, limit: number): Promise<{ rows: SandboxWithProject[]; more: boolean }> {
    const from = after ? await this.prisma.project.findUnique({ where: { id: after }, select: { name: true } }) : null;
    const where = from
      ? { OR: [{ project: { name: { gt: from.name } } }, { project: { name: from.name }, projectId: { gt: after } }] }
      : // A cursor whose project is gone (removed meanwhile) starts again from the first page.
        {};
    const rows = await this.prisma.sandbox.findMany({ where, include: withProject, orderBy: [{ project: { name: 'asc' } }, { projectId: 'asc' }], take: limit + 1 });
    return { rows: rows.slice(0, limit).map(flatten), more: rows.length > limit };
  }

  /** How many sandboxes there are in each state. */
  async countByState(): Promise<Record<SandboxState, number>> {
    const counts = await this.prisma.sandbox.groupBy({ by: ['state'], _count: { _all: true } });
    const byState: Record<SandboxState, number> = { stopped: 0, building: 0, running: 0, failed: 0 };
    for (const count of counts) byState[count.state] = count._count._all;
    return byState;
  }

  /** The project's sandbox row, made with a fresh preview id the first time. */
  async ensure(projectId: string, newPreviewId: () => string): Promise<SandboxRecord> {
    const existing = await this.find(projectId);
    if (existing) return existing;
    return this.prisma.sandbox.upsert({ where: { projectId }, create: { projectId, previewId: newPreviewId() }, update: {}, select: RECORD });
  }

  async update(projectId: string, data: Partial<Omit<SandboxRecord, 'projectId' | 'previewId'>>): Promise<void> {
    await this.prisma.sandbox.updateMany({ where: { projectId }, data });
  }

  async recordVisits(visits: Map<string, Date>): Promise<void> {
    for (const [projectId, at] of visits) await this.prisma.sandbox.updateMany({ where: { projectId }, data: { lastVisitAt: at } });
  }

  /** Containers the platform may keep: those of projects that still exist. */
  async knownProjectIds(ids: string[]): Promise<Set<string>> {
    const rows = await this.prisma.project.findMany({ where: { id: { in: ids } }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Sandboxes placed on the host (or on none, `unplacedToo`: rows from before hosts were recorded)
   * whose container its engine no longer lists, `except` those it does: stopped, without a container.
   */
  async markWithoutContainerOn(nodeId: string, except: string[], unplacedToo: boolean): Promise<void> {
    await this.prisma.sandbox.updateMany({
      where: { projectId: { notIn: except }, state: { in: ['running', 'building'] }, OR: [{ nodeId }, ...(unplacedToo ? [{ nodeId: null }] : [])] },
      data: { state: 'stopped', containerId: null, startedAt: null, appAddress: null },
    });
  }
}

function flatten(row: SandboxRecord & { project: { id: string; name: string; ownerId: string; owner: { keyHint: string } } }): SandboxWithProject {
  const { project, ...sandbox } = row;
  return {
    projectId: sandbox.projectId,
    previewId: sandbox.previewId,
    containerId: sandbox.containerId,
    state: sandbox.state,
    builtAt: sandbox.builtAt,
    startedAt: sandbox.startedAt,
    lastVisitAt: sandbox.lastVisitAt,
    nodeId: sandbox.nodeId,
    appAddress: sandbox.appAddress,
    project: { id: project.id, name: project.name, ownerId: project.ownerId, ownerKeyHint: project.owner.keyHint },
  };
}
