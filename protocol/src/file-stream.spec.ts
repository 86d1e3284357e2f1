import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { FILE_END_MARKER, FileStreamParser, type FileStreamEvent, fileStartMarker, parseTranscript } from './file-stream.js';

function filesOf(responses: string[] | string): Record<string, string> {
  return Object.fromEntries([...parseTranscript(responses).files].map(([path, f]) => [path, f.content]));
}

/** Feeds `text` in the given chunks and returns files and commentary. */
function parseChunks(chunks: string[]): { files: Record<string, string>; commentary: string; refused: string[] } {
  const parser = new FileStreamParser();
  const events: FileStreamEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  events.push(...parser.end());
  const files: Record<string, string> = {};
  let commentary = '';
  const refused: string[] = [];
  for (const e of events) {
    if (e.type === 'file_start' && !(e.path in files)) files[e.path] = '';
    if (e.type === 'file_content') files[e.path] += e.text;
    if (e.type === 'commentary') commentary += e.text;
    if (e.type === 'file_refused') refused.push(e.path);
  }
  return { files, commentary, refused };
}

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

const transcript = [
  "I'll create a small app.",
  fileStartMarker('package.json'),
  '{ "name": "demo" }',
  FILE_END_MARKER,
  fileStartMarker('src/App.tsx'),
  'export function App() {',
  '  const s = "<<<FILE not/a/marker.ts>>>";',
  '  return <p>x <<<END FILE>>> y</p>;',
  '}',
  FILE_END_MARKER,
  'Done: two files.',
  '',
].join('\n');

