import { Injectable, Logger, StreamableFile } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { type ArchiverError, ZipArchive } from 'archiver';
import type { ProjectListResponse, ProjectTreeResponse, SaveProjectResponse } from '@forge/protocol/api';
import { CURRENT_CONVENTIONS, type ConventionsVersion } from '@forge/protocol/conventions';
import type { SavedFileContent } from '@forge/protocol/files';
import { ErrorCode } from '@forge/protocol/errors';
import { fileFolderConflict, unsafePathReason } from '@forge/protocol/paths';
import { projectNameError } from '@forge/protocol/project-name';
import { DomainError, projectNotFound } from '../common/errors/domain-error.js';
import {
  ACCOUNT_DELETING,
  type AccountDeletingEvent,
  PROJECT_CHANGED,
  PROJECT_CHANGING,
  PROJECT_DELETED,
  PROJECT_DELETING,
  type ProjectChangedEvent,
  type ProjectChangingEvent,
  type ProjectDeletedEvent,
  type ProjectDeletingEvent,
  type VersionNote,
} from '../common/events/domain-events.js';
import { type AnswerTransform, fileAnswer } from './file-answer.js';
import { type FileEntry, isBinaryContent } from './file-kinds.js';
import { ProjectChanges } from './project-changes.js';
import { type ProjectClaimHolder, ProjectClaims, type ReleaseClaim } from './project-claims.js';
import { ProjectQuotas } from './project-quotas.js';
import { ProjectFileSaver, type FileSaverHooks } from './project-file-saver.js';

export type { ProjectFileSaver } from './project-file-saver.js';
export type { FileChangeSet } from './project-transactions.js';
import { ProjectStorage } from './project-storage.js';
import { type FileChangeSet, sha256 } from './project-transactions.js';
import { decodeSavedFiles } from './saved-files.js';
import { type ProjectRecord, ProjectsRepository } from './projects.repository.js';

/** Where a project's saved secrets are written; never a tracked file. */
export const ENV_FILE = '.env';
const ENV_EXAMPLE_FILE = '.env.example';
const NO_KEYS_ENV_EXAMPLE =
  '# This app reads no keys or other settings: there is nothing to fill in.\n# Copy this file to .env (cp .env.example .env) and add a variable here when the app comes to need one.\n';

@Injectable()
export class ProjectsService {
  private readonly logger = new Logger('Projects');

