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

  /**
   * Records a version after the project's last one. Its list of changed files goes in as one JSON
   * text: given to the query builder as objects, 2,000 of them (a large save) cost the event loop a
   * third of a second, and as much again to read them back.
   */
  async append(projectId: string, version: Omit<VersionRecord, 'seq'>): Promise<VersionRecord> {
    const last = await this.prisma.projectVersion.findFirst({ where: { projectId }, orderBy: { seq: 'desc' }, select: { seq: true } });
    const seq = (last?.seq ?? 0) + 1;
    await this.prisma.$executeRaw`
      INSERT INTO project_versions (project_id, id, seq, kind, message, files, created_at)
      VALUES (${projectId}::uuid, ${version.id}, ${seq}, ${version.kind}::version_kind, ${version.message}, ${JSON.stringify(version.files)}::jsonb, ${version.createdAt})`;
    return { ...version, seq };
  }
}

/** `files` is written only by `append`, as a list of changes. */
function toRecord(row: Omit<VersionRecord, 'files'> & { files: unknown }): VersionRecord {
  return { ...row, files: row.files as VersionFileChange[] };
}
