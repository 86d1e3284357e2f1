import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { unsafePathReason } from '@forge/protocol/paths';
import { ErrorCode } from '@forge/protocol/errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DomainError } from '../common/errors/domain-error.js';

/** Project files on disk, one folder per project under DATA_DIR/projects. */
@Injectable()
export class ProjectStorage {
  private readonly root: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = join(config.dataDir, 'projects');
  }

  projectDir(projectId: string): string {
    return join(this.root, projectId);
  }

  /**
   * Writes to a temporary file beside the target, then renames: a crash never leaves half a file.
   * Asynchronous on purpose: creating a file can take milliseconds, which must not stall live streams.
   */
  async writeFile(projectId: string, path: string, content: string): Promise<void> {
    const target = this.resolve(projectId, path);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, content);
      await rename(temporary, target);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  async readFile(projectId: string, path: string): Promise<Buffer> {
    return readFile(this.resolve(projectId, path));
  }

  async removeFile(projectId: string, path: string): Promise<void> {
    await rm(this.resolve(projectId, path), { force: true });
  }

  async removeProject(projectId: string): Promise<void> {
    await rm(this.projectDir(projectId), { recursive: true, force: true });
  }

  private resolve(projectId: string, path: string): string {
    const reason = unsafePathReason(path);
    if (reason) throw new DomainError(ErrorCode.InvalidPath, `Invalid file path "${path}": ${reason}`);
    return join(this.projectDir(projectId), path);
  }
}
