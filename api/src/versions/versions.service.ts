import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ErrorCode } from '@forge/protocol/errors';
import type { ProjectVersion, RestoreVersionRequest, RestoreVersionResponse, VersionDiffResponse, VersionListResponse } from '@forge/protocol/versions';
import { DomainError, notFound } from '../common/errors/domain-error.js';
import { PROJECT_CHANGED, PROJECT_CHANGING, PROJECT_DELETING, type ProjectChangedEvent, type ProjectChangingEvent, type ProjectDeletingEvent } from '../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { BuildsService } from '../builds/builds.service.js';
import { KeyedSerializer } from '../common/keyed-serializer.js';
import { DiffsService } from '../diffs/diffs.service.js';
import { DatabaseSnapshotsService } from '../project-databases/database-snapshots.service.js';
import { type FileChangeSet, ProjectsService } from '../projects/projects.service.js';
import { type StoredFile, VersionStore } from './version-store.js';
import { type VersionRecord, VersionsRepository } from './versions.repository.js';

/** The project's secrets: never part of a version, never touched by a restore. */
const UNVERSIONED = new Set(['.env']);
const MAX_MESSAGE_CHARS = 200;
const COMMIT_ID = /^[0-9a-f]{40}$/;
export const BASELINE_MESSAGE = 'The project as it was before its history was kept';

/**
 * The version history of every project: each change of its files (generation, edit, fix attempt,
 * restore, save) is one commit of the project's own git repository, listed newest first; any
 * version can be looked at as a diff and restored as a new version.
 */
