import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DIFF_TOO_LARGE_NOTE, type VersionFileChange } from '@forge/protocol/versions';
import { TOO_LARGE_TO_SHOW } from '../code-changes/word-diff.js';
import { siblingModule, spareCores, workerPool } from '../common/workers/worker-pool.js';
import type { DiffTask, FileVersions } from './diff-tasks.js';

/** A diff that has not finished by then (queued or running) is stopped and answered the cheap way. */
const HARD_LIMIT_MS = 15_000;

/**
 * Diffs of project files, off the event loop: on worker threads, each task bounded in size and time
 * (diff-tasks.ts), so a large or wholly rewritten file costs other requests nothing and its diff says
 * it is too large to show line by line rather than hang.
 */
@Injectable()
export class DiffsService implements OnModuleDestroy {
  private readonly logger = new Logger('Diffs');
  private readonly pool = workerPool(siblingModule(import.meta.url, 'diff-tasks'), { maxThreads: spareCores(2), maxHeapMb: 512 });

  /** Lines added and removed in each file, for a version's list of changes. */
  lineCounts(files: FileVersions[]): Promise<VersionFileChange[]> {
    if (files.length === 0) return Promise.resolve([]);
    return this.run({ kind: 'line-counts', files }, () => files.map(({ path, before, after }) => ({ path, added: textLines(after), removed: textLines(before) })));
  }

  /** The unified diff of the files, as `git diff` prints it. */
  unifiedDiff(files: FileVersions[]): Promise<string> {
    if (files.length === 0) return Promise.resolve('');
    return this.run({ kind: 'unified', files }, () =>
      files
        .map(({ path, before, after }) => {
          const names = `--- ${before ? `a/${path}` : '/dev/null'}\n+++ ${after ? `b/${path}` : '/dev/null'}\n`;
          return `diff --git a/${path} b/${path}\n${names}${DIFF_TOO_LARGE_NOTE} (${textLines(before)} lines before, ${textLines(after)} after)\n`;
        })
        .join(''),
    );
  }

  /** The build log's lines for what a change did to one file (code-changes/word-diff.ts). */
  wordDiffLines(path: string, before: string | null, after: string | null): Promise<string[]> {
    return this.run({ kind: 'word-lines', path, before, after }, () => [`✏️ ${path} (${TOO_LARGE_TO_SHOW})`]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.destroy();
  }

  private async run<T>(task: DiffTask, cheaply: () => T): Promise<T> {
    try {
      return (await this.pool.run(task, { signal: AbortSignal.timeout(HARD_LIMIT_MS) })) as T;
    } catch (err) {
      this.logger.warn(`A ${task.kind} diff did not finish (${(err as Error).message}); answered without it`);
      return cheaply();
    }
  }
}

/** Lines of a text file, counted without decoding it; 0 for none or binary content. */
function textLines(content: Uint8Array | null): number {
  if (!content || content.length === 0) return 0;
  const buffer = Buffer.from(content.buffer, content.byteOffset, content.length);
  if (buffer.includes(0)) return 0;
  let count = buffer[buffer.length - 1] === 10 ? 0 : 1;
  for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) count++;
  return count;
}
