// Importing a project from a ZIP (#22 item 8), against the real Docker engine and the real registry
// proxy: the Lovable-shaped fixture, zipped as an exporter zips it (one top folder, node_modules/,
// .git/, dist/ and a .env beside the code, a PNG in public/), imports as a run, builds with no
// upstream fetch and previews; every unsafe or oversized ZIP is refused whole with nothing written.
import { readdir } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { lovableShapeProject } from './fixtures/lovable-shape-project.js';
import { PackageRegistryService } from '../src/sandboxes/package-registry.service.js';
import { getThroughProxy, runBuild } from './support/build-client.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';
import { zipEntries } from './support/zip-entries.js';
import { type ZipWriterEntry, makeZip } from './support/zip-writer.js';

/** A real 1×1 PNG. */
const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const MAX_FILES = 60;

let t: TestApp;
let cookie: string;
let upstream: Server;
const upstreamRequests: string[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    upstreamRequests.push(`${req.method} ${req.url}`);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({
    NPM_UPSTREAM_REGISTRY: `http://127.0.0.1:${(upstream.address() as { port: number }).port}/`,
    AUTOFIX_MAX_ATTEMPTS: '0',
    LIMIT_RUNNING_SANDBOXES: '10',
    LIMIT_IMPORT_FILES: String(MAX_FILES),
    LIMIT_IMPORT_MB: '1',
  });
  cookie = (await signUp(t.http)).cookie;
  // The managed registry proxy answers before the first import is built.
  expect(await t.app.get(PackageRegistryService, { strict: false }).platformUrl()).toEqual(expect.any(String));
}, 180_000);

afterAll(async () => {
  await t?.close();
  upstream?.close();
});

beforeEach(() => {
  upstreamRequests.length = 0;
});

function upload(zip: Buffer, fileName: string, projectName?: string) {
  const req = t.http.post('/api/projects/import').set('Cookie', cookie).attach('file', zip, { filename: fileName, contentType: 'application/zip' });
  return projectName === undefined ? req : req.field('projectName', projectName);
}

