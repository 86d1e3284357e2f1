// Binary project files end to end (#22 item 7): saved as base64, stored, served with their type,
// zipped, versioned and restored byte for byte, copied into the sandbox, and named to a model
// without their bytes.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { viteApp } from './fixtures/sandbox-projects.js';
import { runBuild } from './support/build-client.js';
import { type FakeAnthropic, startFakeAnthropic } from './support/fake-anthropic.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';
import { zipEntries } from './support/zip-entries.js';

/** A real 1×1 PNG. */
const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** Bytes that are not UTF-8 (as a font's are), every value once. */
const FONT = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256));
/** A page that is not valid UTF-8: binary, so it must never be served as a page. */
const PAGE = Buffer.concat([Buffer.from('<script>alert(document.cookie)</script>'), Buffer.from([0xff, 0xfe])]);
const APP = 'export function App() {\n  return <img src="/logo.png" alt="logo" />;\n}\n';

let t: TestApp;
let fake: FakeAnthropic;
let alice: string;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  t = await startTestApp({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', AUTOFIX_MAX_ATTEMPTS: '0', PREVIEW_CHECKS: 'off' });
  alice = (await signUp(t.http)).cookie;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function files(logo: Buffer = LOGO) {
  return {
    ...viteApp('Logo', APP),
    'public/logo.png': { base64: logo.toString('base64') },
    'public/fonts/brand.woff2': { base64: FONT.toString('base64') },
    'public/page.html': { base64: PAGE.toString('base64') },
  };
}

function save(name: string, content: Record<string, unknown>) {
  return t.http.post('/api/projects/save').set('Cookie', alice).send({ projectName: name, files: content });
}

/** A response's body as bytes, whatever its type. */
function raw(res: import('supertest').Response): Buffer {
  return Buffer.isBuffer(res.body) ? res.body : Buffer.from(res.text ?? '');
}

function bytesOf(path: string) {
  return t.http
    .get(path)
    .set('Cookie', alice)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

describe('binary project files', () => {
  it('are saved from base64, listed in the tree, and served as their bytes with their type', async () => {
    const saved = await save('brand', files());
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ filesSaved: Object.keys(files()).length, projectDir: 'projects/brand' });

    const tree = await t.http.get('/api/projects/brand/tree').set('Cookie', alice).expect(200);
    expect(tree.body.tree).toEqual(expect.arrayContaining(['public/logo.png', 'public/fonts/brand.woff2', 'public/page.html', 'src/App.tsx']));

    const logo = await bytesOf('/api/projects/brand/file/public/logo.png').expect(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-length']).toBe(String(LOGO.length));
    expect(raw(logo).equals(LOGO)).toBe(true);
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['content-security-policy']).toContain('sandbox');

    const font = await bytesOf('/api/projects/brand/file/public/fonts/brand.woff2').expect(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(raw(font).equals(FONT)).toBe(true);

    // A binary file a browser would run goes out as a download, never as a page of the app's origin.
    const page = await bytesOf('/api/projects/brand/file/public/page.html').expect(200);
    expect(page.headers['content-type']).toBe('application/octet-stream');
    expect(raw(page).equals(PAGE)).toBe(true);

    // Text files keep the spec's JSON.
    const app = await t.http.get('/api/projects/brand/file/src/App.tsx').set('Cookie', alice).expect(200);
    expect(app.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(app.body).toEqual({ content: APP });
  });

  it('are served byte for byte by a share', async () => {
    await save('shared-brand', files());
    const published = await t.http.post('/api/projects/shared-brand/share').set('Cookie', alice).send({}).expect(200);
    const { shareId } = published.body.share as { shareId: string };
    const logo = await bytesOf(`/api/shares/${shareId}/file/public/logo.png`).expect(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(raw(logo).equals(LOGO)).toBe(true);
    const app = await t.http.get(`/api/shares/${shareId}/file/src/App.tsx`).expect(200);
    expect(app.body).toEqual({ content: APP });
  });

  it('are in the ZIP download byte-identical', async () => {
    await save('zipped', files());
    const res = await bytesOf('/api/projects/zipped/download').expect(200);
    const entries = zipEntries(raw(res));
    expect(entries.get('zipped/public/logo.png')?.equals(LOGO)).toBe(true);
    expect(entries.get('zipped/public/fonts/brand.woff2')?.equals(FONT)).toBe(true);
    expect(entries.get('zipped/public/page.html')?.equals(PAGE)).toBe(true);
    expect(entries.get('zipped/src/App.tsx')?.toString()).toBe(APP);
  });

  it('are kept by versions: a restore brings the old bytes back', async () => {
    await save('history', files());
    const changed = Buffer.concat([LOGO, Buffer.from([0, 1, 2])]);
    const { ['public/fonts/brand.woff2']: _font, ...withoutFont } = files(changed);
    await save('history', withoutFont).expect(201);
    expect(raw(await bytesOf('/api/projects/history/file/public/logo.png').expect(200)).equals(changed)).toBe(true);

    const versions = (await t.http.get('/api/projects/history/versions').set('Cookie', alice).expect(200)).body.versions as Array<{ id: string }>;
    const first = versions.at(-1)!;
    await t.http.post(`/api/projects/history/versions/${first.id}/restore`).set('Cookie', alice).expect(201);

    expect(raw(await bytesOf('/api/projects/history/file/public/logo.png').expect(200)).equals(LOGO)).toBe(true);
    expect(raw(await bytesOf('/api/projects/history/file/public/fonts/brand.woff2').expect(200)).equals(FONT)).toBe(true);
    const diff = await t.http.get(`/api/projects/history/versions/${versions[0]!.id}/diff`).set('Cookie', alice).expect(200);
    expect(diff.body.diff).toContain('Binary files a/public/logo.png and b/public/logo.png differ');
  });

  it('are named to the model with their type and size, never with their bytes', async () => {
    await save('edited', files());
    const wrong = '<<<EDIT src/Missing.tsx>>>\n<<<SEARCH>>>\nnothing\n<<<REPLACE>>>\nsomething\n<<<END EDIT>>>\n';
    fake.script({ kind: 'stream', chunks: [wrong], stopReason: 'end_turn' }, { kind: 'stream', chunks: [wrong], stopReason: 'end_turn' });
    const before = fake.requests.length;

    const { events } = await readSse(`${t.baseUrl}/api/projects/edited/edit`, { Cookie: alice }, 'POST', { modificationRequest: 'Make the logo bigger' });

    expect(parsedEvents(events).at(-1)).toMatchObject({ type: 'error' });
    const prompt = JSON.stringify(fake.requests[before]!.body);
    expect(prompt).toContain('public/logo.png (binary image/png, 70 B)');
    expect(prompt).toContain('public/fonts/brand.woff2 (binary font/woff2, 512 B)');
    expect(prompt).toContain('Files marked \\"binary\\"');
    expect(prompt).toContain('<<<FILE src/App.tsx>>>');
    expect(prompt).not.toContain('<<<FILE public/logo.png>>>');
    expect(prompt).not.toContain(LOGO.toString('base64').slice(0, 24));
    expect(prompt).not.toContain('IHDR');
  });

  it('are refused with a clear message when their base64 is not base64, and nothing is written', async () => {
    const res = await save('broken', { 'package.json': '{}\n', 'public/logo.png': { base64: 'not base64 at all!' } }).expect(400);
    expect(res.body.error).toBe('The content of "public/logo.png" is not valid base64: send a binary file as { "base64": "…" } with the standard alphabet (A-Z, a-z, 0-9, +, /)');
    await t.http.get('/api/projects/broken/tree').set('Cookie', alice).expect(404);
    const shape = await save('broken', { 'public/logo.png': { data: 'AAAA' } }).expect(400);
    expect(shape.body.error).toContain('each file content must be a string (text) or { "base64": "…" } (a binary file)');
  });

  it('reach the sandbox byte for byte: the built preview serves the image', async () => {
    await save('preview', files());
    const build = await runBuild(t, alice, 'preview');
    expect(build.error).toBeNull();
    expect(build.success).toBe(true);
    const { port } = new URL(t.baseUrl);
    const image = await new Promise<{ status: number; type: string | undefined; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/logo.png', headers: { host: new URL(build.previewUrl!).host } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/png');
    expect(image.body.equals(LOGO)).toBe(true);
  }, 300_000);
});
