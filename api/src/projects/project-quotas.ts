import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ProjectsRepository } from './projects.repository.js';

const MB = 1024 * 1024;

/** What one account may keep: a number of projects and megabytes of project files. */
@Injectable()
export class ProjectQuotas {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: ProjectsRepository,
  ) {}

  /** Before a new project is created (an existing one may always be written again). */
  async assertCanCreate(ownerId: string, name: string): Promise<void> {
    if (await this.repository.findByName(ownerId, name)) return;
    const count = await this.repository.countOf(ownerId);
    if (count < this.config.limits.projects) return;
    throw new DomainError(ErrorCode.QuotaExceeded, `You have ${count} projects, the most an account may keep. Delete one you no longer need to create "${name}".`);
  }

  /**
   * Before files are written: `files` replace what the project holds at those paths (or, with
   * `replaceAll`, the whole project), and the account's total must stay within its limit.
   */
  async assertCanStore(ownerId: string, projectId: string | null, files: Array<{ path: string; bytes: number }>, replaceAll = false): Promise<void> {
    const limitBytes = this.config.limits.storedMb * MB;
    const incoming = files.reduce((sum, file) => sum + file.bytes, 0);
    // A cheap pass first: most writes are far from the limit.
    const stored = await this.repository.storedBytesOf(ownerId);
    if (stored + incoming <= limitBytes) return;
    const replaced = projectId ? await this.repository.storedBytesOfFiles(projectId, replaceAll ? null : files.map((file) => file.path)) : 0;
    const total = stored - replaced + incoming;
    if (total <= limitBytes) return;
    throw new DomainError(
      ErrorCode.QuotaExceeded,
      `This would keep ${(total / MB).toFixed(1)} MB of project files; an account may keep ${this.config.limits.storedMb} MB. Delete files or projects you no longer need.`,
    );
  }
}
