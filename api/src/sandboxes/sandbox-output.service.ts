import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SANDBOX_PROJECT_DIR, SANDBOX_USER } from './container-spec.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';
import type { RunningContainer } from './sandbox-lifecycle.service.js';
import { withTimeLimit } from './sandbox-scripts.js';

/** A built workspace larger than this (packed, base64) is not kept: its next visit rebuilds. */
const MAX_KEPT_BYTES = 96 * 1024 * 1024;
const PACK_TIMEOUT_MS = 30_000;
/** Caches tools write next to the links; rebuilt when needed, not worth keeping. */
const NOT_KEPT = ['./node_modules/.vite', './node_modules/.cache', './node_modules/.vite-temp'];

interface KeptStamp {
  /** The project's files as of the build: its `updatedAt` when the build copied them in. */
  filesAt: string;
}

/**
 * The last successful build's output, kept with the project (its workspace folder packed: the
 * files, the built app, node_modules as the image's links or what was installed), so a stopped
 * preview starts again from it without building when the project's files did not change since.
 */
@Injectable()
export class SandboxOutputService {
  private readonly logger = new Logger('SandboxOutput');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly nodes: SandboxNodesService,
  ) {}

  /** Packs the running workspace and keeps it, stamped with the files' time it was built from. */
  async keep(projectId: string, container: RunningContainer, filesAt: Date): Promise<void> {
    const excludes = NOT_KEPT.map((path) => `--exclude=${path}`).join(' ');
    const result = await this.nodes
      .engine(container.nodeId)
      .exec(container.id, withTimeLimit(PACK_TIMEOUT_MS / 1000, ['bash', '-c', `set -o pipefail; tar -C ${SANDBOX_PROJECT_DIR} ${excludes} -cf - . | base64 -w0`]), {
        user: SANDBOX_USER,
        timeoutMs: PACK_TIMEOUT_MS + 3000,
        maxOutputBytes: MAX_KEPT_BYTES,
      });
    if (result.exitCode !== 0) {
      await this.forget(projectId);
      const why = result.outputLimited ? `it is larger than ${MAX_KEPT_BYTES / 1024 / 1024} MB` : result.timedOut ? 'packing it took too long' : `tar exited with ${result.exitCode}`;
      this.logger.debug(`Not keeping the build of ${projectId}: ${why}`);
      return;
    }
    const { archive, stamp } = this.paths(projectId);
    await mkdir(join(archive, '..'), { recursive: true });
    await writeFile(`${archive}.tmp`, Buffer.from(result.output, 'base64'));
    await rename(`${archive}.tmp`, archive);
    await writeFile(stamp, JSON.stringify({ filesAt: filesAt.toISOString() } satisfies KeptStamp));
  }

  /** The kept build, when it was built from the files as they are now (`filesAt`). */
  async find(projectId: string, filesAt: Date): Promise<Buffer | null> {
    const { archive, stamp } = this.paths(projectId);
    try {
      const kept = JSON.parse(await readFile(stamp, 'utf8')) as KeptStamp;
      if (kept.filesAt !== filesAt.toISOString()) return null;
      return await readFile(archive);
    } catch {
      return null;
    }
  }

  /** The last successful build kept, whatever files it was built from (the project's may have changed since). */
  async findLast(projectId: string): Promise<Buffer | null> {
    return readFile(this.paths(projectId).archive).catch(() => null);
  }

  /**
   * Unpacks a kept build into the container's workspace; with `clean`, what a stopped build left
   * there goes first, so only the kept build's files are served.
   */
  async restore(container: RunningContainer, archive: Buffer, { clean = false }: { clean?: boolean } = {}): Promise<boolean> {
    const empty = clean ? 'find . -mindepth 1 -maxdepth 1 -exec rm -rf {} +; ' : '';
    const result = await this.nodes
      .engine(container.nodeId)
      .exec(container.id, withTimeLimit(PACK_TIMEOUT_MS / 1000, ['bash', '-c', `set -e; mkdir -p ${SANDBOX_PROJECT_DIR}; cd ${SANDBOX_PROJECT_DIR}; ${empty}tar -x -f - -m --no-same-owner`]), {
        user: SANDBOX_USER,
        stdin: archive,
        timeoutMs: PACK_TIMEOUT_MS + 3000,
        maxOutputBytes: 64 * 1024,
      });
    return result.exitCode === 0;
  }

  async forget(projectId: string): Promise<void> {
    const { archive, stamp } = this.paths(projectId);
    await rm(stamp, { force: true });
    await rm(archive, { force: true });
  }

  private paths(projectId: string): { archive: string; stamp: string } {
    const dir = join(this.config.dataDir, 'build-output');
    return { archive: join(dir, `${projectId}.tar`), stamp: join(dir, `${projectId}.json`) };
  }
}
