import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import git from 'isomorphic-git';
import fs from 'node:fs';
import { deadline, lineCounts, unifiedDiff } from '../diffs/diff-tasks.js';
import { type FileDiffer, VersionStore } from './version-store.js';

/** The diffs DiffsService runs on its worker threads, here in the test's own thread. */
const differ: FileDiffer = {
  lineCounts: async (changed) => lineCounts(changed, deadline(1000)),
  unifiedDiff: async (changed) => unifiedDiff(changed, deadline(1000)),
};

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'forge-versions-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const files = (entries: Record<string, string | Buffer>) => Object.entries(entries).map(([path, content]) => ({ path, content: Buffer.from(content) }));
const at = new Date('2026-01-02T03:04:05Z');

describe('VersionStore', () => {
  it('keeps a large binary file byte for byte under the id git gives it, and sees it unchanged in the next commit', async () => {
    const store = new VersionStore(root, differ);
    const video = Buffer.alloc(700 * 1024);
    for (let i = 0; i < video.length; i++) video[i] = (i * 131) % 256;
    const first = await store.commit('p', { files: files({ 'public/intro.mp4': video }), message: 'save: video', createdAt: at });
    expect(first.files).toEqual([{ path: 'public/intro.mp4', added: 0, removed: 0 }]);
    const second = await store.commit('p', { files: files({ 'public/intro.mp4': video, 'README.md': 'hi\n' }), message: 'save: readme', createdAt: at });
    expect(second.files.map((file) => file.path)).toEqual(['README.md']);
    expect((await store.files('p', first.id)).get('public/intro.mp4')!.equals(video)).toBe(true);
    const { oid } = await git.readBlob({ fs, gitdir: join(root, 'p.git'), oid: first.id, filepath: 'public/intro.mp4' });
    expect(oid).toBe(createHash('sha1').update(`blob ${video.length}\0`).update(video).digest('hex'));
  });

  it('commits the files as they are, each commit after the last, with the lines each file gained and lost', async () => {
    const store = new VersionStore(root, differ);
    const first = await store.commit('p', { files: files({ 'src/App.tsx': 'a\nb\nc\n', 'README.md': 'hi\n' }), message: 'generation: a shop', createdAt: at });
    expect(first.files).toEqual([
      { path: 'README.md', added: 1, removed: 0 },
      { path: 'src/App.tsx', added: 3, removed: 0 },
    ]);
    const second = await store.commit('p', { files: files({ 'src/App.tsx': 'a\nB\nc\n', 'src/new.ts': 'n\n' }), message: 'edit: b', createdAt: at });
    expect(second.files).toEqual([
      { path: 'README.md', added: 0, removed: 1 },
      { path: 'src/App.tsx', added: 1, removed: 1 },
      { path: 'src/new.ts', added: 1, removed: 0 },
    ]);

    // A real git repository: any git client reads it.
    const log = await git.log({ fs, gitdir: join(root, 'p.git'), ref: 'main' });
    expect(log.map((entry) => entry.commit.message)).toEqual(['edit: b\n', 'generation: a shop\n']);
    expect(log[0]!.oid).toBe(second.id);
  });

  it('follows commits another replica made on the shared repository: its next commit comes after theirs', async () => {
    const here = new VersionStore(root, differ);
    const there = new VersionStore(root, differ);
    await here.commit('p', { files: files({ 'a.txt': 'one\n' }), message: 'one', createdAt: at });
    const theirs = await there.commit('p', { files: files({ 'a.txt': 'two\n' }), message: 'two', createdAt: at });
    const mine = await here.commit('p', { files: files({ 'a.txt': 'three\n' }), message: 'three', createdAt: at });
    expect(mine.files).toEqual([{ path: 'a.txt', added: 1, removed: 1 }]);
    const log = await git.log({ fs, gitdir: join(root, 'p.git'), ref: 'main' });
    expect(log.map((entry) => entry.commit.message)).toEqual(['three\n', 'two\n', 'one\n']);
    expect(log[0]!.commit.parent).toEqual([theirs.id]);
  });

  it("gives back any version's files, and a fresh store reads what an earlier one wrote", async () => {
    const store = new VersionStore(root, differ);
    const first = await store.commit('p', { files: files({ 'a/b/c.txt': 'deep\n', 'logo.png': Buffer.from([0, 1, 2]) }), message: 'one', createdAt: at });
    await new VersionStore(root, differ).commit('p', { files: files({ 'x.txt': 'x\n' }), message: 'two', createdAt: at });
    const restored = await new VersionStore(root, differ).files('p', first.id);
    expect([...restored.keys()].sort()).toEqual(['a/b/c.txt', 'logo.png']);
    expect(restored.get('logo.png')).toEqual(Buffer.from([0, 1, 2]));
  });

  it('answers a unified diff against the version before', async () => {
    const store = new VersionStore(root, differ);
    await store.commit('p', { files: files({ 'src/App.tsx': 'a\nb\nc\n', 'gone.txt': 'bye\n' }), message: 'one', createdAt: at });
    const second = await store.commit('p', { files: files({ 'src/App.tsx': 'a\nB\nc\n', 'img.png': Buffer.from([0, 9]) }), message: 'two', createdAt: at });
    expect(await store.diff('p', second.id)).toBe(
      [
        'diff --git a/gone.txt b/gone.txt',
        '--- a/gone.txt',
        '+++ /dev/null',
        '@@ -1,1 +0,0 @@',
        '-bye',
        'diff --git a/img.png b/img.png',
        'Binary files /dev/null and b/img.png differ',
        'diff --git a/src/App.tsx b/src/App.tsx',
        '--- a/src/App.tsx',
        '+++ b/src/App.tsx',
        '@@ -1,3 +1,3 @@',
        ' a',
        '-b',
        '+B',
        ' c',
        '',
      ].join('\n'),
    );
  });

  it("removes a project's whole history", async () => {
    const store = new VersionStore(root, differ);
    await store.commit('p', { files: files({ 'a.txt': 'a\n' }), message: 'one', createdAt: at });
    await store.remove('p');
    await expect(stat(join(root, 'p.git'))).rejects.toThrow();
  });
});
