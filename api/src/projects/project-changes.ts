import { readdir, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EventEmitter2, OnEvent } from '@nestjs/event-emitter';
import { ClusterLocks, LockScope } from '../cluster/cluster-locks.js';
import { ReplicasService } from '../cluster/replicas.service.js';
import { PROJECT_CHANGED, REPLICA_LOST, type ProjectChangedEvent, type ReplicaLostEvent, type VersionNote } from '../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ProjectStorage } from './project-storage.js';
import { isBinaryContent } from './file-kinds.js';
import { type FileChangeSet, type Journal, type ProjectExclusive, ProjectTransactions } from './project-transactions.js';
import { ProjectsRepository } from './projects.repository.js';

const REPLICA_FOLDER = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Writes one change of a project's files (an edit, a fix, a restore, a save) all at once: the files
 * on disk and their records in the database land together or not at all, also across a crash.
 * Each replica keeps its journals in a folder of its own under DATA_DIR/journal, so the changes a
 * dead replica left half-applied are finished by another without touching those of live ones.
 * One change of a project at a time across replicas: the lock is PostgreSQL's.
 */
@Injectable()
export class ProjectChanges implements OnApplicationBootstrap {
  private readonly logger = new Logger('Projects');
  private readonly journalBase: string;
  private readonly transactions: ProjectTransactions<VersionNote>;
  private readonly pauseMs: number;
  private readonly exclusive: ProjectExclusive;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly storage: ProjectStorage,
    private readonly repository: ProjectsRepository,
    private readonly replicas: ReplicasService,
    private readonly events: EventEmitter2,
    locks: ClusterLocks,
  ) {
    this.journalBase = join(config.dataDir, 'journal');
    this.exclusive = (projectId, action) => locks.run(LockScope.FileChanges, projectId, action);
    this.transactions = this.transactionsOf(replicas.id);
    this.pauseMs = config.testHooks.applyPauseMs;
  }

  async apply(projectId: string, changes: FileChangeSet, note: VersionNote): Promise<void> {
    const deletes = [...changes.deletes].filter((path) => !changes.writes.has(path));
    const betweenFiles = this.pauseMs > 0 ? () => new Promise<void>((resolve) => setTimeout(resolve, this.pauseMs)) : undefined;
    const record = (digests: ReadonlyMap<string, string>) => {
      const upserts = [...changes.writes].map(([path, content]) => ({ path, sizeBytes: Buffer.byteLength(content), sha256: digests.get(path)!, binary: isBinaryContent(content) }));
      return this.repository.applyFileChanges(projectId, upserts, deletes);
    };
    await this.transactions.apply(projectId, changes, note, record, { betweenFiles });
  }

  /** Changes that stopped replicas left half-applied go back, or forward when the database recorded them. */
  async onApplicationBootstrap(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.journalBase);
    } catch {
      return;
    }
    const owners = names.filter((name) => REPLICA_FOLDER.test(name) && name !== this.replicas.id);
    const alive = await this.replicas.alive(owners);
    for (const owner of owners) if (!alive.has(owner)) await this.recoverFrom(owner);
    // Journals written before journals had a folder per replica.
    await this.finish(new ProjectTransactions(this.journalBase, (projectId) => this.storage.projectDir(projectId), this.exclusive), (name) => name.includes('.'));
  }

  @OnEvent(REPLICA_LOST)
  async onReplicaLost({ replicaId }: ReplicaLostEvent): Promise<void> {
    await this.recoverFrom(replicaId);
  }

  private async recoverFrom(replicaId: string): Promise<void> {
    await this.finish(this.transactionsOf(replicaId));
    await rmdir(join(this.journalBase, replicaId)).catch(() => undefined);
  }

  private async finish(transactions: ProjectTransactions<VersionNote>, include?: (name: string) => boolean): Promise<void> {
    const forward = await transactions.recover((journal) => this.wasCommitted(journal), include);
    for (const journal of forward) {
      this.logger.warn(`Finished a change of project ${journal.projectId} that a stopped server had recorded: ${journal.note.message}`);
      const event: ProjectChangedEvent = { projectId: journal.projectId, ...journal.note };
      await this.events.emitAsync(PROJECT_CHANGED, event).catch((err: Error) => this.logger.warn(`Recording that version: ${err.message}`));
    }
  }

  private transactionsOf(replicaId: string): ProjectTransactions<VersionNote> {
    return new ProjectTransactions(join(this.journalBase, replicaId), (projectId) => this.storage.projectDir(projectId), this.exclusive);
  }

  /** Whether the database holds the change's files as it leaves them; null when the project is gone. */
  private async wasCommitted(journal: Journal<VersionNote>): Promise<boolean | null> {
    if (!(await this.repository.findById(journal.projectId))) return null;
    const recorded = await this.repository.fileHashes(
      journal.projectId,
      journal.entries.map((entry) => entry.path),
    );
    const committed = journal.entries.every((entry) => (recorded.get(entry.path) ?? null) === entry.afterSha);
    if (!committed) this.logger.warn(`Rolled back a change of project ${journal.projectId} that a stopped server left half-applied: ${journal.note.message}`);
    return committed;
  }
}
