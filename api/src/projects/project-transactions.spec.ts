import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { type FileChangeSet, ProjectTransactions, sha256 } from './project-transactions.js';

const PROJECT = 'p1';
let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'forge-tx-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function transactions() {
  return new ProjectTransactions<string>(join(root, '.journal'), (id) => join(root, id));
}

async function seed(files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, PROJECT, path)), { recursive: true });
    await writeFile(join(root, PROJECT, path), content);
  }
}

/** Every file of the project folder, by path. */
async function snapshot(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else files[relative(join(root, PROJECT), path)] = await readFile(path, 'utf8');
    }
  };
  await walk(join(root, PROJECT));
  return files;
}

const BEFORE = { 'src/App.tsx': 'old app\n', 'src/a': 'a file\n', 'src/gone.ts': 'gone\n', 'keep.txt': 'keep\n' };
const CHANGES: FileChangeSet = {
  writes: new Map([
    ['src/App.tsx', 'new app\n'],
    ['src/a/b.ts', 'a folder now\n'],
    ['src/new.ts', 'new\n'],
  ]),
  deletes: new Set(['src/a', 'src/gone.ts']),
};
const AFTER = { 'src/App.tsx': 'new app\n', 'src/a/b.ts': 'a folder now\n', 'src/new.ts': 'new\n', 'keep.txt': 'keep\n' };

describe('ProjectTransactions', () => {
  it('writes and deletes together, a file becoming a folder included, and leaves no journal', async () => {
    await seed(BEFORE);
    await transactions().apply(PROJECT, CHANGES, 'edit', async () => {});
    expect(await snapshot()).toEqual(AFTER);
    expect(await readdir(join(root, '.journal'))).toEqual([]);
  });

  it('puts everything back when the commit fails', async () => {
    await seed(BEFORE);
    const failing = transactions().apply(PROJECT, CHANGES, 'edit', async () => {
      throw new Error('database down');
    });
    await expect(failing).rejects.toThrow('database down');
    expect(await snapshot()).toEqual(BEFORE);
  });

  it('puts a folder back when the change made a file of it', async () => {
    await seed({ 'a/b.ts': 'in a folder\n' });
    const change: FileChangeSet = { writes: new Map([['a', 'a file\n']]), deletes: new Set(['a/b.ts']) };
    await expect(transactions().apply(PROJECT, change, 'x', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await snapshot()).toEqual({ 'a/b.ts': 'in a folder\n' });
    await transactions().apply(PROJECT, change, 'x', async () => {});
    expect(await snapshot()).toEqual({ a: 'a file\n' });
  });

  describe('after a crash midway through the files', () => {
    /** Applies until the third file, then hangs there as a killed process would stop. */
    async function crashMidway(): Promise<void> {
      let files = 0;
      void transactions().apply(PROJECT, CHANGES, 'the edit', async () => {}, {
        betweenFiles: () => (++files >= 2 ? new Promise<void>(() => {}) : Promise.resolve()),
      });
      for (let i = 0; i < 100 && files < 2; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await snapshot()).not.toEqual(BEFORE);
      expect(await snapshot()).not.toEqual(AFTER);
    }

    it('rolls back when the database never recorded the change', async () => {
      await seed(BEFORE);
      await crashMidway();
      const forward = await transactions().recover(async () => false);
      expect(forward).toEqual([]);
      expect(await snapshot()).toEqual(BEFORE);
      expect(await readdir(join(root, '.journal'))).toEqual([]);
    });

    it('rolls forward when it did, and answers the journal with its note', async () => {
      await seed(BEFORE);
      await crashMidway();
      let seen: string[] = [];
      const forward = await transactions().recover(async (journal) => {
        seen = journal.entries.map((entry) => `${entry.path}:${entry.afterSha === null ? 'delete' : entry.afterSha === sha256(CHANGES.writes.get(entry.path)!) ? 'write' : '?'}`);
        return true;
      });
      expect(seen.sort()).toEqual(['src/App.tsx:write', 'src/a/b.ts:write', 'src/a:delete', 'src/gone.ts:delete', 'src/new.ts:write']);
      expect(forward.map((journal) => journal.note)).toEqual(['the edit']);
      expect(await snapshot()).toEqual(AFTER);
    });

    it('forgets a change whose project is gone', async () => {
      await seed(BEFORE);
      await crashMidway();
      await transactions().recover(async () => null);
      expect(await readdir(join(root, '.journal'))).toEqual([]);
    });
  });

  it('drops a change that crashed while preparing, before the project changed', async () => {
    await seed(BEFORE);
    await mkdir(join(root, '.journal', `${PROJECT}.abc`), { recursive: true });
    await writeFile(join(root, '.journal', `${PROJECT}.abc`, 'new-0'), 'half staged');
    await transactions().recover(async () => true);
    expect(await snapshot()).toEqual(BEFORE);
    await expect(stat(join(root, '.journal', `${PROJECT}.abc`))).rejects.toThrow();
  });

  it('applies changes of one project one after another', async () => {
    await seed({ 'n.txt': '0' });
    const tx = transactions();
    const order: string[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        tx.apply(PROJECT, { writes: new Map([['n.txt', String(n)]]), deletes: new Set() }, `${n}`, async () => {
          order.push(`${n}:${(await snapshot())['n.txt']}`);
        }),
      ),
    );
    expect(order).toEqual(['1:1', '2:2', '3:3']);
  });
});