@Injectable()
export class VersionsService {
  private readonly logger = new Logger('Versions');
  private readonly store: VersionStore;
  /** Commits of one project one after another. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Diffs an account asks for, one at a time: many at once would only queue ahead of other accounts' in the diff threads. */
  private readonly diffsPerAccount = new KeyedSerializer();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: VersionsRepository,
    private readonly projects: ProjectsService,
    private readonly builds: BuildsService,
    private readonly snapshots: DatabaseSnapshotsService,
    diffs: DiffsService,
  ) {
    this.store = new VersionStore(join(config.dataDir, 'versions'), diffs);
  }

  async list(ownerId: string, name: string): Promise<VersionListResponse> {
    const project = await this.projects.find(ownerId, name);
    return { versions: (await this.repository.list(project.id)).map(toVersion) };
  }

  async diff(ownerId: string, name: string, id: string): Promise<VersionDiffResponse> {
    const project = await this.projects.find(ownerId, name);
    const version = await this.findVersion(project.id, id);
    return { diff: await this.diffsPerAccount.run(ownerId, () => this.store.diff(project.id, version.id)) };
  }

  /**
   * A new version holding that version's files (`.env` stays as it is), and with `withData` its
   * database as it was then, swapped in only once the files are restored; then a rebuild.
   */
  async restore(ownerId: string, name: string, id: string, { withData = false }: RestoreVersionRequest = {}): Promise<RestoreVersionResponse> {
    const project = await this.projects.find(ownerId, name);
    const version = await this.findVersion(project.id, id);
    if (withData && version.dataBytes === null) throw new DomainError(ErrorCode.Conflict, 'This version kept no data: restore its code only');
    const restoreCode = async () => {
      const release = await this.projects.claim(ownerId, name, { kind: 'restore' });
      try {
        const wanted = await this.store.files(project.id, version.id);
        const changes: FileChangeSet = { writes: new Map(), deletes: new Set() };
        for (const path of await this.projects.filePaths(project.id)) {
          if (UNVERSIONED.has(path)) continue;
          const content = wanted.get(path);
          if (content === undefined) changes.deletes.add(path);
          else if (!content.equals(await this.projects.readFileBytes(project.id, path))) changes.writes.set(path, content);
          wanted.delete(path);
        }
        for (const [path, content] of wanted) if (!UNVERSIONED.has(path)) changes.writes.set(path, content);
        const when = version.createdAt.toISOString().replace('T', ' ').slice(0, 16);
        const what = withData ? 'Restored the version (code and data)' : 'Restored the version';
        await this.projects.applyChanges(project.id, changes, { kind: 'restore', message: shorten(`${what} of ${when} UTC: ${version.message}`) });
      } finally {
        await release();
      }
    };
    if (withData) await this.snapshots.restoreWith(project.id, version.id, restoreCode);
    else await restoreCode();
    const restored = await this.repository.latest(project.id);
    if (!restored) throw new Error(`The restore of ${name} recorded no version`);
    // The preview follows; the workspace attaches to this build to show it.
    void this.builds.rebuild(project.id).catch((err: Error) => this.logger.warn(`Rebuilding ${name} after a restore: ${err.message}`));
    return { version: toVersion(restored) };
  }

  /** A project without history gets its current files as a first version before they change. */
  @OnEvent(PROJECT_CHANGING, { suppressErrors: false })
  async keepBaseline({ projectId }: ProjectChangingEvent): Promise<void> {
    await this.serially(projectId, async () => {
      if (await this.repository.latest(projectId)) return;
      const files = await this.currentFiles(projectId);
      if (files.length > 0) await this.commit(projectId, files, { kind: 'save', message: BASELINE_MESSAGE });
    });
  }

  @OnEvent(PROJECT_CHANGED, { suppressErrors: false })
  async record({ projectId, kind, message }: ProjectChangedEvent): Promise<void> {
    await this.serially(projectId, async () => this.commit(projectId, await this.currentFiles(projectId), { kind, message: shorten(message) }));
  }

  @OnEvent(PROJECT_DELETING)
  async forget({ projectId }: ProjectDeletingEvent): Promise<void> {
    await this.serially(projectId, () => this.store.remove(projectId));
  }

  private async commit(projectId: string, files: StoredFile[], note: Pick<VersionRecord, 'kind' | 'message'>): Promise<void> {
    const createdAt = new Date();
    const { id, files: changed } = await this.store.commit(projectId, { files, message: `${note.kind}: ${note.message}`, createdAt });
    await this.repository.append(projectId, { id, kind: note.kind, message: note.message, files: changed, createdAt });
    await this.keepData(projectId, id);
  }

  /**
   * A data app's version keeps a snapshot of its database (or a note why not); only the newest
   * PROJECT_DATABASE_SNAPSHOTS_KEPT keep theirs.
   */
  private async keepData(projectId: string, versionId: string): Promise<void> {
    const outcome = await this.snapshots.take(projectId, versionId, (bytes) => this.projects.canKeepMore(projectId, bytes));
    if (!outcome) return;
    await this.repository.recordData(projectId, versionId, outcome.kept ? { bytes: outcome.bytes } : { note: outcome.note });
    if (!outcome.kept) return;
    const kept = this.config.projectDatabases.snapshotsKept;
    const older = await this.repository.withDataBeyond(projectId, kept);
    if (older.length === 0) return;
    await this.snapshots.remove(projectId, older);
    for (const id of older) await this.repository.recordData(projectId, id, { note: `Data no longer kept: only the newest ${kept} versions keep theirs` });
  }

  private async currentFiles(projectId: string): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    for (const path of await this.projects.filePaths(projectId)) {
      if (!UNVERSIONED.has(path)) files.push({ path, content: await this.projects.readFileBytes(projectId, path) });
    }
    return files;
  }

  private async findVersion(projectId: string, id: string): Promise<VersionRecord> {
    const version = COMMIT_ID.test(id) ? await this.repository.find(projectId, id) : null;
    if (!version) throw notFound('Version not found');
    return version;
  }

  private serially<T>(projectId: string, task: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(projectId) ?? Promise.resolve()).then(task, task);
    const settled = run.catch(() => undefined);
    this.queues.set(projectId, settled);
    void settled.then(() => {
      if (this.queues.get(projectId) === settled) this.queues.delete(projectId);
    });
    return run;
  }
}

function toVersion(record: VersionRecord): ProjectVersion {
  return {
    id: record.id,
    message: record.message,
    kind: record.kind,
    createdAt: record.createdAt.toISOString(),
    files: record.files,
    data: record.dataBytes === null ? null : { bytes: record.dataBytes },
    dataNote: record.dataNote,
  };
}

/** One line, at most MAX_MESSAGE_CHARS. */
function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS - 1)}…` : line;
}
