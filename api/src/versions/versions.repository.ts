import { Injectable } from '@nestjs/common';
import type { VersionFileChange, VersionKind } from '@forge/protocol/versions';
import { PrismaService } from '../platform-db/prisma.service.js';

export interface VersionRecord {
  id: string;
  seq: number;
  kind: VersionKind;
  message: string;
  files: VersionFileChange[];
  createdAt: Date;
}

const SELECT = { id: true, seq: true, kind: true, message: true, files: true, createdAt: true } as const;

@Injectable()
export class VersionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Newest first. */
  async list(projectId: string): Promise<VersionRecord[]> {
    return (await this.prisma.projectVersion.findMany({ where: { projectId }, orderBy: { seq: 'desc' }, select: SELECT })).map(toRecord);
  }

  async find(projectId: string, id: string): Promise<VersionRecord | null> {
    const row = await this.prisma.projectVersion.findUnique({ where: { projectId_id: { projectId, id } }, select: SELECT });
    return row && toRecord(row);
  }

  async latest(projectId: string): Promise<VersionRecord | null> {
    const row = await this.prisma.projectVersion.findFirst({ where: { projectId }, orderBy: { seq: 'desc' }, select: SELECT });
    return row && toRecord(row);
  }

  /** Records a version after the project's last one. */
  async append(projectId: string, version: Omit<VersionRecord, 'seq'>): Promise<VersionRecord> {
    const last = await this.prisma.projectVersion.findFirst({ where: { projectId }, orderBy: { seq: 'desc' }, select: { seq: true } });
    const row = await this.prisma.projectVersion.create({
      data: { projectId, id: version.id, seq: (last?.seq ?? 0) + 1, kind: version.kind, message: version.message, files: version.files as object[], createdAt: version.createdAt },
      select: SELECT,
    });
    return toRecord(row);
  }
}

/** `files` is written only by `append`, as a list of changes. */
function toRecord(row: Omit<VersionRecord, 'files'> & { files: unknown }): VersionRecord {
  return { ...row, files: row.files as VersionFileChange[] };
}
