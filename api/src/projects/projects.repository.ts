import { Injectable } from '@nestjs/common';
import type { ConventionsVersion } from '@forge/protocol/conventions';
import { PrismaService } from '../platform-db/prisma.service.js';
import type { FileEntry } from './file-kinds.js';

export interface ProjectRecord {
  id: string;
  name: string;
  updatedAt: Date;
}

export interface FileRecord {
  path: string;
  sizeBytes: number;
  sha256: string;
  binary: boolean;
}

@Injectable()
export class ProjectsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async listWithFileCounts(ownerId: string): Promise<Array<ProjectRecord & { fileCount: number }>> {
    const rows = await this.prisma.project.findMany({
      where: { ownerId },
      orderBy: { updatedAt: 'desc' },
      select: { id: true, name: true, updatedAt: true, _count: { select: { files: true } } },
    });
    return rows.map(({ _count, ...project }) => ({ ...project, fileCount: _count.files }));
  }

  findById(projectId: string): Promise<(ProjectRecord & { ownerId: string }) | null> {
    return this.prisma.project.findUnique({ where: { id: projectId }, select: { id: true, name: true, ownerId: true, updatedAt: true } });
  }

  findByName(ownerId: string, name: string): Promise<ProjectRecord | null> {
    return this.prisma.project.findUnique({
      where: { ownerId_name: { ownerId, name } },
      select: { id: true, name: true, updatedAt: true },
    });
  }

  async filePaths(projectId: string): Promise<string[]> {
    const rows = await this.prisma.projectFile.findMany({ where: { projectId }, select: { path: true }, orderBy: { path: 'asc' } });
    return rows.map((row) => row.path);
  }

  /** Every file with its size and kind, by path. */
  fileEntries(projectId: string): Promise<FileEntry[]> {
    return this.prisma.projectFile.findMany({ where: { projectId }, select: { path: true, sizeBytes: true, binary: true }, orderBy: { path: 'asc' } });
  }

  /** One file with its size and kind; null when the project does not list it. */
  fileEntry(projectId: string, path: string): Promise<FileEntry | null> {
    return this.prisma.projectFile.findUnique({ where: { projectId_path: { projectId, path } }, select: { path: true, sizeBytes: true, binary: true } });
  }

  /** The project, created when new; `conventions`, when given, is recorded on a new and an existing one alike. */
  upsertProject(ownerId: string, name: string, conventions?: ConventionsVersion): Promise<ProjectRecord> {
    return this.prisma.project.upsert({
      where: { ownerId_name: { ownerId, name } },
      create: { ownerId, name, conventions },
      update: { updatedAt: new Date(), conventions },
      select: { id: true, name: true, updatedAt: true },
    });
  }

  async conventionsOf(projectId: string): Promise<ConventionsVersion | null> {
    const project = await this.prisma.project.findUnique({ where: { id: projectId }, select: { conventions: true } });
    return project?.conventions ?? null;
  }

  async upsertFile(projectId: string, file: FileRecord): Promise<void> {
    await this.prisma.projectFile.upsert({
      where: { projectId_path: { projectId, path: file.path } },
      create: { projectId, ...file },
      update: { sizeBytes: file.sizeBytes, sha256: file.sha256, binary: file.binary },
    });
  }

  /** Forgets every file not in `keep` and marks the project modified; answers the paths it forgot. */
  async deleteFilesNotIn(projectId: string, keep: string[]): Promise<string[]> {
    const stale = await this.prisma.projectFile.findMany({ where: { projectId, path: { notIn: keep } }, select: { path: true } });
    await this.prisma.$transaction([
      this.prisma.projectFile.deleteMany({ where: { projectId, path: { in: stale.map((f) => f.path) } } }),
      this.prisma.project.update({ where: { id: projectId }, data: { updatedAt: new Date() } }),
    ]);
    return stale.map((f) => f.path);
  }

  /**
   * Records written and deleted files, and marks the project modified, in one transaction. Each is
   * one statement whatever the number of files: a query per file (2,000 in a large save) costs the
   * event loop seconds of query compilation.
   */
  async applyFileChanges(projectId: string, upserts: FileRecord[], deletes: string[]): Promise<void> {
    const now = new Date();
    await this.prisma.$transaction([
      this.prisma.$executeRaw`DELETE FROM project_files WHERE project_id = ${projectId}::uuid AND path = ANY(${deletes}::text[])`,
      this.prisma.$executeRaw`
        INSERT INTO project_files (project_id, path, size_bytes, sha256, "binary", updated_at)
        SELECT ${projectId}::uuid, file.path, file.size_bytes, file.sha256, file."binary", ${now}
        FROM unnest(${upserts.map((file) => file.path)}::text[], ${upserts.map((file) => file.sizeBytes)}::int[],
                    ${upserts.map((file) => file.sha256)}::text[], ${upserts.map((file) => file.binary)}::boolean[])
          AS file(path, size_bytes, sha256, "binary")
        ON CONFLICT (project_id, path) DO UPDATE
          SET size_bytes = EXCLUDED.size_bytes, sha256 = EXCLUDED.sha256, "binary" = EXCLUDED."binary", updated_at = EXCLUDED.updated_at`,
      this.prisma.project.update({ where: { id: projectId }, data: { updatedAt: now } }),
    ]);
  }

  /** The recorded sha256 of each of `paths` the project has. */
  async fileHashes(projectId: string, paths: string[]): Promise<Map<string, string>> {
    const rows = await this.prisma.projectFile.findMany({ where: { projectId, path: { in: paths } }, select: { path: true, sha256: true } });
    return new Map(rows.map((row) => [row.path, row.sha256]));
  }

  countOf(ownerId: string): Promise<number> {
    return this.prisma.project.count({ where: { ownerId } });
  }

  /** The account's project files, and the snapshots of databases its versions keep. */
  async storedBytesOf(ownerId: string): Promise<number> {
    const [files, data] = await Promise.all([
      this.prisma.projectFile.aggregate({ where: { project: { ownerId } }, _sum: { sizeBytes: true } }),
      this.prisma.projectVersion.aggregate({ where: { project: { ownerId } }, _sum: { dataBytes: true } }),
    ]);
    return (files._sum.sizeBytes ?? 0) + (data._sum.dataBytes ?? 0);
  }

  /** Bytes of the project's files at `paths`, or of all its files when `paths` is null. */
  async storedBytesOfFiles(projectId: string, paths: string[] | null): Promise<number> {
    const sum = await this.prisma.projectFile.aggregate({ where: { projectId, ...(paths ? { path: { in: paths } } : {}) }, _sum: { sizeBytes: true } });
    return sum._sum.sizeBytes ?? 0;
  }

  async idsOfOwner(ownerId: string): Promise<string[]> {
    return (await this.prisma.project.findMany({ where: { ownerId }, select: { id: true } })).map((p) => p.id);
  }

  /**
   * Holds the project for one writer: answers null when this one got it, or what holds it now. A
   * job's claim has no replica (it lasts until the job ends, wherever it runs); any other claim
   * belongs to the replica that took it and goes with it.
   */
  async claim(claim: { ownerId: string; projectName: string; kind: string; jobId: string | null; replicaId: string | null }): Promise<{ kind: string; jobId: string | null } | null> {
    const taken = await this.prisma.$queryRaw<Array<{ kind: string }>>`
      INSERT INTO project_claims (owner_id, project_name, kind, job_id, replica_id)
      VALUES (${claim.ownerId}::uuid, ${claim.projectName}, ${claim.kind}, ${claim.jobId}::uuid, ${claim.replicaId}::uuid)
      ON CONFLICT DO NOTHING RETURNING kind`;
    if (taken.length > 0) return null;
    const holder = await this.prisma.projectClaim.findUnique({ where: { ownerId_projectName: { ownerId: claim.ownerId, projectName: claim.projectName } }, select: { kind: true, jobId: true } });
    // Released in between: one more try.
    return holder ?? this.claim(claim);
  }

  async releaseClaim(claim: { ownerId: string; projectName: string; kind: string; jobId: string | null; replicaId: string | null }): Promise<void> {
    await this.prisma.projectClaim.deleteMany({
      where: claim.jobId ? { jobId: claim.jobId } : { ownerId: claim.ownerId, projectName: claim.projectName, kind: claim.kind, replicaId: claim.replicaId },
    });
  }

  /** A job's claim, whichever replica ends the job. */
  async releaseJobClaim(jobId: string): Promise<void> {
    await this.prisma.projectClaim.deleteMany({ where: { jobId } });
  }

  async delete(projectId: string): Promise<void> {
    await this.prisma.project.delete({ where: { id: projectId } });
  }
}
