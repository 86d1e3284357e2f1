import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';

export interface NewAuditEntry {
  operatorId: string;
  action: string;
  accountId?: string | null;
  projectId?: string | null;
  projectName?: string | null;
  nodeId?: string | null;
  summary: string;
  reason?: string | null;
}

export interface AuditEntryRecord {
  id: string;
  operatorId: string;
  action: string;
  accountId: string | null;
  projectId: string | null;
  projectName: string | null;
  nodeId: string | null;
  summary: string;
  reason: string | null;
  createdAt: Date;
}

/** The audit trail: entries are only ever inserted, and read newest first. */
@Injectable()
export class AuditRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(entry: NewAuditEntry): Promise<AuditEntryRecord> {
    return this.prisma.auditEntry.create({ data: entry });
  }

  /** Newest first; `before` is the id of the last entry of the previous page. */
  async page(before: string | null, limit: number): Promise<{ entries: AuditEntryRecord[]; more: boolean }> {
    const cursor = before ? await this.prisma.auditEntry.findUnique({ where: { id: before }, select: { id: true, createdAt: true } }) : null;
    if (before && !cursor) return { entries: [], more: false };
    const rows = await this.prisma.auditEntry.findMany({
      where: cursor ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
    });
    return { entries: rows.slice(0, limit), more: rows.length > limit };
  }
}
