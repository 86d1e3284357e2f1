import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DatabaseLimitsDriver } from './database-limits.driver.js';
import { DatabaseSetupService } from './database-setup.service.js';
import { ProjectDatabasesRepository } from './project-databases.repository.js';

/** How often statements past the timeout are looked for: the most they overrun it by. */
const STATEMENT_CHECK_MS = 1000;
/** How often databases' sizes are read: growth between two reads is what a database may exceed its limit by. */
const SIZE_CHECK_MS = 15_000;
const MB = 1024 * 1024;

/**
 * Holds projects' databases to limits their apps could otherwise lift: cancels statements running
 * past the timeout (an app may `SET statement_timeout = 0`), takes writes away from a database over
 * its size and gives them back once it is under. Every replica watches; each step is safe to repeat.
 * It touches only the databases this platform provisioned: a server shared with another platform
 * (or another test's) holds databases under that platform's own settings.
 */
@Injectable()
export class DatabaseWatchdog implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Databases');
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<string>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limits: DatabaseLimitsDriver,
    private readonly setup: DatabaseSetupService,
    private readonly repository: ProjectDatabasesRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.limits.available) return;
    this.timers.push(setInterval(() => void this.once('statements', () => this.cancelOverrunningStatements()), STATEMENT_CHECK_MS).unref());
    this.timers.push(setInterval(() => void this.once('sizes', () => this.checkSizes()), SIZE_CHECK_MS).unref());
    void this.once('catch-up', () => this.catchUp());
  }

  onModuleDestroy(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  /**
   * Databases provisioned before these limits existed (or under other settings) get them: each role
   * its settings and its account's group, each database its login check, each group today's budget.
   */
  async catchUp(): Promise<void> {
    const provisioned = await this.repository.provisioned();
    for (const { name, ownerId } of provisioned) await this.limits.applyToExistingRole(name, this.setup.accountGroup(ownerId));
    for (const name of await this.limits.databasesWithoutLoginCheck(provisioned.map((db) => db.name))) await this.limits.installLoginCheck(name);
    await this.limits.applyAccountBudget([...new Set(provisioned.map((db) => this.setup.accountGroup(db.ownerId)))]);
  }

  async cancelOverrunningStatements(): Promise<void> {
    const cancelled = await this.limits.cancelOverrunningStatements(await this.provisionedNames());
    if (cancelled.length > 0)
      this.logger.warn(`Cancelled ${cancelled.length} statement(s) past the ${this.config.projectDatabases.statementTimeoutSeconds} s limit: ${[...new Set(cancelled)].join(', ')}`);
  }

  /** Over its size: writes refused (and rows the owner deleted given back to the disk). Under it again: writes allowed. */
  async checkSizes(): Promise<void> {
    const limit = this.config.projectDatabases.maxMb * MB;
    for (const usage of await this.limits.usages(await this.provisionedNames())) {
      const size = `${(usage.bytes / MB).toFixed(1)} MB`;
      if (usage.bytes > limit && !usage.writesRefused) {
        if (await this.limits.refuseWrites(usage.name)) this.logger.warn(`${usage.name} uses ${size}, over the limit of ${this.config.projectDatabases.maxMb} MB: writes refused`);
      } else if (usage.bytes > limit && usage.writesRefused) {
        await this.limits.reclaimDeletedSpace(usage.name);
      } else if (usage.bytes <= limit && usage.writesRefused) {
        if (await this.limits.allowWrites(usage.name)) this.logger.log(`${usage.name} uses ${size}, under its limit again: writes allowed`);
      }
    }
  }

  private async provisionedNames(): Promise<string[]> {
    return (await this.repository.provisioned()).map((db) => db.name);
  }

  /** One run of each kind at a time; a failure is logged and the next tick tries again. */
  private async once(kind: string, action: () => Promise<void>): Promise<void> {
    if (this.running.has(kind)) return;
    this.running.add(kind);
    try {
      await action();
    } catch (err) {
      this.logger.warn(`Watching the projects' databases (${kind}): ${(err as Error).message}`);
    } finally {
      this.running.delete(kind);
    }
  }
}
