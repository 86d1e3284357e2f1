// The streams the spec defines (job, edit, build), recorded byte for byte: the fixtures under
// fixtures/spec-streams were written by the code before runs became one model, and every later
// version must send the same frames, in the same order, with the same JSON (key order included).
// Only what differs from one run to the next is normalised: event ids (checked to increase),
// uuids, preview addresses and numbers inside texts (durations, sizes, hashes' digits).
// `RECORD_SPEC_STREAMS=1` writes the fixtures anew instead of comparing.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TYPE_ERROR_APP, TYPE_ERROR_FIXED, viteApp } from './fixtures/sandbox-projects.js';
import { type FakeAnthropic, type ScriptedReply, startFakeAnthropic } from './support/fake-anthropic.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'spec-streams');
const RECORD = process.env.RECORD_SPEC_STREAMS === '1';

let t: TestApp;
let fake: FakeAnthropic;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  // The browser check depends on the machine (root, Chromium): off, so every machine records the same.
  t = await startTestApp({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', AUTOFIX_MAX_ATTEMPTS: '1', PREVIEW_CHECKS: 'off' });
  cookie = (await signUp(t.http)).cookie;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** The whole response of a stream, as the bytes came. A 409 (the build before still lets go of its project) is asked again. */
async function rawStream(path: string, method = 'GET', body?: unknown): Promise<string> {
  const headers: Record<string, string> = { Cookie: cookie };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const ask = () => fetch(`${t.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let res = await ask();
  for (let i = 0; i < 50 && res.status === 409; i++) {
    await res.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    res = await ask();
  }
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  return res.text();
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const PREVIEW_URL = /http:\/\/[a-z2-7]{20}\.preview\.localhost:\d+\/?/g;
/** Vite's content hashes in asset names change with the sandbox image's Vite. */
const ASSET_HASH = /-[A-Za-z0-9_-]{8}\.(js|css)\b/g;

function normaliseText(text: string): string {
  return text.replace(UUID, '<uuid>').replace(PREVIEW_URL, '<preview-url>').replace(ASSET_HASH, '-<hash>.$1').replace(/\d+/g, '#');
}

function normaliseValue(value: unknown): unknown {
  if (typeof value === 'string') return normaliseText(value);
  if (Array.isArray(value)) return value.map(normaliseValue);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, normaliseValue(v)]));
  return value;
}

/**
 * The frames of a response, one per line: `id: # data: <json>` (or without the id when the frame
 * has none). Ids must increase; keep-alive comments are left out (they come with time).
 */
function normalise(raw: string): string[] {
  expect(raw.endsWith('\n\n') || raw === '').toBe(true);
  const frames: string[] = [];
  let lastId = 0;
  for (const block of raw.split('\n\n')) {
    if (block === '' || block.startsWith(':')) continue;
    const lines = block.split('\n');
    let prefix = '';
    if (lines[0]!.startsWith('id: ')) {
      const id = Number(lines.shift()!.slice(4));
      expect(id).toBeGreaterThan(lastId);
      lastId = id;
      prefix = 'id: # ';
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith('data: ')).toBe(true);
    const data = lines[0]!.slice(6);
    if (data === '[DONE]') {
      frames.push(`${prefix}data: [DONE]`);
      continue;
    }
    // The JSON exactly as a server writes it: no spaces, keys in this order.
    expect(JSON.stringify(JSON.parse(data))).toBe(data);
    frames.push(`${prefix}data: ${JSON.stringify(normaliseValue(JSON.parse(data)))}`);
  }
  return frames;
}

async function matchesFixture(name: string, raw: string): Promise<void> {
  const frames = normalise(raw);
  const file = join(FIXTURES, `${name}.txt`);
  if (RECORD) {
    await mkdir(FIXTURES, { recursive: true });
    await writeFile(file, `${frames.join('\n')}\n`);
    return;
  }
  // A duration may come in another unit from one run to the next (Vite's "812ms" or "1.2s").
  const durations = (lines: string[]) => lines.map((line) => line.replace(/#(\.#)? ?m?s\b/g, '<duration>'));
  const expected = (await readFile(file, 'utf8')).split('\n').slice(0, -1);
  // A file is saved once its end marker has streamed, while the model goes on: on a busy machine its
  // file_saved can come after the next chunk. The contract is each stream's order, so the saves are
  // compared as their own sequence, and each must follow the chunk that ended its file.
  const saves = (lines: string[]) => lines.filter((line) => line.includes('"type":"file_saved"'));
  const rest = (lines: string[]) => lines.filter((line) => !line.includes('"type":"file_saved"'));
  expect(durations(rest(frames))).toEqual(durations(rest(expected)));
  expect(saves(frames)).toEqual(saves(expected));
  for (const save of saves(frames)) {
    const path = /"path":"([^"]+)"/.exec(save)![1]!;
    const started = frames.findIndex((line) => line.includes(`<<<FILE ${path}>>>`) || line.includes(`<<<EDIT ${path}>>>`));
    const ended = frames.findIndex((line, i) => i >= started && /<<<END (FILE|EDIT)>>>/.test(line));
    expect(frames.indexOf(save)).toBeGreaterThan(ended);
  }
}

/** Chunks far enough apart that each is one event and each file is saved before the next chunk. */
const stream = (...chunks: string[]): ScriptedReply => ({ kind: 'stream', chunks, stopReason: 'end_turn', delayMs: 300, inputTokens: 1000, outputTokens: 200 });
const edit = (path: string, search: string, replace: string) => `<<<EDIT ${path}>>>\n<<<SEARCH>>>\n${search}\n<<<REPLACE>>>\n${replace}\n<<<END EDIT>>>\n`;

async function save(name: string, files: Record<string, string>): Promise<void> {
  await t.http.post('/api/projects/save').set('Cookie', cookie).send({ projectName: name, files }).expect(201);
}

async function startJob(prompt: string, projectName: string): Promise<string> {
  return (await t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt, projectName }).expect(201)).body.jobId as string;
}

/** The job id an edit stream's first frame names. */
function jobIdOf(raw: string): string {
  return (JSON.parse(/data: (\{.*\})/.exec(raw)![1]!) as { jobId: string }).jobId;
}

describe('the job stream of a generation', () => {
  it('that completes', async () => {
    fake.script(
      stream(
        'Planning a counter.\n',
        '<<<FILE package.json>>>\n{ "name": "counter" }\n<<<END FILE>>>\n',
        '<<<FILE src/App.tsx>>>\nexport function App() {\n',
        '  return <h1>Counter</h1>;\n}\n<<<END FILE>>>\n',
        '<<<FILE ../escape.txt>>>\nno\n<<<END FILE>>>\n',
        'Done.\n',
      ),
    );
    const jobId = await startJob('a counter', 'generated');
    await matchesFixture('generation-completed', await rawStream(`/api/jobs/${jobId}/stream`));
  });

  it('that fails', async () => {
    fake.script({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'prompt is too long' });
    const jobId = await startJob('a counter', 'refused');
    await matchesFixture('generation-failed', await rawStream(`/api/jobs/${jobId}/stream`));
  });
});

describe('the edit stream, and the job stream of the same edit', () => {
  it('of an edit whose rebuild succeeds', async () => {
    await save('edited', viteApp('Counter'));
    fake.script(stream('Renaming the heading.\n', edit('src/App.tsx', '  return <h1>Counter</h1>;', '  return <h1>Clicks</h1>;')));
    const raw = await rawStream('/api/projects/edited/edit', 'POST', { modificationRequest: 'Call the heading Clicks' });
    await matchesFixture('edit-completed', raw);
    await matchesFixture('edit-completed-job-stream', await rawStream(`/api/jobs/${jobIdOf(raw)}/stream`));
  }, 240_000);

  it('of an edit whose rebuild fails, after a fix attempt', async () => {
    fake.script(
      stream(edit('src/App.tsx', '  return <h1>Clicks</h1>;', `  const count: string = 42;\n  return <h1>Clicks {count}</h1>;`)),
      // The fix attempt trades the error for another: the build still fails.
      stream('<<<FILE src/App.tsx>>>\n', 'export function App() {\n  const count: boolean = 42;\n  return <h1>Clicks {count}</h1>;\n}\n', '<<<END FILE>>>\n'),
    );
    const raw = await rawStream('/api/projects/edited/edit', 'POST', { modificationRequest: 'Show a count' });
    await matchesFixture('edit-build-failed', raw);
    await matchesFixture('edit-build-failed-job-stream', await rawStream(`/api/jobs/${jobIdOf(raw)}/stream`));
  }, 240_000);

  it('of an edit that fails', async () => {
    const wrong = edit('src/App.tsx', '  <h1>Nowhere</h1>', '  <h1>x</h1>');
    fake.script(stream(wrong), stream(wrong));
    const raw = await rawStream('/api/projects/edited/edit', 'POST', { modificationRequest: 'Change what is not there' });
    await matchesFixture('edit-failed', raw);
    await matchesFixture('edit-failed-job-stream', await rawStream(`/api/jobs/${jobIdOf(raw)}/stream`));
  }, 120_000);
});

describe('the build stream', () => {
  it('of a build that succeeds', async () => {
    await save('built', viteApp('Built'));
    await matchesFixture('build-succeeded', await rawStream('/api/projects/built/build', 'POST'));
  }, 240_000);

  it('of a build that fails after a fix attempt', async () => {
    await save('broken', viteApp('Broken', TYPE_ERROR_APP));
    fake.script(stream('The count is a number.\n', '<<<FILE src/App.tsx>>>\n', TYPE_ERROR_APP.replace('string', 'boolean'), '<<<END FILE>>>\n'));
    await matchesFixture('build-failed-after-fix', await rawStream('/api/projects/broken/build', 'POST'));
  }, 240_000);

  it('of a fix of an error met in the preview', async () => {
    await save('reported', viteApp('Reported', TYPE_ERROR_FIXED));
    await rawStream('/api/projects/reported/build', 'POST');
    fake.script(stream('Guarding the count.\n', '<<<FILE src/App.tsx>>>\n', TYPE_ERROR_FIXED.replace('42', '43'), '<<<END FILE>>>\n'));
    const error = { message: 'TypeError: count is undefined', file: 'src/App.tsx', line: 3, stack: 'at App (src/App.tsx:3:10)' };
    await matchesFixture('preview-error-fix', await rawStream('/api/projects/reported/fix', 'POST', { error }));
  }, 240_000);
});
