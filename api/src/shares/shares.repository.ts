import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../platform-db/prisma.service.js';
import type { WallPosition } from './wall-cursor.js';

export interface ShareRecord {
  id: string;
  projectId: string;
  description: string;
  publishedAt: Date;
}

export interface SharedProject extends ShareRecord {
  projectName: string;
}

const withProjectName = { project: { select: { name: true } } } as const;

function flatten(row: ShareRecord & { project: { name: string } }): SharedProject {
  const { project, ...share } = row;
  return { ...share, projectName: project.name };
}

@Injectable()
export class SharesRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByProject(projectId: string): Promise<ShareRecord | null> {
    return this.prisma.projectShare.findUnique({ where: { projectId } });
  }

  async findById(shareId: string): Promise<SharedProject | null> {
    const row = await this.prisma.projectShare.findUnique({ where: { id: shareId }, include: withProjectName });
    return row && flatten(row);
  }

  /**
   * Publishes the project under `newId`, or, when it is already published, keeps its id and date and
   * sets the description: one statement, so two publishes at once leave one share.
   */
  async publish(projectId: string, newId: string, description: string): Promise<ShareRecord> {
    return this.prisma.projectShare.upsert({ where: { projectId }, create: { id: newId, projectId, description }, update: { description } });
  }

  /** Answers the id of the share that was removed, or null when the project was not published. */
  async unpublish(projectId: string): Promise<string | null> {
    const rows = await this.prisma.$queryRaw<Array<{ id: string }>>`DELETE FROM project_shares WHERE project_id = ${projectId}::uuid RETURNING id`;
    return rows[0]?.id ?? null;
  }

  async listOfOwner(ownerId: string): Promise<SharedProject[]> {
    const rows = await this.prisma.projectShare.findMany({ where: { project: { ownerId } }, include: withProjectName, orderBy: { publishedAt: 'desc' } });
    return rows.map(flatten);
  }

  /** Newest first; `after` is where the previous page ended. */
  async wallPage(after: WallPosition | null, take: number): Promise<SharedProject[]> {
    const where: Prisma.ProjectShareWhereInput | undefined = after ? { OR: [{ publishedAt: { lt: after.publishedAt } }, { publishedAt: after.publishedAt, id: { lt: after.shareId } }] } : undefined;
    const rows = await this.prisma.projectShare.findMany({ where, include: withProjectName, orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }], take });
    return rows.map(flatten);
  }
}
