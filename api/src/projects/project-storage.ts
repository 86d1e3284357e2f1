import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
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
  async writeFile(projectId: string, path: string, content: string | Buffer): Promise<void> {
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

  /**
   * A file's bytes as a stream, read a chunk at a time (a large file never sits whole in memory or
   * holds up the event loop). Opened before it answers: a missing file fails here, not mid-stream.
   */
  async openFile(projectId: string, path: string): Promise<{ stream: Readable; sizeBytes: number }> {
    const handle = await open(this.resolve(projectId, path), 'r');
    try {
      // The size of what is open: a save that replaces the file meanwhile does not change it.
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), sizeBytes: size };
    } catch (err) {
      await handle.close();
      throw err;
    }
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
