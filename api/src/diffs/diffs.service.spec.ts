import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from '@jest/globals';
import { DIFF_TOO_LARGE_NOTE } from '@forge/protocol/versions';
import { DiffsService } from './diffs.service.js';

const sut = new DiffsService();
afterAll(() => sut.onModuleDestroy());

const bytes = (text: string) => Buffer.from(text);
/** 5,000 lines (29 KB), and the same file with every line changed: the diff that froze the platform. */
const original = Array.from({ length: 5_000 }, (_, i) => `line ${i}\n`).join('');
const rewritten = Array.from({ length: 5_000 }, (_, i) => `row ${i}\n`).join('');

describe('DiffsService', () => {
  it('counts, diffs and describes changes on its worker threads', async () => {
    const files = [
      { path: 'a.txt', before: bytes('a\nb\nc\n'), after: bytes('a\nB\nc\n') },
      { path: 'new.txt', before: null, after: bytes('n\n') },
      { path: 'logo.png', before: null, after: Buffer.from([0, 1]) },
    ];
    expect(await sut.lineCounts(files)).toEqual([
      { path: 'a.txt', added: 1, removed: 1 },
      { path: 'new.txt', added: 1, removed: 0 },
      { path: 'logo.png', added: 0, removed: 0 },
    ]);
    expect(await sut.unifiedDiff(files.slice(0, 1))).toBe('diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n');
    expect(await sut.wordDiffLines('a.txt', 'const a = 1;\n', 'const a = 2;\n')).toEqual(['✏️ a.txt:1  const a = [-1-]{+2+};']);
  });

  it('says a wholly rewritten 5,000-line file is too large to show line by line, without holding up the event loop', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = Date.now();
    const files = [{ path: 'big.txt', before: bytes(original), after: bytes(rewritten) }];
    const [diffs, counts, lines] = await Promise.all([
      Promise.all([sut.unifiedDiff(files), sut.unifiedDiff(files), sut.unifiedDiff(files)]),
      sut.lineCounts(files),
      sut.wordDiffLines('big.txt', original, rewritten),
    ]);
    delay.disable();

    for (const diff of diffs) expect(diff).toBe(`diff --git a/big.txt b/big.txt\n--- a/big.txt\n+++ b/big.txt\n${DIFF_TOO_LARGE_NOTE} (5000 lines before, 5000 after)\n`);
    // Past the diff's bound the lines are counted as a multiset: exact here, nothing moved.
    expect(counts).toEqual([{ path: 'big.txt', added: 5_000, removed: 5_000 }]);
    expect(lines).toEqual(['✏️ big.txt (too large to show line by line)']);
    expect(Date.now() - started).toBeLessThan(15_000);
    // The longest the event loop waited, in nanoseconds: the diffs ran elsewhere. On this thread they
    // took 2.5 s each; the bound leaves room for a busy machine not scheduling the process (201 ms seen).
    expect(delay.max / 1e6).toBeLessThan(1000);
  }, 30_000);
});