function bytesOf(path: string) {
  return t.http
    .get(path)
    .set('Cookie', cookie)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

async function imageThroughProxy(previewUrl: string, path: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const { port } = t.app.getHttpServer().address() as { port: number };
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: new URL(previewUrl).host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? null, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The fixture as an exporter zips it: inside one folder, with what an import must leave out. */
function exportedZip(): { zip: Buffer; text: Record<string, string>; binary: Record<string, Buffer> } {
  const { text, binary } = lovableShapeProject();
  const withLogo = { ...binary, 'public/logo.png': LOGO };
  const entries: ZipWriterEntry[] = [
    { name: 'harbor-main/' },
    ...Object.entries(text).map(([path, data]) => ({ name: `harbor-main/${path}`, data, deflate: true })),
    ...Object.entries(withLogo).map(([path, data]) => ({ name: `harbor-main/${path}`, data })),
    { name: 'harbor-main/node_modules/left-pad/index.js', data: 'module.exports = 1;\n' },
    { name: 'harbor-main/.git/HEAD', data: 'ref: refs/heads/main\n' },
    { name: 'harbor-main/dist/index.html', data: '<!doctype html><title>stale build</title>' },
    { name: 'harbor-main/.env', data: 'VITE_SUPABASE_URL=https://example.supabase.co\nVITE_SUPABASE_KEY=very-secret-value\n' },
    { name: '__MACOSX/harbor-main/._index.html', data: 'junk' },
  ];
  return { zip: makeZip(entries), text, binary: withLogo };
}

async function projectNames(): Promise<string[]> {
  const res = await t.http.get('/api/projects').set('Cookie', cookie).expect(200);
  return (res.body.projects as Array<{ name: string }>).map((p) => p.name);
}

describe('importing a project from a ZIP', () => {
  it('imports the Lovable-shaped project as a run, builds it with no upstream fetch, previews it, and keeps its image byte for byte', async () => {
    const { zip, text, binary } = exportedZip();
    const started = await upload(zip, 'harbor.zip', 'harbor').expect(201);
    expect(started.body).toEqual({ runId: expect.any(String), projectName: 'harbor', filesImported: Object.keys(text).length + Object.keys(binary).length + 1 });

    // The import's log, followed like any run, from the start.
    const { status, events } = await readSse(`${t.baseUrl}/api/runs/${started.body.runId}/stream`, { Cookie: cookie });
    expect(status).toBe(200);
    const parsed = parsedEvents(events);
    const log = parsed.filter((e) => e.type === 'log').map((e) => String(e.message));
    expect(log.join('\n')).toContain('📦 Importing harbor.zip');
    expect(log.join('\n')).toContain('Unwrapped the top folder harbor-main/');
    expect(log.join('\n')).toContain('Skipped node_modules/');
    expect(log.join('\n')).toContain('Not stored: .env');
    expect(parsed.find((e) => e.type === 'result')).toMatchObject({ success: true });
    expect(parsed.at(-1)).toEqual({ type: 'end' });

    const tree = (await t.http.get('/api/projects/harbor/tree').set('Cookie', cookie).expect(200)).body.tree as string[];
    expect(tree).toEqual(expect.arrayContaining(['package.json', 'src/main.tsx', 'public/logo.png', '.env.example']));
    expect(tree.filter((path) => /^(node_modules|\.git|dist)\/|^\.env$|__MACOSX/.test(path))).toEqual([]);
    const example = await t.http.get('/api/projects/harbor/file/.env.example').set('Cookie', cookie).expect(200);
    expect(example.body.content).toContain('VITE_SUPABASE_KEY=\n');
    expect(example.body.content).not.toContain('very-secret-value');
    const secrets = await t.http.get('/api/projects/harbor/secrets').set('Cookie', cookie).expect(200);
    expect(secrets.body.secrets.map((s: { key: string }) => s.key)).toEqual(['VITE_SUPABASE_URL', 'VITE_SUPABASE_KEY']);
    const versions = await t.http.get('/api/projects/harbor/versions').set('Cookie', cookie).expect(200);
    expect(versions.body.versions.map((v: { message: string }) => v.message)).toEqual(['Imported from harbor.zip']);

    // The build the import started, followed from its first event.
    const outcome = await runBuild(t, cookie, 'harbor');
    expect({ success: outcome.success, tail: outcome.log.slice(-15) }).toMatchObject({ success: true });
    expect(upstreamRequests).toEqual([]);
    for (const path of ['/', '/some/deep/link']) {
      const page = await getThroughProxy(t, outcome.previewUrl!, path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>Harbor Analytics</title>');
    }
    expect(await imageThroughProxy(outcome.previewUrl!, '/logo.png')).toEqual({ status: 200, type: 'image/png', bytes: LOGO });
    // The image imported from src/ is bundled by the build and served from its output, unchanged.
    const page = await getThroughProxy(t, outcome.previewUrl!, '/');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    const bundle = await getThroughProxy(t, outcome.previewUrl!, script!);
    const bundled = /\/assets\/harbor-logo-[\w-]+\.png/.exec(bundle.body)?.[0];
    expect(bundled).toBeDefined();
    expect(await imageThroughProxy(outcome.previewUrl!, bundled!)).toEqual({ status: 200, type: 'image/png', bytes: binary['src/assets/harbor-logo.png'] });

    const served = await bytesOf('/api/projects/harbor/file/public/logo.png').expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, LOGO)).toBe(0);
    const download = await bytesOf('/api/projects/harbor/download').expect(200);
    const entries = zipEntries(download.body as Buffer);
    expect(entries.get('harbor/public/logo.png')?.equals(LOGO)).toBe(true);
    expect(entries.get('harbor/public/placeholder.png')?.equals(binary['public/placeholder.png'])).toBe(true);
    expect(entries.get('harbor/src/assets/harbor-logo.png')?.equals(binary['src/assets/harbor-logo.png'])).toBe(true);
  }, 420_000);

  it('refuses a name in use with 409 naming the project, and leaves that project as it was', async () => {
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'taken', files: { 'index.html': '<h1>mine</h1>' } })
      .expect(201);
    const res = await upload(makeZip([{ name: 'index.html', data: '<h1>other</h1>' }]), 'other.zip', 'taken').expect(409);
    expect(res.body.error).toContain('"taken"');
    const kept = await t.http.get('/api/projects/taken/file/index.html').set('Cookie', cookie).expect(200);
    expect(kept.body.content).toBe('<h1>mine</h1>');
  });

  const app = (extra: ZipWriterEntry[]): Buffer => makeZip([{ name: 'package.json', data: '{"name":"x"}' }, { name: 'src/main.tsx', data: 'export {};\n' }, ...extra]);
  const refusals: Array<[string, () => Buffer, RegExp]> = [
    ['a path that escapes the project (zip-slip)', () => app([{ name: '../../evil.js', data: 'pwned' }]), /"\.\.\/\.\.\/evil\.js" points outside the project folder/],
    ['an absolute path', () => app([{ name: '/etc/cron.d/evil', data: 'pwned' }]), /points outside the project folder/],
    ['a symbolic link', () => app([{ name: 'src/secrets', data: '/etc/passwd', mode: 0o120777 }]), /"src\/secrets" is a symbolic link/],
    ['a device', () => app([{ name: 'src/tty', data: '', mode: 0o020644 }]), /"src\/tty" is a device or special file/],
    [
      'archives nested past the depth',
      () => app([{ name: 'assets/bundle.zip', data: makeZip([{ name: 'inner.zip', data: makeZip([{ name: 'a.txt', data: 'a' }]) }]) }]),
      /"assets\/bundle\.zip" is an archive that holds further archives/,
    ],
    [
      'more files than LIMIT_IMPORT_FILES',
      () => app(Array.from({ length: MAX_FILES }, (_, i) => ({ name: `src/f${i}.ts`, data: `export const f${i} = ${i};\n` }))),
      new RegExp(`holds ${MAX_FILES + 2} files, and an import may hold at most ${MAX_FILES}`),
    ],
    ['more than LIMIT_IMPORT_MB unpacked', () => app([{ name: 'public/big.bin', data: Buffer.alloc(3 * 1024 * 1024), deflate: true }]), /unpacks to more than 1 MB/],
    ['a file that is not a ZIP', () => Buffer.from('this is not a zip archive at all'), /not a ZIP archive/],
  ];

  it.each(refusals)('refuses %s with a clear message and writes nothing', async (_what, zipOf, message) => {
    const before = await projectNames();
    const res = await upload(zipOf(), 'bad.zip', 'refused-import').expect(400);
    expect(res.body.error).toMatch(message);
    expect(res.body.error).toMatch(/^bad\.zip was not imported: .*Nothing was saved\.$/);
    expect(await projectNames()).toEqual(before);
    await t.http.get('/api/projects/refused-import/tree').set('Cookie', cookie).expect(404);
    expect(await readdir(join(t.dataDir, 'uploads')).catch(() => [])).toEqual([]);
  });

  it('refuses an upload heavier than LIMIT_IMPORT_MB before reading it all, with nothing written', async () => {
    const before = await projectNames();
    const res = await upload(app([{ name: 'public/noise.bin', data: Buffer.alloc(2 * 1024 * 1024, 7) }]), 'heavy.zip', 'heavy').expect(413);
    expect(res.body.error).toContain('larger than 1 MB');
    expect(await projectNames()).toEqual(before);
    expect(await readdir(join(t.dataDir, 'uploads')).catch(() => [])).toEqual([]);
  });
});
