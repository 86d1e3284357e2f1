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
  dataBytes: number | null;
  dataNote: string | null;
}

const SELECT = { id: true, seq: true, kind: true, message: true, files: true, createdAt: true, dataBytes: true, dataNote: true } as const;

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
  async append(projectId: string, version: Omit<VersionRecord, 'seq' | 'dataBytes' | 'dataNote'>): Promise<VersionRecord> {
    const last = await this.prisma.projectVersion.findFirst({ where: { projectId }, orderBy: { seq: 'desc' }, select: { seq: true } });
    const seq = (last?.seq ?? 0) + 1;
    await this.prisma.$executeRaw`
      INSERT INTO project_versions (project_id, id, seq, kind, message, files, created_at)
      VALUES (${projectId}::uuid, ${version.id}, ${seq}, ${version.kind}::version_kind, ${version.message}, ${JSON.stringify(version.files)}::jsonb, ${version.createdAt})`;
    return { ...version, seq, dataBytes: null, dataNote: null };
  }

  /** What became of the version's database: a snapshot of `bytes` kept, or a note why not. */
  async recordData(projectId: string, id: string, data: { bytes: number } | { note: string }): Promise<void> {
    await this.prisma.projectVersion.update({
      where: { projectId_id: { projectId, id } },
      data: 'bytes' in data ? { dataBytes: data.bytes, dataNote: null } : { dataBytes: null, dataNote: data.note },
    });
  }

  /** Versions with a snapshot kept, newest first, past the newest `keep`. */
  async withDataBeyond(projectId: string, keep: number): Promise<string[]> {
    const rows = await this.prisma.projectVersion.findMany({ where: { projectId, dataBytes: { not: null } }, orderBy: { seq: 'desc' }, skip: keep, select: { id: true } });
    return rows.map((row) => row.id);
  }
}

/** `files` is written only by `append`, as a list of changes. */
function toRecord(row: Omit<VersionRecord, 'files'> & { files: unknown }): VersionRecord {
  return { ...row, files: row.files as VersionFileChange[] };
}
