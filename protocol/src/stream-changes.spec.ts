import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { EDIT_END_MARKER, FILE_END_MARKER, FileStreamParser, REPLACE_MARKER, SEARCH_MARKER, deleteMarker, editStartMarker, fileStartMarker } from './file-stream.js';
import { ChangeCollector, type StreamChange, parseChanges } from './stream-changes.js';

function splitAt(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let last = 0;
  for (const p of points) {
    chunks.push(text.slice(last, p));
    last = p;
  }
  chunks.push(text.slice(last));
  return chunks;
}

/** Parses responses, each split into the given chunks. */
function parseChunked(responses: string[][]): StreamChange[] {
  const parser = new FileStreamParser();
  const collector = new ChangeCollector();
  responses.forEach((chunks, i) => {
    if (i > 0) collector.apply(parser.startResponse());
    for (const chunk of chunks) collector.apply(parser.push(chunk));
  });
  collector.apply(parser.end());
  return collector.changes;
}

const answer = [
  'I will rename the title and drop the unused card.',
  editStartMarker('src/App.tsx'),
  SEARCH_MARKER,
  '  <h1>Old title</h1>',
  REPLACE_MARKER,
  '  <h1>New title</h1>',
  SEARCH_MARKER,
  "import { Card } from './Card';",
  REPLACE_MARKER,
  EDIT_END_MARKER,
  deleteMarker('src/components/Unused.tsx'),
  fileStartMarker('src/Note.tsx'),
  `export const note = '${SEARCH_MARKER} stays text in a file';`,
  SEARCH_MARKER,
  FILE_END_MARKER,
  'Done.',
  '',
].join('\n');

const expected: StreamChange[] = [
  {
    kind: 'edit',
    path: 'src/App.tsx',
    pairs: [
      { search: '  <h1>Old title</h1>\n', replace: '  <h1>New title</h1>\n' },
      { search: "import { Card } from './Card';\n", replace: '' },
    ],
    stray: '',
    complete: true,
  },
  { kind: 'delete', path: 'src/components/Unused.tsx' },
  { kind: 'file', path: 'src/Note.tsx', content: `export const note = '${SEARCH_MARKER} stays text in a file';\n${SEARCH_MARKER}\n`, complete: true },
];

describe('edit answers', () => {
  it('gathers EDIT blocks of SEARCH/REPLACE pairs, DELETE lines and whole files in order', () => {
    expect(parseChanges(answer)).toEqual(expected);
  });

  it('gives the same changes for any split into chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (cuts) => {
        expect(parseChunked([splitAt(answer, cuts)])).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('continues an EDIT cut mid-line when the next response repeats its marker, for any chunking', () => {
    const cut = `${editStartMarker('a.ts')}\n${SEARCH_MARKER}\nconst a = 1;\n${REPLACE_MARKER}\nconst a = `;
    const rest = `${editStartMarker('a.ts')}\n2;\n${EDIT_END_MARKER}\n`;
    const whole: StreamChange[] = [{ kind: 'edit', path: 'a.ts', pairs: [{ search: 'const a = 1;\n', replace: 'const a = 2;\n' }], stray: '', complete: true }];
    expect(parseChanges([cut, rest])).toEqual(whole);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 12 }), (c1, c2) => {
        expect(parseChunked([splitAt(cut, c1), splitAt(rest, c2)])).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('continues an EDIT cut inside its SEARCH text', () => {
    const cut = `${editStartMarker('a.ts')}\n${SEARCH_MARKER}\nline one\nline tw`;
    const rest = `${editStartMarker('a.ts')}\no\n${REPLACE_MARKER}\nline 2\n${EDIT_END_MARKER}\n`;
    expect(parseChanges([cut, rest])).toEqual([{ kind: 'edit', path: 'a.ts', pairs: [{ search: 'line one\nline two\n', replace: 'line 2\n' }], stray: '', complete: true }]);
  });

  it('reads CRLF answers, keeping the file text as written', () => {
    const crlf = `${editStartMarker('w.ts')}\r\n${SEARCH_MARKER}\r\nold\r\n${REPLACE_MARKER}\r\nnew\r\n${EDIT_END_MARKER}\r\n`;
    expect(parseChanges(crlf)).toEqual([{ kind: 'edit', path: 'w.ts', pairs: [{ search: 'old\r\n', replace: 'new\r\n' }], stray: '', complete: true }]);
  });

  it('keeps what a checker must refuse: a SEARCH without REPLACE, a REPLACE without SEARCH, text outside pairs', () => {
    const odd = `${editStartMarker('a.ts')}\nwhat is this\n${SEARCH_MARKER}\nx\n${EDIT_END_MARKER}\n${editStartMarker('b.ts')}\n${REPLACE_MARKER}\ny\n${EDIT_END_MARKER}\n`;
    expect(parseChanges(odd)).toEqual([
      { kind: 'edit', path: 'a.ts', pairs: [{ search: 'x\n', replace: null }], stray: 'what is this\n', complete: true },
      { kind: 'edit', path: 'b.ts', pairs: [{ search: '', replace: 'y\n' }], stray: '', complete: true },
    ]);
  });

  it('refuses EDIT and DELETE of paths that escape the project and goes on', () => {
    const events = [];
    const parser = new FileStreamParser();
    events.push(...parser.push(`${deleteMarker('../x')}\n${editStartMarker('/etc/passwd')}\n${SEARCH_MARKER}\nroot\n${REPLACE_MARKER}\nme\n${EDIT_END_MARKER}\n${deleteMarker('ok.ts')}\n`));
    events.push(...parser.end());
    expect(events.filter((e) => e.type === 'file_refused').map((e) => e.path)).toEqual(['../x', '/etc/passwd']);
    const collector = new ChangeCollector();
    collector.apply(events);
    expect(collector.changes).toEqual([{ kind: 'delete', path: 'ok.ts' }]);
  });

  it('completes an EDIT at the next block and at the end of the stream', () => {
    const text = `${editStartMarker('a.ts')}\n${SEARCH_MARKER}\na\n${REPLACE_MARKER}\nb\n${fileStartMarker('c.ts')}\nc\n`;
    expect(parseChanges(text)).toEqual([
      { kind: 'edit', path: 'a.ts', pairs: [{ search: 'a\n', replace: 'b\n' }], stray: '', complete: true },
      { kind: 'file', path: 'c.ts', content: 'c\n', complete: true },
    ]);
  });
});
