// sandbox-image/read-log.mjs is how the platform reads logs inside a sandbox whose code may have
// replaced them. These tests run it on the host against the same kinds of files.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

type ReadResult = { text: string } | { missing: true } | { refused: string };
interface ReadLogModule {
  NOT_REGULAR: number;
  readLogTail(path: string, maxBytes: number): ReadResult;
}

// A computed specifier: the script is plain ESM outside the TypeScript project, loaded as it is.
const scriptPath = fileURLToPath(new URL('../../../sandbox-image/read-log.mjs', import.meta.url));
const { readLogTail, NOT_REGULAR } = (await import(scriptPath)) as ReadLogModule;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'forge-read-log-'));
  writeFileSync(join(dir, 'app.log'), Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n') + '\n');
  execFileSync('mkfifo', [join(dir, 'fifo.log')]);
  symlinkSync(join(dir, 'app.log'), join(dir, 'link.log'));
  mkdirSync(join(dir, 'folder.log'));
  mkdirSync(join(dir, 'real'));
  writeFileSync(join(dir, 'real', 'inner.log'), 'secret\n');
  symlinkSync(join(dir, 'real'), join(dir, 'linked-folder'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('read-log.mjs', () => {
  it('prints the end of a regular file from its first whole line, never more than asked', () => {
    expect(readLogTail(join(dir, 'app.log'), 10_000)).toEqual({ text: expect.stringMatching(/^line 0\n[\s\S]*line 99\n$/) });
    expect(readLogTail(join(dir, 'app.log'), 20)).toEqual({ text: 'line 98\nline 99\n' });
  });

  it('refuses a pipe at once instead of waiting for a writer', () => {
    expect(readLogTail(join(dir, 'fifo.log'), 1000)).toEqual({ refused: 'fifo' });
  });

  it('refuses links, folders and files reached through a linked folder', () => {
    expect(readLogTail(join(dir, 'link.log'), 1000)).toEqual({ refused: 'symlink' });
    expect(readLogTail(join(dir, 'folder.log'), 1000)).toEqual({ refused: 'directory' });
    expect(readLogTail(join(dir, 'linked-folder', 'inner.log'), 1000)).toEqual({ refused: 'symlink' });
  });

  it('says when there is no such file', () => {
    expect(readLogTail(join(dir, 'none.log'), 1000)).toEqual({ missing: true });
  });

  it('as a command: prints the kind and exits 3 for a pipe, prints the text for a file', () => {
    const fifo = spawnSync(process.execPath, [scriptPath, join(dir, 'fifo.log'), '1000'], { encoding: 'utf8', timeout: 10_000 });
    expect([fifo.status, fifo.stdout]).toEqual([NOT_REGULAR, 'fifo']);
    const file = spawnSync(process.execPath, [scriptPath, join(dir, 'app.log'), '8'], { encoding: 'utf8', timeout: 10_000 });
    expect([file.status, file.stdout]).toEqual([0, 'line 99\n']);
  });
});
