import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ErrorCode } from '@forge/protocol/errors';
import { ClusterLocks, LockScope } from '../cluster/cluster-locks.js';
import { DomainError } from '../common/errors/domain-error.js';
import { PROJECT_DELETED, PROJECT_DELETING, type ProjectDeletedEvent, type ProjectDeletingEvent } from '../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { DatabaseSetupService } from './database-setup.service.js';
import { DatabaseSnapshotsDriver, SnapshotRefused } from './database-snapshots.driver.js';
import { ProjectDatabasesRepository } from './project-databases.repository.js';

const MB = 1024 * 1024;
const VERSION_ID = /^[0-9a-f]{40}$/;

/** A version's data: kept (its size), or why not. */
export type SnapshotOutcome = { kept: true; bytes: number } | { kept: false; note: string };

/**
 * Restore points of the databases the platform provides: each version of a data app with an
 * initialized database keeps a snapshot of it under DATA_DIR, and a restore brings one back whole.
 */
@Injectable()
export class DatabaseSnapshotsService {
  private readonly logger = new Logger('DatabaseSnapshots');
  private readonly root: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly driver: DatabaseSnapshotsDriver,
    private readonly repository: ProjectDatabasesRepository,
    private readonly setup: DatabaseSetupService,
    private readonly sandboxes: SandboxesService,
    private readonly locks: ClusterLocks,
  ) {
    this.root = join(config.dataDir, 'database-snapshots');
  }

  /** The name of the project's provided database when it is the one its app uses, initialized; else null (nothing to keep). */
  private async activeProvided(projectId: string): Promise<string | null> {
    const record = await this.repository.find(projectId);
    if (!this.driver.available || !record?.initializedAt || record.active !== 'provided' || !record.providedName) return null;
    return record.providedName;
  }

  /**
   * Snapshots the project's database for the version just made; null when the project has no
   * database of ours to keep. Never fails the version: a snapshot refused or failed is a note.
   * `canKeep` says whether the account may keep that many more bytes.
   */
  async take(projectId: string, versionId: string, canKeep: (bytes: number) => Promise<boolean>): Promise<SnapshotOutcome | null> {
    const name = await this.activeProvided(projectId);
    if (!name) return null;
    const file = this.fileOf(projectId, versionId);
    const { snapshotMb } = this.config.projectDatabases;
    try {
      await mkdir(join(this.root, projectId), { recursive: true });
      // Not under the setup lock: a restore holds it while it records the version it makes. The dump reads one consistent snapshot.
      const { bytes } = await this.driver.dump(name, file, snapshotMb * MB);
      if (await canKeep(bytes)) return { kept: true, bytes };
      await rm(file, { force: true });
      return { kept: false, note: `Data not kept: your account's ${this.config.limits.storedMb} MB of storage is full` };
    } catch (err) {
      if (err instanceof SnapshotRefused) return { kept: false, note: `Data not kept: ${err.message}` };
      this.logger.warn(`Snapshotting the database of ${projectId}: ${(err as Error).message}`);
      return { kept: false, note: 'Data not kept: the database could not be read at the time' };
    }
  }

  /**
   * Restores a version's data around `restoreCode`: the snapshot is loaded into a new database beside
   * the project's first, then the code is restored, then the new database is swapped in and the app
   * starts again on it. A failure at any step leaves the current data as it was.
   */
  async restoreWith<T>(projectId: string, versionId: string, restoreCode: () => Promise<T>): Promise<T> {
    const name = await this.activeProvided(projectId);
    if (!name) throw new DomainError(ErrorCode.Conflict, "This project's database is not one Forge provides, initialized: only its code can be restored");
    const file = this.fileOf(projectId, versionId);
    const restored = await this.locks.run(LockScope.DatabaseSetup, projectId, async () => {
      try {
        await this.driver.prepareRestore(name, file);
      } catch (err) {
        this.logger.warn(`Loading the snapshot of ${versionId} for ${projectId}: ${(err as Error).message}`);
        throw new DomainError(ErrorCode.Conflict, "The version's data could not be loaded: the project's code and data are as they were");
      }
      let result: T;
      try {
        result = await restoreCode();
      } catch (err) {
        await this.driver.discardRestore(name).catch(() => undefined);
        throw err;
      }
      await this.driver.swapIn(name);
      return result;
    });
    // The app's sessions were ended: it starts again on the restored data.
    await this.sandboxes.restartApp(projectId, await this.setup.appEnvironment(projectId)).catch((err: Error) => this.logger.warn(`Restarting ${projectId} after a data restore: ${err.message}`));
    return restored;
  }

  /** Snapshots no longer kept (the pruning of old versions). */
  async remove(projectId: string, versionIds: string[]): Promise<void> {
    for (const versionId of versionIds) await rm(this.fileOf(projectId, versionId), { force: true });
  }

  @OnEvent(PROJECT_DELETING)
  async onProjectDeleting({ projectId }: ProjectDeletingEvent): Promise<void> {
    await rm(join(this.root, projectId), { recursive: true, force: true });
    const record = await this.repository.find(projectId);
    if (record?.providedName && this.driver.available) {
      await this.driver.dropLeftovers(record.providedName).catch((err: Error) => this.logger.warn(`Dropping what restores left of ${projectId}: ${err.message}`));
    }
  }

  /** After the rows: a snapshot a version being made wrote meanwhile goes too. */
  @OnEvent(PROJECT_DELETED)
  async onProjectDeleted({ projectId }: ProjectDeletedEvent): Promise<void> {
    await rm(join(this.root, projectId), { recursive: true, force: true });
  }

  private fileOf(projectId: string, versionId: string): string {
    if (!VERSION_ID.test(versionId)) throw new Error(`Not a version id: ${versionId}`);
    return join(this.root, projectId, `${versionId}.gz`);
  }
}
