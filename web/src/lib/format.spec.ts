import { describe, expect, it } from '@jest/globals';
import { byteLength, countLines, countWords, formatBytes, formatLineCount, formatTime, formatWordCount, pluralize } from './format';

describe('formatBytes', () => {
  it('shows bytes below 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('switches to KB with one decimal at 1024 B', () => {
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 * 1024 - 1)).toBe('1024.0 KB');
  });

  it('switches to MB with one decimal at 1 MiB', () => {
    expect(formatBytes(1024 * 1024)).toBe('1.0 MB');
    expect(formatBytes(5.25 * 1024 * 1024)).toBe('5.3 MB');
  });
});

describe('line and word counts', () => {
  it('counts lines without an extra one for a final newline', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
    expect(countLines('a\n\nb\n')).toBe(3);
  });

  it('uses singular and plural', () => {
    expect(formatLineCount(1)).toBe('1 line');
    expect(formatLineCount(0)).toBe('0 lines');
    expect(formatLineCount(42)).toBe('42 lines');
    expect(formatWordCount(1)).toBe('1 word');
    expect(formatWordCount(7)).toBe('7 words');
    expect(pluralize(2, 'file')).toBe('2 files');
    expect(pluralize(1, 'entry', 'entries')).toBe('1 entry');
  });

  it('counts words separated by any whitespace', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   \n ')).toBe(0);
    expect(countWords('const a = 1;\n\treturn a')).toBe(6);
  });

  it('measures size in UTF-8 bytes', () => {
    expect(byteLength('abc')).toBe(3);
    expect(byteLength('é')).toBe(2);
    expect(byteLength('€')).toBe(3);
    expect(byteLength('😀')).toBe(4);
    expect(byteLength('a😀é')).toBe(7);
  });
});

describe('formatTime', () => {
  it('pads a 24-hour hh:mm:ss', () => {
    expect(formatTime(new Date(2026, 0, 1, 9, 5, 7))).toBe('09:05:07');
    expect(formatTime(new Date(2026, 0, 1, 23, 59, 0).getTime())).toBe('23:59:00');
  });
});
