// An edit that changes package.json is installed in the sandbox before it lands: one whose package
// cannot be installed changes no file, and says why (the package, npm's error); one that installs
// keeps the lockfile it wrote with its version, and restoring the version before brings that one back.
// Packages come from the proxy's storage (placed as package-registry.test.ts does); upstream answers 404.
import { type Server, createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PackageRegistryService } from '../src/sandboxes/package-registry.service.js';
import { hoursAgo, placePackage } from './support/registry-packages.js';
import { templateFiles } from '../src/agent/template/template-files.js';
import { type FakeAnthropic, startFakeAnthropic } from './support/fake-anthropic.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

const MISSING = 'forge-no-such-package-7f3a';
const edit = (path: string, search: string, replace: string) => `<<<EDIT ${path}>>>\n<<<SEARCH>>>\n${search}\n<<<REPLACE>>>\n${replace}\n<<<END EDIT>>>\n`;

let t: TestApp;
let fake: FakeAnthropic;
let cookie: string;
let upstream: Server;

beforeAll(async () => {
  upstream = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  fake = await startFakeAnthropic();
  t = await startTestApp({
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: fake.url,
    LLM_MAX_RETRIES: '0',
    AUTOFIX_MAX_ATTEMPTS: '0',
    NPM_UPSTREAM_REGISTRY: `http://127.0.0.1:${(upstream.address() as { port: number }).port}/`,
  });
  cookie = (await signUp(t.http)).cookie;
  const storage = (await t.app.get(PackageRegistryService, { strict: false }).storageDir())!;
  for (const name of ['forge-test-first', 'forge-test-second']) {
    await placePackage(storage, name, [{ version: '1.0.0', publishedAt: hoursAgo(24 * 30), files: { 'index.js': `module.exports = '${name}';\n` } }]);
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

async function runEdit(name: string, request: string): Promise<string> {
  const { events } = await readSse(`${t.baseUrl}/api/projects/${name}/edit`, { Cookie: cookie }, 'POST', { modificationRequest: request });
  return parsedEvents(events)
    .map((e) => JSON.stringify(e))
    .join('\n');
}

async function files(name: string): Promise<Record<string, string>> {
  const tree = (await t.http.get(`/api/projects/${name}/tree`).set('Cookie', cookie).expect(200)).body.tree as string[];
  const out: Record<string, string> = {};
  for (const path of tree) out[path] = ((await t.http.get(`/api/projects/${name}/file/${path}`).set('Cookie', cookie).expect(200)).body as { content: string }).content;
  return out;
}

describe('an edit that changes the packages', () => {
  it('whose package cannot be installed changes nothing and says why', async () => {
    const template = Object.fromEntries(templateFiles('static', { projectName: 'notes' }));
    await t.http.post('/api/projects/save').set('Cookie', cookie).send({ projectName: 'notes', files: template }).expect(201);
    const before = await files('notes');

    fake.script({
      kind: 'stream',
      chunks: [
        'Adding Markdown notes.\n',
        edit('package.json', '    "react": "19.3.1",', `    "${MISSING}": "^1.0.0",\n    "react": "19.3.1",`),
        edit('src/App.tsx', '        <p>Your app is being written…</p>', '        <p>Notes</p>'),
      ],
      stopReason: 'end_turn',
    });
    const said = await runEdit('notes', 'Render notes as Markdown');
    expect(said).toContain('Nothing was changed: the packages could not be installed.');
    expect(said).toContain(MISSING);
    expect(await files('notes')).toEqual(before);
  }, 300_000);

  it('that installs keeps its lockfile with its version; restoring the version before brings the earlier lockfile back', async () => {
    const pkg = (deps: Record<string, string>) => `${JSON.stringify({ name: 'tiny', version: '1.0.0', private: true, dependencies: deps }, null, 2)}\n`;
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'tiny', files: { 'package.json': pkg({ 'forge-test-first': '^1.0.0' }) } })
      .expect(201);
    fake.script({ kind: 'stream', chunks: ['<<<FILE package.json>>>\n' + pkg({ 'forge-test-first': '^1.0.0' }) + '<<<END FILE>>>\n'], stopReason: 'end_turn' });
    // The first install: no lockfile yet, npm writes one.
    fake.script({ kind: 'stream', chunks: ['<<<FILE package.json>>>\n' + pkg({ 'forge-test-first': '^1.0.0', 'forge-test-second': '^1.0.0' }) + '<<<END FILE>>>\n'], stopReason: 'end_turn' });
    await runEdit('tiny', 'Nothing really');
    const added = await runEdit('tiny', 'Add the second package');
    expect(added).toContain('Packages installed');
    const after = await files('tiny');
    const lock = JSON.parse(after['package-lock.json']!) as { packages: Record<string, unknown> };
    expect(Object.keys(lock.packages)).toEqual(expect.arrayContaining(['node_modules/forge-test-first', 'node_modules/forge-test-second']));

    const versions = (await t.http.get('/api/projects/tiny/versions').set('Cookie', cookie).expect(200)).body.versions as Array<{ id: string }>;
    await t.http
      .post(`/api/projects/tiny/versions/${versions.at(-1)!.id}/restore`)
      .set('Cookie', cookie)
      .expect(201);
    expect(Object.keys(await files('tiny'))).toEqual(['package.json']);
  }, 300_000);
});
