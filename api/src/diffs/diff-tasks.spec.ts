import { describe, expect, it } from '@jest/globals';
import { createTwoFilesPatch } from 'diff';
import { DIFF_TOO_LARGE_NOTE } from '@forge/protocol/versions';
import { deadline, lineCounts, unifiedDiff } from './diff-tasks.js';

const bytes = (text: string) => Buffer.from(text);
const lines = (count: number, word: string) => Array.from({ length: count }, (_, i) => `${word} ${i}\n`).join('');

describe('diff tasks', () => {
  it('shows a file over 1 MB as too large without diffing it, and counts its lines as a multiset', () => {
    const before = lines(100_000, 'same');
    const after = before.replace('same 5\n', 'changed 5\n');
    const files = [{ path: 'huge.txt', before: bytes(before), after: bytes(after) }];
    expect(unifiedDiff(files, deadline(1000))).toBe(`diff --git a/huge.txt b/huge.txt\n--- a/huge.txt\n+++ b/huge.txt\n${DIFF_TOO_LARGE_NOTE} (100000 lines before, 100000 after)\n`);
    expect(lineCounts(files, deadline(1000))).toEqual([{ path: 'huge.txt', added: 1, removed: 1 }]);
  });

  it('shows the files after its output cap as too large, the ones before in full', () => {
    const big = (name: string) => ({ path: name, before: null, after: bytes(lines(70_000, `${name} line`)) });
    const diff = unifiedDiff([big('a'), big('b'), big('c'), big('d'), big('e')], deadline(5000));
    expect(diff).toContain('+a line 69999\n');
    expect(diff).toContain(`+++ b/e\n${DIFF_TOO_LARGE_NOTE} (0 lines before, 70000 after)\n`);
    expect(diff.length).toBeLessThan(5 * 1024 * 1024);
  });

  it('writes added and removed files whole as jsdiff would, however long', () => {
    for (const text of ['x\ny\n', 'x\ny', 'one line', '\n']) {
      expect(unifiedDiff([{ path: 'f', before: null, after: bytes(text) }], deadline(1000))).toBe(
        `diff --git a/f b/f\n${createTwoFilesPatch('/dev/null', 'b/f', '', text, '', '').replace(/^=+\n/, '')}`,
      );
      expect(unifiedDiff([{ path: 'f', before: bytes(text), after: null }], deadline(1000))).toBe(
        `diff --git a/f b/f\n${createTwoFilesPatch('a/f', '/dev/null', text, '', '', '').replace(/^=+\n/, '')}`,
      );
    }
    const started = Date.now();
    expect(unifiedDiff([{ path: 'f', before: null, after: bytes(lines(50_000, 'new')) }], deadline(1000))).toContain('@@ -0,0 +1,50000 @@\n+new 0\n');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('counts added and removed files whole and binary files not at all', () => {
    const files = [
      { path: 'gone.txt', before: bytes('a\nb'), after: null },
      { path: 'new.txt', before: null, after: bytes('x\n') },
      { path: 'img.png', before: Buffer.from([1, 0]), after: Buffer.from([2, 0]) },
    ];
    expect(lineCounts(files, deadline(1000))).toEqual([
      { path: 'gone.txt', added: 0, removed: 2 },
      { path: 'new.txt', added: 1, removed: 0 },
      { path: 'img.png', added: 0, removed: 0 },
    ]);
  });
});
