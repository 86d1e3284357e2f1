import { describe, expect, it } from '@jest/globals';
import { EDIT_END_MARKER, REPLACE_MARKER, SEARCH_MARKER, editStartMarker, fileStartMarker } from '@forge/protocol/file-stream';
import { type AgentEvent, AgentError, type AnswerRetry } from '../agent/agent.service.js';
import { checkedAnswer } from './checked-answer.js';

const APP = ['import { useState } from "react";', '', 'export function App() {', '  return <h1>Old title</h1>;', '}', ''].join('\n');

function edit(path: string, ...pairs: Array<[string, string]>): string {
  return [editStartMarker(path), ...pairs.flatMap(([s, r]) => [SEARCH_MARKER, s, REPLACE_MARKER, r]), EDIT_END_MARKER, ''].join('\n');
}

/** Answers each request with the next script: responses (a cut between them) or an error, in chunks of 5. */
function model(scripts: Array<string[] | Error>) {
  const retries: Array<AnswerRetry | undefined> = [];
  const ask = (retry?: AnswerRetry): AsyncIterable<AgentEvent> => {
    retries.push(retry);
    const script = scripts.shift();
    return (async function* () {
      if (!script) throw new Error('no script left');
      if (script instanceof Error) throw script;
      for (const [i, response] of script.entries()) {
        if (i > 0) yield { type: 'response_start', continuation: true, reason: 'max_tokens' };
        for (let at = 0; at < response.length; at += 5) yield { type: 'text', text: response.slice(at, at + 5) };
      }
      yield { type: 'usage', inputTokens: 10, outputTokens: 20, call: { inputTokens: 10, outputTokens: 20 } };
    })();
  };
  return { ask, retries };
}

function run(files: Record<string, string>, scripts: Array<string[] | Error>) {
  const { ask, retries } = model(scripts);
  const log: string[] = [];
  const result = checkedAnswer({ ask, current: async (path) => files[path] ?? null, log: (line) => log.push(line) });
  return { result, retries, log };
}

describe('checkedAnswer', () => {
  it('applies an EDIT whose SEARCH text was cut mid-line and continued in the next response', async () => {
    const answer = edit('src/App.tsx', ['  return <h1>Old title</h1>;', '  return <h1>New title</h1>;']);
    const cut = answer.indexOf('Old t') + 3;
    const { result, retries } = run({ 'src/App.tsx': APP }, [[answer.slice(0, cut), `${editStartMarker('src/App.tsx')}\n${answer.slice(cut)}`]]);
    const outcome = await result;
    expect(outcome.ok && outcome.changes.writes.get('src/App.tsx')).toBe(APP.replace('Old title', 'New title'));
    expect(retries).toEqual([undefined]);
  });

  it('edits the very first and the very last line of a file without a final newline', async () => {
    const file = 'first\nmiddle\nlast';
    const { result } = run({ 'f.txt': file }, [[edit('f.txt', ['first', 'FIRST'], ['last', 'LAST'])]]);
    const outcome = await result;
    expect(outcome.ok && outcome.changes.writes.get('f.txt')).toBe('FIRST\nmiddle\nLAST');
  });

  it('keeps a CRLF file CRLF', async () => {
    const file = 'a\r\nb\r\nc\r\n';
    const { result } = run({ 'crlf.txt': file }, [[edit('crlf.txt', ['b', 'B'])]]);
    const outcome = await result;
    expect(outcome.ok && outcome.changes.writes.get('crlf.txt')).toBe('a\r\nB\r\nc\r\n');
  });

  it('sends an answer with a line that occurs twice back once, naming the block, and takes the second', async () => {
    const file = 'x();\ny();\nx();\n';
    const first = edit('t.ts', ['x();', 'z();']);
    const second = edit('t.ts', ['y();\nx();', 'y();\nz();']);
    const { result, retries, log } = run({ 't.ts': file }, [[first], [second]]);
    const outcome = await result;
    expect(outcome).toMatchObject({ ok: true, answers: 2 });
    expect(outcome.ok && outcome.changes.writes.get('t.ts')).toBe('x();\ny();\nz();\n');
    expect(retries[1]!.answer).toBe(first);
    expect(retries[1]!.feedback).toContain('- EDIT t.ts: the SEARCH text occurs 2 times; include more lines around it so that it matches once');
    expect(log[0]).toBe('⚠️ The answer could not be applied as written, so nothing was written. Asking the agent once more:');
  });

  it('names every failing block when the second answer fails too: missing text, a missing file, a placeholder', async () => {
    const bad =
      edit('src/App.tsx', ['  return <h2>nope</h2>;', 'x']) +
      edit('src/Missing.tsx', ['a', 'b']) +
      `${fileStartMarker('src/App.tsx')}\nexport function App() {\n  // ... rest of the code unchanged\n}\n`;
    const { result } = run({ 'src/App.tsx': APP }, [[bad], [bad]]);
    const outcome = await result;
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.problems.map((p) => p.block)).toEqual(['EDIT src/App.tsx', 'EDIT src/Missing.tsx', 'FILE src/App.tsx']);
    expect(!outcome.ok && outcome.problems.map((p) => p.reason)).toEqual([
      'the SEARCH text was not found; quote the current lines exactly, with their indentation',
      'the file does not exist; write it whole with a FILE block',
      'a placeholder stands where code was ("// ... rest of the code unchanged"); write the whole file, or use an EDIT block',
    ]);
  });

  it('warns with the file name when a rewrite shrinks a file by more than half', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const { result } = run({ 'big.ts': long }, [[`${fileStartMarker('big.ts')}\nline 0\n`]]);
    const outcome = await result;
    expect(outcome.ok && outcome.changes.warnings).toEqual(['⚠️ big.ts was rewritten from 30 to 1 lines']);
  });

  it('lets a cap reached by the model end the answer with nothing to apply', async () => {
    const { result } = run({ 'src/App.tsx': APP }, [new AgentError("The model's answer was cut off more than 8 times; src/App.tsx was left incomplete and was not saved.")]);
    await expect(result).rejects.toThrow(/cut off more than 8 times/);
  });

  it('logs refused paths and the commentary, and keeps the rest of the answer', async () => {
    const answer = `I changed the title.\n${fileStartMarker('../outside.txt')}\nnope\n${edit('src/App.tsx', ['  return <h1>Old title</h1>;', '  return <h1>New</h1>;'])}`;
    const { result, log } = run({ 'src/App.tsx': APP }, [[answer]]);
    const outcome = await result;
    expect(outcome.ok && [...outcome.changes.writes.keys()]).toEqual(['src/App.tsx']);
    expect(log).toEqual(['💬 I changed the title.', '⚠️ Refused file "../outside.txt": path escapes the project']);
  });
});
