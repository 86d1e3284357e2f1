import { describe, expect, it } from '@jest/globals';
import { EDIT_END_MARKER, REPLACE_MARKER, SEARCH_MARKER, deleteMarker, editStartMarker, fileStartMarker } from '@forge/protocol/file-stream';
import { parseChanges } from '@forge/protocol/stream-changes';
import { checkChanges, placeholderLines, replaceOnce } from './change-check.js';

const APP = ['export function App() {', '  return (', '    <main>', '      <h1>Old title</h1>', '      <p>Hello</p>', '    </main>', '  );', '}', ''].join('\n');

function project(files: Record<string, string>) {
  return async (path: string) => files[path] ?? null;
}

function edit(path: string, ...pairs: Array<[string, string]>): string {
  return [editStartMarker(path), ...pairs.flatMap(([s, r]) => [SEARCH_MARKER, s, REPLACE_MARKER, r]), EDIT_END_MARKER, ''].join('\n');
}

describe('checkChanges', () => {
  it('applies a SEARCH/REPLACE to exactly the named lines and reports the file as modified', async () => {
    const result = await checkChanges(parseChanges(edit('src/App.tsx', ['      <h1>Old title</h1>', '      <h1>New title</h1>'])), project({ 'src/App.tsx': APP, 'src/x.ts': 'x' }));
    expect(result).toEqual({
      ok: true,
      changes: {
        writes: new Map([['src/App.tsx', APP.replace('Old title', 'New title')]]),
        deletes: new Set(),
        created: [],
        modified: ['src/App.tsx'],
        deleted: [],
        warnings: [],
      },
    });
  });

  it('names a missing SEARCH text, an ambiguous one and an EDIT of a missing file, each with its block', async () => {
    const twice = 'a();\nb();\na();\n';
    const answer = edit('src/App.tsx', ['<h2>nope</h2>', 'x']) + edit('dup.ts', ['a();', 'c();']) + edit('src/Missing.tsx', ['x', 'y']);
    const result = await checkChanges(parseChanges(answer), project({ 'src/App.tsx': APP, 'dup.ts': twice }));
    expect(result).toEqual({
      ok: false,
      problems: [
        { block: 'EDIT src/App.tsx', reason: 'the SEARCH text was not found; quote the current lines exactly, with their indentation' },
        { block: 'EDIT dup.ts', reason: 'the SEARCH text occurs 2 times; include more lines around it so that it matches once' },
        { block: 'EDIT src/Missing.tsx', reason: 'the file does not exist; write it whole with a FILE block' },
      ],
    });
  });

  it('tells the same line twice apart by the lines around it', async () => {
    const twice = 'a();\nb();\na();\n';
    const result = await checkChanges(parseChanges(edit('dup.ts', ['b();\na();', 'b();\nc();'])), project({ 'dup.ts': twice }));
    expect(result.ok && result.changes.writes.get('dup.ts')).toBe('a();\nb();\nc();\n');
  });

  it('applies pairs in order to the file as it stands, and names the failing pair', async () => {
    const ok = await checkChanges(parseChanges(edit('n.ts', ['one', 'two'], ['two', 'three'])), project({ 'n.ts': 'one\n' }));
    expect(ok.ok && ok.changes.writes.get('n.ts')).toBe('three\n');
    const bad = await checkChanges(parseChanges(edit('n.ts', ['one', 'two'], ['one', 'x'])), project({ 'n.ts': 'one\n' }));
    expect(bad).toEqual({ ok: false, problems: [{ block: 'EDIT n.ts (pair 2)', reason: expect.stringMatching(/^the SEARCH text was not found/) }] });
  });

  it('refuses a whole-file rewrite with a placeholder where code was, but not a new comment that only looks alike', async () => {
    const lazy = `${fileStartMarker('src/App.tsx')}\nexport function App() {\n  // ... rest of the code unchanged\n}\n`;
    expect(await checkChanges(parseChanges(lazy), project({ 'src/App.tsx': APP }))).toEqual({
      ok: false,
      problems: [{ block: 'FILE src/App.tsx', reason: 'a placeholder stands where code was ("// ... rest of the code unchanged"); write the whole file, or use an EDIT block' }],
    });
    const kept = '// ... existing code stays as the team wrote it\nexport const x = 1;\n';
    const rewrite = `${fileStartMarker('k.ts')}\n// ... existing code stays as the team wrote it\nexport const x = 2;\n`;
    expect((await checkChanges(parseChanges(rewrite), project({ 'k.ts': kept }))).ok).toBe(true);
  });

  it.each([
    ['/* existing code */', 'a.ts'],
    ['{/* ... */}', 'a.tsx'],
    ['...', 'a.ts'],
    ['// ...', 'a.css'],
    ['# rest of the file', 'a.py'],
  ])('knows %j as a placeholder', (line, path) => {
    expect(placeholderLines(path, `x\n${line}\ny\n`, 'x\ny\n')).toEqual([line]);
  });

  it('lets a lone "..." stand in prose', () => {
    expect(placeholderLines('README.md', 'Wait for it\n...\nthere.\n', '')).toEqual([]);
  });

  it('warns, without refusing, when a rewrite shrinks a file by more than half', async () => {
    const long = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const result = await checkChanges(parseChanges(`${fileStartMarker('l.ts')}\nline 0\n`), project({ 'l.ts': long }));
    expect(result.ok && result.changes.warnings).toEqual(['⚠️ l.ts was rewritten from 20 to 1 lines']);
  });

  it('creates, deletes and refuses to touch .env', async () => {
    const answer = `${fileStartMarker('src/New.tsx')}\nexport const n = 1;\n${deleteMarker('src/Old.tsx')}\n`;
    const result = await checkChanges(parseChanges(answer), project({ 'src/Old.tsx': 'old' }));
    expect(result.ok && [result.changes.created, result.changes.deleted, [...result.changes.deletes]]).toEqual([['src/New.tsx'], ['src/Old.tsx'], ['src/Old.tsx']]);
    expect(await checkChanges(parseChanges(`${fileStartMarker('.env')}\nKEY=stolen\n`), project({}))).toEqual({
      ok: false,
      problems: [{ block: 'FILE .env', reason: ".env holds the project's secrets; it is changed only in the Secrets view" }],
    });
  });
});

describe('replaceOnce', () => {
  it('matches at the very start and at the very end of a file, with or without its last newline', () => {
    expect(replaceOnce('first\nmiddle\nlast\n', 'first\n', 'FIRST\n')).toBe('FIRST\nmiddle\nlast\n');
    expect(replaceOnce('first\nmiddle\nlast\n', 'last\n', 'LAST\n')).toBe('first\nmiddle\nLAST\n');
    expect(replaceOnce('first\nlast', 'last\n', 'LAST\n')).toBe('first\nLAST');
  });

  it('keeps a CRLF file CRLF whatever line endings the model wrote', () => {
    expect(replaceOnce('a\r\nb\r\nc\r\n', 'b\n', 'B\nB2\n')).toBe('a\r\nB\r\nB2\r\nc\r\n');
    expect(replaceOnce('a\nb\n', 'b\r\n', 'c\r\n')).toBe('a\nc\n');
  });

  it('refuses an empty SEARCH and a SEARCH without REPLACE', () => {
    expect(replaceOnce('a\n', '\n', 'b\n')).toEqual({ problem: 'the SEARCH text is empty; quote the lines to change' });
    expect(replaceOnce('a\n', 'a\n', null)).toEqual({ problem: 'a SEARCH text has no REPLACE section' });
  });
});
