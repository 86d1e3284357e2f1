import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { PROJECT_CHANGED, type ProjectChangedEvent, type VersionNote } from '../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ProjectStorage } from './project-storage.js';
import { type FileChangeSet, type Journal, ProjectTransactions, sha256 } from './project-transactions.js';
import { ProjectsRepository } from './projects.repository.js';

/**
 * Writes one change of a project's files (an edit, a fix, a restore, a save) all at once: the files
 * on disk and their records in the database land together or not at all, also across a crash.
 */
@Injectable()
export class ProjectChanges implements OnApplicationBootstrap {
  private readonly logger = new Logger('Projects');
  private readonly transactions: ProjectTransactions<VersionNote>;
  private readonly pauseMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    storage: ProjectStorage,
    private readonly repository: ProjectsRepository,
    private readonly events: EventEmitter2,
  ) {
    this.transactions = new ProjectTransactions(join(config.dataDir, 'journal'), (projectId) => storage.projectDir(projectId));
    this.pauseMs = config.testHooks.applyPauseMs;
  }

  async apply(projectId: string, changes: FileChangeSet, note: VersionNote): Promise<void> {
    const upserts = [...changes.writes].map(([path, content]) => ({ path, sizeBytes: Buffer.byteLength(content), sha256: sha256(content) }));
    const deletes = [...changes.deletes].filter((path) => !changes.writes.has(path));
    const betweenFiles = this.pauseMs > 0 ? () => new Promise<void>((resolve) => setTimeout(resolve, this.pauseMs)) : undefined;
    await this.transactions.apply(projectId, changes, note, () => this.repository.applyFileChanges(projectId, upserts, deletes), { betweenFiles });
  }

  /** Changes a stopped process left half-applied go back, or forward when the database recorded them. */
  async onApplicationBootstrap(): Promise<void> {
    const forward = await this.transactions.recover((journal) => this.wasCommitted(journal));
    for (const journal of forward) {
      this.logger.warn(`Finished a change of project ${journal.projectId} that a stopped server had recorded: ${journal.note.message}`);
      const event: ProjectChangedEvent = { projectId: journal.projectId, ...journal.note };
      await this.events.emitAsync(PROJECT_CHANGED, event).catch((err: Error) => this.logger.warn(`Recording that version: ${err.message}`));
    }
  }

  /** Whether the database holds the change's files as it leaves them; null when the project is gone. */
  private async wasCommitted(journal: Journal<VersionNote>): Promise<boolean | null> {
    if (!(await this.repository.findById(journal.projectId))) return null;
    const recorded = await this.repository.fileHashes(journal.projectId, journal.entries.map((entry) => entry.path));
    const committed = journal.entries.every((entry) => (recorded.get(entry.path) ?? null) === entry.afterSha);
    if (!committed) this.logger.warn(`Rolled back a change of project ${journal.projectId} that a stopped server left half-applied: ${journal.note.message}`);
    return committed;
  }
}
