import { describe, expect, it } from '@jest/globals';
import { stripAnsi } from './text.js';

describe('stripAnsi', () => {
  it('removes colours, cursor moves, window titles, hyperlinks and two-byte escapes', () => {
    const e = '\u001b';
    expect(stripAnsi(`${e}[32m> vite build${e}[39m`)).toBe('> vite build');
    expect(stripAnsi(`${e}[2K${e}[1Gbuilding${e}[?25l`)).toBe('building');
    expect(stripAnsi(`${e}]0;title\u0007done`)).toBe('done');
    expect(stripAnsi(`${e}]8;;https://x.dev${e}\\link${e}]8;;${e}\\`)).toBe('link');
    expect(stripAnsi(`${e}Mup`)).toBe('up');
  });

  it('leaves plain text alone', () => {
    expect(stripAnsi('src/App.tsx(3,5): error TS2322: [x] 100%')).toBe('src/App.tsx(3,5): error TS2322: [x] 100%');
  });
});