describe('FileStreamParser', () => {
  it('splits a transcript into files and commentary', () => {
    const { files, commentary } = parseChunks([transcript]);
    expect(files).toEqual({
      'package.json': '{ "name": "demo" }\n',
      'src/App.tsx': 'export function App() {\n  const s = "<<<FILE not/a/marker.ts>>>";\n  return <p>x <<<END FILE>>> y</p>;\n}\n',
    });
    expect(commentary).toBe("I'll create a small app.\nDone: two files.\n");
  });

  it('gives the same result for any split into chunks', () => {
    const whole = parseChunks([transcript]);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 40 }), (cuts) => {
        expect(parseChunks(splitAt(transcript, cuts))).toEqual(whole);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same files for generated transcripts split anywhere', () => {
    const line = fc.oneof(
      fc.string({ maxLength: 30 }).map((s) => s.replace(/\n/g, ' ')),
      fc.constantFrom('<<<FILE', '<<<', '<<<END', '  <<<FILE x.ts>>>', 'a <<<END FILE>>>', '>>>'),
    );
    const file = fc.record({
      path: fc.constantFrom('a.ts', 'src/b.tsx', 'styles/c.css', 'README.md'),
      lines: fc.array(line, { maxLength: 6 }),
      closed: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(file, { maxLength: 5 }), fc.array(fc.nat(), { maxLength: 20 }), (spec, cuts) => {
        const text = spec.map((f) => [fileStartMarker(f.path), ...f.lines, ...(f.closed ? [FILE_END_MARKER] : [])].join('\n') + '\n').join('');
        expect(parseChunks(splitAt(text, cuts))).toEqual(parseChunks([text]));
      }),
      { numRuns: 300 },
    );
  });

  it('treats marker-like text that is not at a line start as content', () => {
    const { files } = parseChunks([`${fileStartMarker('a.ts')}\nx ${fileStartMarker('b.ts')}\n  ${FILE_END_MARKER}\n${FILE_END_MARKER}\n`]);
    expect(files).toEqual({ 'a.ts': `x ${fileStartMarker('b.ts')}\n  ${FILE_END_MARKER}\n` });
  });

  it('refuses a path that escapes the project, logs it, and goes on', () => {
    for (const bad of ['../evil.ts', '/etc/passwd', 'src\\x.ts', 'a/../../b']) {
      const { files, refused } = parseChunks([`${fileStartMarker(bad)}\nsecret\n${FILE_END_MARKER}\n${fileStartMarker('ok.ts')}\nfine\n${FILE_END_MARKER}\n`]);
      expect(refused).toEqual([bad]);
      expect(files).toEqual({ 'ok.ts': 'fine\n' });
    }
  });

  it('completes a file at the next start marker and at the end of the stream', () => {
    const { events } = parseTranscript(`${fileStartMarker('a.ts')}\na\n${fileStartMarker('b.ts')}\nb`);
    expect(events.filter((e) => e.type === 'file_end')).toEqual([
      { type: 'file_end', path: 'a.ts', closedBy: 'next_file' },
      { type: 'file_end', path: 'b.ts', closedBy: 'stream_end' },
    ]);
    expect(filesOf(`${fileStartMarker('a.ts')}\na\n${fileStartMarker('b.ts')}\nb`)).toEqual({ 'a.ts': 'a\n', 'b.ts': 'b' });
  });

  it('resumes a file cut mid-line when the continuation repeats its start marker', () => {
    const cut = `${fileStartMarker('src/App.tsx')}\nexport const answ`;
    const continuation = `${fileStartMarker('src/App.tsx')}\ner = 42;\n${FILE_END_MARKER}\n`;
    expect(filesOf([cut, continuation])).toEqual({ 'src/App.tsx': 'export const answer = 42;\n' });
  });

  it('resumes a file cut at a line end', () => {
    const cut = `${fileStartMarker('a.ts')}\nline 1\n`;
    const continuation = `${fileStartMarker('a.ts')}\nline 2\n${FILE_END_MARKER}\n`;
    expect(filesOf([cut, continuation])).toEqual({ 'a.ts': 'line 1\nline 2\n' });
  });

  it('resumes correctly for any split of the continuation too', () => {
    const cut = `${fileStartMarker('a.ts')}\nconst a = 1;\nconst b`;
    const continuation = `${fileStartMarker('a.ts')}\n = 2;\n${FILE_END_MARKER}\nbye\n`;
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), fc.array(fc.nat(), { maxLength: 10 }), (c1, c2) => {
        const parser = new FileStreamParser();
        const events: FileStreamEvent[] = [];
        for (const chunk of splitAt(cut, c1)) events.push(...parser.push(chunk));
        events.push(...parser.startResponse());
        for (const chunk of splitAt(continuation, c2)) events.push(...parser.push(chunk));
        events.push(...parser.end());
        const content = events.flatMap((e) => (e.type === 'file_content' ? [e.text] : [])).join('');
        expect(content).toBe('const a = 1;\nconst b = 2;\n');
      }),
      { numRuns: 300 },
    );
  });

  it('holds back only a line start that could still become a marker', () => {
    const parser = new FileStreamParser();
    parser.push(`${fileStartMarker('a.ts')}\n`);
    expect(parser.push('hello')).toEqual([{ type: 'file_content', path: 'a.ts', text: 'hello' }]);
    expect(parser.push('\n<<<')).toEqual([{ type: 'file_content', path: 'a.ts', text: '\n' }]);
    expect(parser.push('x')).toEqual([{ type: 'file_content', path: 'a.ts', text: '<<<x' }]);
  });

  it('says which block a cut response left open, and of what kind, so the continuation can resume it', () => {
    const parser = new FileStreamParser();
    expect(parser.openBlock).toBeNull();
    parser.push('<<<FILE a.ts>>>\nconst a');
    expect(parser.openBlock).toEqual({ kind: 'file', path: 'a.ts' });
    parser.push(' = 1;\n<<<END FILE>>>\n<<<EDIT b.ts>>>\n<<<SEARCH>>>\nold');
    expect(parser.openBlock).toEqual({ kind: 'edit', path: 'b.ts' });
    parser.push('\n<<<REPLACE>>>\nnew\n<<<END EDIT>>>\n<<<FILE ../x>>>\n');
    expect(parser.openBlock).toBeNull();
  });
});
