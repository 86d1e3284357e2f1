import { describe, expect, it } from '@jest/globals';
import { MAX_LINE_CHARS, OutputLines } from './build-output.js';

function split(chunks: string[], keepChars = 1000): { lines: string[]; tail: string } {
  const lines: string[] = [];
  const output = new OutputLines((line) => lines.push(line), keepChars);
  for (const chunk of chunks) output.write(chunk);
  output.end();
  return { lines, tail: output.tail() };
}

describe('OutputLines', () => {
  it('splits on newlines across chunks, skips blank lines and ends with the last unfinished one', () => {
    expect(split(['one\ntw', 'o\n\n  \nthr', 'ee']).lines).toEqual(['one', 'two', 'three']);
  });

  it('keeps only the final state of a line redrawn with carriage returns, and drops CRLF endings', () => {
    expect(split(['progress 10%\rprogress 5', '0%\rprogress 100%\n', 'done\r\n']).lines).toEqual(['progress 100%', 'done']);
    // A carriage return at the end of a chunk is only known to redraw once more text follows.
    expect(split(['half\r', 'whole\n']).lines).toEqual(['whole']);
    expect(split(['line\r', '\nnext']).lines).toEqual(['line', 'next']);
  });

  it('removes colour codes', () => {
    expect(split(['\u001b[31merror\u001b[39m TS2322\n']).lines).toEqual(['error TS2322']);
  });

  it('cuts a line longer than the limit and says how much was cut, however it arrives', () => {
    const chunk = 'y'.repeat(65_536);
    const { lines } = split([...Array.from({ length: 100 }, () => chunk), '\nafter\n']);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`${'y'.repeat(MAX_LINE_CHARS)}… (line cut: ${(100 * 65_536 - MAX_LINE_CHARS).toLocaleString('en-US')} more characters)`);
    expect(lines[1]).toBe('after');
  });

  it('takes time linear in the output: a 40 MB line in 64 KB chunks is split quickly', () => {
    const chunk = 'y'.repeat(65_536);
    const lines: string[] = [];
    const output = new OutputLines((line) => lines.push(line), 1000);
    const started = performance.now();
    for (let i = 0; i < 40_000_000 / chunk.length; i++) output.write(chunk);
    output.end();
    // Re-splitting the pending line on every chunk took seconds for this; one pass takes milliseconds.
    expect(performance.now() - started).toBeLessThan(500);
    expect(lines).toHaveLength(1);
  });

  it('answers the latest output for the auto-fix, blank lines included, within its budget', () => {
    const { tail } = split([Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n'), '\n\nlast\n'], 100);
    expect(tail.length).toBeLessThanOrEqual(100);
    expect(tail.endsWith('line 499\n\nlast')).toBe(true);
  });
});