  constructor(
    private readonly repository: ProjectsRepository,
    private readonly storage: ProjectStorage,
    private readonly quotas: ProjectQuotas,
    private readonly claims: ProjectClaims,
    private readonly changes: ProjectChanges,
    private readonly events: EventEmitter2,
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

  /** A file as the file API answers it: a text file as `{ content }`, a binary one as its bytes (protocol `files.ts`). */
  async file(ownerId: string, name: string, path: string): Promise<StreamableFile> {
    const project = await this.find(ownerId, name);
    return this.fileAnswer(project.id, path);
  }

  /**
   * A file of a project the caller already holds, streamed from disk as the file API answers it;
   * `transform` rewrites its bytes on the way (a share masks secrets).
   */
  async fileAnswer(projectId: string, path: string, transform?: AnswerTransform): Promise<StreamableFile> {
    const entry = await this.entryOf(projectId, path);
    const rewrite = transform ? await transform(entry) : null;
    const opened = await this.storage.openFile(projectId, path);
    return fileAnswer({ ...entry, sizeBytes: opened.sizeBytes }, opened.stream, rewrite);
  }

  /** Every file with its size and whether it is binary: what a model is told of the project. */
  fileEntries(projectId: string): Promise<FileEntry[]> {
    return this.repository.fileEntries(projectId);
  }

  /** A file's bytes as stored, for copying it somewhere (a sandbox) unchanged. */
  readFileBytes(projectId: string, path: string): Promise<Buffer> {
    return this.storage.readFile(projectId, path);
  }

  /** A file of a project the caller already holds, as UTF-8 text; one the project does not list answers FileNotFound. */
  async readFile(projectId: string, path: string): Promise<string> {
    await this.entryOf(projectId, path);
    return (await this.storage.readFile(projectId, path)).toString('utf8');
  }

  private async entryOf(projectId: string, path: string): Promise<FileEntry> {
    const reason = unsafePathReason(path);
    if (reason) throw new DomainError(ErrorCode.InvalidPath, `Invalid file path: ${reason}`);
    const entry = await this.repository.fileEntry(projectId, path);
    if (!entry) throw new DomainError(ErrorCode.FileNotFound, `File not found: ${path}`);
    return entry;
  }

  /** The project a generation writes into, created when new, and recorded as made under the current conventions. */
  async ensureProject(ownerId: string, name: string): Promise<ProjectRecord> {
    this.assertValidName(name);
    await this.quotas.assertCanCreate(ownerId, name);
    return this.repository.upsertProject(ownerId, name, CURRENT_CONVENTIONS);
  }

  /**
   * The project an import writes into, created empty once every check passed: a name in use is
   * refused with 409 naming it (an import never replaces a project), and the account's limits must
   * hold the files to come (`sizes`). The caller holds the name's claim.
   */
  async createForImport(ownerId: string, name: string, sizes: Array<{ path: string; bytes: number }>): Promise<ProjectRecord> {
    this.assertValidName(name);
    await this.assertNameFree(ownerId, name);
    await this.quotas.assertCanCreate(ownerId, name);
    await this.quotas.assertCanStore(ownerId, null, sizes);
    return this.repository.upsertProject(ownerId, name);
  }

  /** Refuses a name already taken by one of the account's projects, with 409 naming it. */
  async assertNameFree(ownerId: string, name: string): Promise<void> {
    if (await this.repository.findByName(ownerId, name)) throw new DomainError(ErrorCode.Conflict, `You already have a project named "${name}". Choose another name, or delete "${name}" first.`);
  }

  /** The conventions a project was made under, which its edits and fixes follow. */
  async conventionsOf(projectId: string): Promise<ConventionsVersion> {
    const conventions = await this.repository.conventionsOf(projectId);
    if (!conventions) throw projectNotFound();
    return conventions;
  }

  /** Saves one file atomically and records it; used as a generation completes each file. */
  async writeFile(projectId: string, path: string, content: string): Promise<void> {
    if (path === ENV_FILE) {
      this.logger.warn(`Not saving a generated ${ENV_FILE} in ${projectId}: that file holds the saved secrets`);
      return;
    }
    const project = await this.repository.findById(projectId);
    if (!project) throw projectNotFound();
    await this.quotas.assertCanStore(project.ownerId, projectId, [{ path, bytes: Buffer.byteLength(content) }]);
    await this.storage.writeFile(projectId, path, content);
    await this.repository.upsertFile(projectId, fileRecord(path, content));
  }

  /**
   * A queue that saves files one after another off the streaming path, into `project` (an id, or
   * how to get one when the first file is saved).
   */
  fileSaver(project: string | (() => Promise<string>), hooks?: FileSaverHooks): ProjectFileSaver {
    return new ProjectFileSaver((projectId, path, content) => this.writeFile(projectId, path, content), project, hooks);
  }

  /** Removes the files a regeneration did not write again. */
  async keepOnly(projectId: string, paths: string[]): Promise<void> {
    for (const path of await this.repository.deleteFilesNotIn(projectId, paths)) await this.storage.removeFile(projectId, path);
  }

  /** Holds the project for one writer (a job, a save) until released; a second is refused with 409. */
  claim(ownerId: string, name: string, holder: ProjectClaimHolder): Promise<ReleaseClaim> {
    return this.claims.claim(ownerId, name, holder);
  }

  /** Lets go of the claim a job held, from whichever replica ends the job. */
  releaseJobClaim(jobId: string): Promise<void> {
    return this.claims.releaseJob(jobId);
  }

  /** Replaces the project's files with `given`: text as strings, binary files as `{ base64 }`. */
  async save(ownerId: string, name: string, given: Record<string, SavedFileContent>): Promise<SaveProjectResponse> {
    this.assertValidName(name);
    const files = await decodeSavedFiles(withoutEnvFile(given));
    const release = await this.claim(ownerId, name, { kind: 'save' });
    try {
      return await this.saveClaimed(ownerId, name, files);
    } finally {
      await release();
    }
  }

  private async saveClaimed(ownerId: string, name: string, files: Map<string, string | Buffer>): Promise<SaveProjectResponse> {
    const existing = await this.repository.findByName(ownerId, name);
    await this.quotas.assertCanCreate(ownerId, name);
    await this.quotas.assertCanStore(
      ownerId,
      existing?.id ?? null,
      [...files].map(([path, content]) => ({ path, bytes: Buffer.byteLength(content) })),
      true,
    );
    const project = await this.repository.upsertProject(ownerId, name);
    const previous = await this.repository.filePaths(project.id);
    // All at once: a save that fails midway (a file where a folder must go) leaves the project as it was.
    const changes: FileChangeSet = { writes: files, deletes: new Set(previous.filter((path) => !files.has(path))) };
    await this.applyChecked(project.id, changes, { kind: 'save', message: `Saved ${files.size} ${files.size === 1 ? 'file' : 'files'} from the workspace` });
    this.logger.log(`Saved ${files.size} files to project ${name} (${project.id})`);
    return { filesSaved: files.size, projectDir: `projects/${name}` };
  }

  /**
   * Writes and deletes files of a project the caller holds, all together or not at all (also across
   * a crash), and records the result as one version. Paths are checked first; nothing is written
   * when one is refused or a file would have to be a folder too.
   */
  async applyChanges(projectId: string, changes: FileChangeSet, note: VersionNote): Promise<void> {
    const project = await this.repository.findById(projectId);
    if (!project) throw projectNotFound();
    for (const path of [...changes.writes.keys(), ...changes.deletes]) {
      const reason = unsafePathReason(path);
      if (reason) throw new DomainError(ErrorCode.InvalidPath, `Invalid file path "${path}": ${reason}`);
    }
    const after = new Set(await this.repository.filePaths(projectId));
    for (const path of changes.deletes) after.delete(path);
    for (const path of changes.writes.keys()) after.add(path);
    const conflict = fileFolderConflict(after);
    if (conflict) throw new DomainError(ErrorCode.InvalidPath, `Invalid file set: ${conflict}`);
    await this.quotas.assertCanStore(
      project.ownerId,
      projectId,
      [...changes.writes].map(([path, content]) => ({ path, bytes: Buffer.byteLength(content) })),
    );
    await this.applyChecked(projectId, changes, note);
  }

  private async applyChecked(projectId: string, changes: FileChangeSet, note: VersionNote): Promise<void> {
    await this.events.emitAsync(PROJECT_CHANGING, { projectId } satisfies ProjectChangingEvent).catch((err: Error) => this.logger.warn(`Before changing ${projectId}: ${err.message}`));
    await this.changes.apply(projectId, changes, note);
    await this.recordVersion(projectId, note);
  }

  /** The project's files as they are now become one version of its history (after a generation, say). */
  async recordVersion(projectId: string, note: VersionNote): Promise<void> {
    const event: ProjectChangedEvent = { projectId, ...note };
    await this.events.emitAsync(PROJECT_CHANGED, event).catch((err: Error) => this.logger.warn(`Recording a version of ${projectId}: ${err.message}`));
  }

  /**
   * The project's .env, holding its saved secrets: on disk beside its files but never one of them,
   * so it is left out of the file list, the sandbox copy, the ZIP and versions.
   */
  async writeEnvironmentFile(projectId: string, content: string): Promise<void> {
    await this.storage.writeFile(projectId, ENV_FILE, content);
  }

  async remove(ownerId: string, name: string): Promise<{ ok: true }> {
    const project = await this.find(ownerId, name);
    await this.notifyRemoval(project.id);
    await this.repository.delete(project.id);
    await this.notifyRemoved(project.id);
    await this.storage.removeProject(project.id);
    return { ok: true };
  }

  /** Removes every project of an account, files included; the account goes next. */
  @OnEvent(ACCOUNT_DELETING, { suppressErrors: false })
  async removeAllOf({ userId }: AccountDeletingEvent): Promise<void> {
    for (const id of await this.repository.idsOfOwner(userId)) {
      await this.notifyRemoval(id);
      await this.repository.delete(id);
      await this.notifyRemoved(id);
      await this.storage.removeProject(id);
    }
  }

  async download(ownerId: string, name: string): Promise<StreamableFile> {
    const project = await this.find(ownerId, name);
    const paths = await this.repository.filePaths(project.id);
    const archive = new ZipArchive({ zlib: { level: 6 } });
    archive.on('warning', (err: ArchiverError) => this.logger.warn(`zip ${name}: ${err.message}`));
    for (const path of paths.filter((listed) => listed !== ENV_FILE)) archive.file(`${this.storage.projectDir(project.id)}/${path}`, { name: `${name}/${path}` });
    // The docs promise one in every ZIP and say to `cp .env.example .env`: an app that reads no keys gets one saying so.
    if (!paths.includes(ENV_EXAMPLE_FILE)) archive.append(NO_KEYS_ENV_EXAMPLE, { name: `${name}/${ENV_EXAMPLE_FILE}` });
    void archive.finalize();
    return new StreamableFile(archive, { type: 'application/zip', disposition: `attachment; filename="${name}.zip"` });
  }

  /** Listeners clean up what lives outside the database; their failures are logged, never block the removal. */
  private async notifyRemoval(projectId: string): Promise<void> {
    await this.events.emitAsync(PROJECT_DELETING, { projectId } satisfies ProjectDeletingEvent);
  }

  /** After the rows: what a build still running made for the project meanwhile goes too. */
  private async notifyRemoved(projectId: string): Promise<void> {
    await this.events.emitAsync(PROJECT_DELETED, { projectId } satisfies ProjectDeletedEvent);
  }

  /** A project by id, for work the platform does on its own (builds, sandboxes), not for a request. */
  /** Whether the project's account may keep `bytes` more (a restore point's data) within its stored megabytes. */
  async canKeepMore(projectId: string, bytes: number): Promise<boolean> {
    const project = await this.repository.findById(projectId);
    if (!project) return false;
    try {
      await this.quotas.assertCanStore(project.ownerId, null, [{ path: '', bytes }]);
      return true;
    } catch (err) {
      if (err instanceof DomainError && err.code === ErrorCode.QuotaExceeded) return false;
      throw err;
    }
  }

  findById(projectId: string): Promise<(ProjectRecord & { ownerId: string }) | null> {
    return this.repository.findById(projectId);
  }

  filePaths(projectId: string): Promise<string[]> {
    return this.repository.filePaths(projectId);
  }

  /** Whether the account has a project of that name. */
  async exists(ownerId: string, name: string): Promise<boolean> {
    return (await this.repository.findByName(ownerId, name)) !== null;
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

/** Secrets never arrive as project files: a client's .env would be saved and exported like code. */
function withoutEnvFile<T>(files: Record<string, T>): Record<string, T> {
  if (!(ENV_FILE in files)) return files;
  const { [ENV_FILE]: _secrets, ...rest } = files;
  return rest;
}

function fileRecord(path: string, content: string) {
  return { path, sizeBytes: Buffer.byteLength(content), sha256: sha256(content), binary: isBinaryContent(content) };
}
