import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { link, lstat, mkdir, open, readFile, readdir, rename, rm, rmdir, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { KeyedSerializer } from '../common/keyed-serializer.js';

/** What one change of a project writes and deletes, all together or not at all. */
export interface FileChangeSet {
  writes: Map<string, string | Buffer>;
  deletes: Set<string>;
}

/** One file of a transaction as its journal records it. */
interface JournalEntry {
  path: string;
  /** Index of the staged new content; null for a delete. */
  staged: number | null;
  /** Index of the hard link that keeps the old content; null when the file did not exist. */
  backup: number | null;
  /** sha256 of the new content; null for a delete. */
  afterSha: string | null;
}

export interface Journal<Note> {
  projectId: string;
  entries: JournalEntry[];
  /** What the change was, for whoever rolls a finished change forward after a crash. */
  note: Note;
}

export interface TransactionHooks {
  /** Called between two files of the apply step: tests pause there to crash the process midway. */
  betweenFiles?: () => Promise<void>;
}

const JOURNAL_FILE = 'journal.json';

/** Runs `action` as the only change of the project under way, wherever changes are made. */
export type ProjectExclusive = <T>(projectId: string, action: () => Promise<T>) => Promise<T>;

/** One change at a time per project within this process: enough where only one process writes. */
export function inProcessExclusive(): ProjectExclusive {
  const queue = new KeyedSerializer();
  return (projectId, action) => queue.run(projectId, action);
}

/** Contents up to this size are hashed at once; larger ones on the thread pool, off the event loop. */
const HASH_INLINE_BYTES = 256 * 1024;

export function sha256(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** sha256 of a content as hex, without holding up the event loop for a large one. */
export async function digestSha256(content: string | Buffer): Promise<string> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  if (bytes.length <= HASH_INLINE_BYTES) return sha256(bytes);
  return Buffer.from(await webcrypto.subtle.digest('SHA-256', bytes)).toString('hex');
}

/**
 * Applies a set of file changes to a project folder so that a crash at any point leaves the folder
 * as it was before or as it is after, never a mix. Every new content is staged and every replaced
 * or deleted file is kept (a hard link: no copy) beside a journal before the first file changes;
 * the caller's `commit` (the database's record of the files, in one transaction) is the point of
 * no return. At start-up an unfinished journal is rolled back, or forward when its commit happened.
 */
export class ProjectTransactions<Note> {
  constructor(
    private readonly journalRoot: string,
    private readonly projectDir: (projectId: string) => string,
    /** One change (or recovery) at a time per project, whoever asks. */
    private readonly exclusive: ProjectExclusive = inProcessExclusive(),
  ) {}

  /** `commit` gets each written path's sha256. */
  apply(projectId: string, changes: FileChangeSet, note: Note, commit: (digests: ReadonlyMap<string, string>) => Promise<void>, hooks: TransactionHooks = {}): Promise<void> {
    return this.exclusive(projectId, () => this.applyNow(projectId, changes, note, commit, hooks));
  }

  private async applyNow(projectId: string, changes: FileChangeSet, note: Note, commit: (digests: ReadonlyMap<string, string>) => Promise<void>, hooks: TransactionHooks): Promise<void> {
    const dir = join(this.journalRoot, `${projectId}.${randomBytes(6).toString('hex')}`);
    const root = this.projectDir(projectId);
    await mkdir(dir, { recursive: true });
    const journal: Journal<Note> = { projectId, entries: [], note };
    const digests = new Map<string, string>();
    try {
      // Prepare: nothing in the project changes yet; a crash here leaves a folder without a journal.
      let index = 0;
      for (const path of changes.deletes) {
        if (changes.writes.has(path)) continue;
        journal.entries.push({ path, staged: null, backup: await this.keep(root, path, dir, index++), afterSha: null });
      }
      for (const [path, content] of changes.writes) {
        const staged = index++;
        await writeFile(join(dir, `new-${staged}`), content);
        digests.set(path, await digestSha256(content));
        journal.entries.push({ path, staged, backup: await this.keep(root, path, dir, index++), afterSha: digests.get(path)! });
      }
      await writeDurably(join(dir, JOURNAL_FILE), JSON.stringify(journal));
    } catch (err) {
      await rm(dir, { recursive: true, force: true });
      throw err;
    }

    try {
      await this.rollForward(root, dir, journal, hooks);
      await commit(digests);
    } catch (err) {
      await this.rollBack(root, dir, journal);
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
    await rm(dir, { recursive: true, force: true });
  }

  /**
   * Finishes every change a stopped process left: forward when `committed` says the database
   * recorded it, else back. Answers the journals rolled forward.
   */
  async recover(committed: (journal: Journal<Note>) => Promise<boolean | null>, include: (name: string) => boolean = () => true): Promise<Array<Journal<Note>>> {
    const forward: Array<Journal<Note>> = [];
    let names: string[];
    try {
      names = (await readdir(this.journalRoot)).filter(include);
    } catch {
      return forward;
    }
    for (const name of names) {
      const dir = join(this.journalRoot, name);
      const journal = await readJournal<Note>(dir);
      // No journal: the crash came while preparing, before the project changed.
      if (!journal) {
        await rm(dir, { recursive: true, force: true });
        continue;
      }
      await this.exclusive(journal.projectId, async () => {
        // Another process may have finished it while this one waited.
        if (!(await readJournal<Note>(dir))) return;
        const root = this.projectDir(journal.projectId);
        const decision = await committed(journal);
        // null: the project itself is gone.
        if (decision === true) {
          await this.rollForward(root, dir, journal, {});
          forward.push(journal);
        } else if (decision === false) {
          await this.rollBack(root, dir, journal);
        }
        await rm(dir, { recursive: true, force: true });
      });
    }
    return forward;
  }

  /** Keeps the current file at `path` under the journal folder; null when there is none (or a folder is there). */
  private async keep(root: string, path: string, dir: string, index: number): Promise<number | null> {
    const target = join(root, path);
    try {
      if ((await lstat(target)).isDirectory()) return null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw err;
    }
    await link(target, join(dir, `old-${index}`));
    return index;
  }

  /** Deletes first (so a file can become a folder), then moves each staged file in; idempotent. */
  private async rollForward(root: string, dir: string, journal: Journal<Note>, hooks: TransactionHooks): Promise<void> {
    let first = true;
    const between = async () => {
      if (!first) await hooks.betweenFiles?.();
      first = false;
    };
    for (const entry of journal.entries) {
      if (entry.staged !== null) continue;
      await between();
      await removeFile(root, entry.path);
    }
    for (const entry of journal.entries) {
      if (entry.staged === null) continue;
      const staged = join(dir, `new-${entry.staged}`);
      // Moved already (a recovery after a crash midway): the file holds the new content.
      if (!(await exists(staged))) continue;
      await between();
      const target = join(root, entry.path);
      await mkdir(dirname(target), { recursive: true });
      await rename(staged, target);
    }
  }

  /** Removes what the change created, then puts every kept file back; idempotent. */
  private async rollBack(root: string, dir: string, journal: Journal<Note>): Promise<void> {
    for (const entry of journal.entries) {
      if (entry.backup === null && entry.staged !== null) await removeFile(root, entry.path);
    }
    for (const entry of journal.entries) {
      if (entry.backup === null) continue;
      const kept = join(dir, `old-${entry.backup}`);
      if (!(await exists(kept))) continue;
      const target = join(root, entry.path);
      // Not replaced yet: the target is the kept file itself.
      if (await sameFile(kept, target)) continue;
      await mkdir(dirname(target), { recursive: true });
      // A link, then a rename over the target: the target is whole at every moment.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.restore`;
      await link(kept, temporary);
      await rename(temporary, target);
    }
  }
}

/** Removes a file and the folders it leaves empty, up to the project folder. */
async function removeFile(root: string, path: string): Promise<void> {
  await unlink(join(root, path)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  for (let folder = dirname(path); folder !== '.' && folder !== ''; folder = dirname(folder)) {
    try {
      await rmdir(join(root, folder));
    } catch {
      return;
    }
  }
}

async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    const [x, y] = await Promise.all([lstat(a), lstat(b)]);
    return x.ino === y.ino && x.dev === y.dev;
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** Written whole under a temporary name, flushed to disk, then renamed: there or not, never half. */
async function writeDurably(path: string, text: string): Promise<void> {
  const temporary = `${path}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}

async function readJournal<Note>(dir: string): Promise<Journal<Note> | null> {
  try {
    return JSON.parse(await readFile(join(dir, JOURNAL_FILE), 'utf8')) as Journal<Note>;
  } catch {
    return null;
  }
}
