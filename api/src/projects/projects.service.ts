import { createHash } from 'node:crypto';
import { Injectable, Logger, StreamableFile } from '@nestjs/common';
import { type ArchiverError, ZipArchive } from 'archiver';
import type {
  FileContentResponse,
  ProjectListResponse,
  ProjectTreeResponse,
  SaveProjectResponse,
} from '@forge/protocol/api';
import { ErrorCode } from '@forge/protocol/errors';
import { projectNameError } from '@forge/protocol/project-name';
import { DomainError, projectNotFound } from '../common/errors/domain-error.js';
import { ProjectStorage } from './project-storage.js';
import { type ProjectRecord, ProjectsRepository } from './projects.repository.js';

@Injectable()
export class ProjectsService {
  private readonly logger = new Logger('Projects');
  /** Told before a project goes, so what lives outside the database (its sandbox) goes too. */
  private readonly removalListeners: Array<(projectId: string) => Promise<void>> = [];

  constructor(
    private readonly repository: ProjectsRepository,
    private readonly storage: ProjectStorage,
  ) {}

  async list(ownerId: string): Promise<ProjectListResponse> {
    const projects = await this.repository.listWithFileCounts(ownerId);
    return {
      projects: projects.map((p) => ({ name: p.name, fileCount: p.fileCount, modifiedAt: p.updatedAt.toISOString() })),
    };
  }

  async tree(ownerId: string, name: string): Promise<ProjectTreeResponse> {
    const project = await this.find(ownerId, name);
    return { tree: await this.repository.filePaths(project.id) };
  }

  async file(ownerId: string, name: string, path: string): Promise<FileContentResponse> {
    const project = await this.find(ownerId, name);
    if (!(await this.repository.hasFile(project.id, path))) {
      throw new DomainError(ErrorCode.FileNotFound, `File not found: ${path}`);
    }
    return { content: (await this.storage.readFile(project.id, path)).toString('utf8') };
  }

  /** The project to write into, created when new. Answers its id. */
  async ensureProject(ownerId: string, name: string): Promise<ProjectRecord> {
    this.assertValidName(name);
    return this.repository.upsertProject(ownerId, name);
  }

  /** Saves one file atomically and records it; used as a generation completes each file. */
  async writeFile(projectId: string, path: string, content: string): Promise<void> {
    await this.storage.writeFile(projectId, path, content);
    await this.repository.upsertFile(projectId, fileRecord(path, content));
  }

  /** Removes the files a regeneration did not write again. */
  async keepOnly(projectId: string, paths: string[]): Promise<void> {
    for (const path of await this.repository.deleteFilesNotIn(projectId, paths)) await this.storage.removeFile(projectId, path);
  }

  async save(ownerId: string, name: string, files: Record<string, string>): Promise<SaveProjectResponse> {
    this.assertValidName(name);
    const project = await this.repository.upsertProject(ownerId, name);
    const previous = new Set(await this.repository.filePaths(project.id));
    const entries = Object.entries(files);
    for (const [path, content] of entries) await this.storage.writeFile(project.id, path, content);
    await this.repository.replaceFiles(project.id, entries.map(([path, content]) => fileRecord(path, content)));
    // Only after the database agrees, so a failure never loses a file the project still lists.
    for (const path of previous) if (!(path in files)) await this.storage.removeFile(project.id, path);
    this.logger.log(`Saved ${entries.length} files to project ${name} (${project.id})`);
    return { filesSaved: entries.length, projectDir: `projects/${name}` };
  }

  onRemove(listener: (projectId: string) => Promise<void>): void {
    this.removalListeners.push(listener);
  }

  async remove(ownerId: string, name: string): Promise<{ ok: true }> {
    const project = await this.find(ownerId, name);
    await this.notifyRemoval(project.id);
    await this.repository.delete(project.id);
    await this.storage.removeProject(project.id);
    return { ok: true };
  }

  /** Removes every project of an account, files included; the account goes next. */
  async removeAllOf(ownerId: string): Promise<void> {
    for (const id of await this.repository.idsOfOwner(ownerId)) {
      await this.notifyRemoval(id);
      await this.repository.delete(id);
      await this.storage.removeProject(id);
    }
  }

  async download(ownerId: string, name: string): Promise<StreamableFile> {
    const project = await this.find(ownerId, name);
    const paths = await this.repository.filePaths(project.id);
    const archive = new ZipArchive({ zlib: { level: 6 } });
    archive.on('warning', (err: ArchiverError) => this.logger.warn(`zip ${name}: ${err.message}`));
    for (const path of paths) archive.file(`${this.storage.projectDir(project.id)}/${path}`, { name: `${name}/${path}` });
    void archive.finalize();
    return new StreamableFile(archive, { type: 'application/zip', disposition: `attachment; filename="${name}.zip"` });
  }

  private async notifyRemoval(projectId: string): Promise<void> {
    for (const listener of this.removalListeners) {
      await listener(projectId).catch((err: Error) => this.logger.warn(`Cleaning up after project ${projectId}: ${err.message}`));
    }
  }

  /** A project by id, for work the platform does on its own (builds, sandboxes), not for a request. */
  findById(projectId: string): Promise<(ProjectRecord & { ownerId: string }) | null> {
    return this.repository.findById(projectId);
  }

  filePaths(projectId: string): Promise<string[]> {
    return this.repository.filePaths(projectId);
  }

  /** Another account's project answers exactly like a missing one. */
  async find(ownerId: string, name: string): Promise<ProjectRecord> {
    this.assertValidName(name);
    const project = await this.repository.findByName(ownerId, name);
    if (!project) throw projectNotFound();
    return project;
  }

  assertValidName(name: string): void {
    const error = projectNameError(name);
    if (error) throw new DomainError(ErrorCode.InvalidProjectName, error);
  }
}

function fileRecord(path: string, content: string) {
  return { path, sizeBytes: Buffer.byteLength(content), sha256: createHash('sha256').update(content).digest('hex') };
}
