// Packages reach sandboxes only through the registry proxy (the platform's own Verdaccio), under the
// platform's policy, against the real Docker engine. The proxy's upstream is a local server that records
// what it is asked and has nothing: no test depends on a public registry, and "no upstream fetch" is seen.
import { readFileSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { lovableShapeProject } from './fixtures/lovable-shape-project.js';
import type { ProjectFiles } from './fixtures/sandbox-projects.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { ProjectStorage } from '../src/projects/project-storage.js';
import { PackageRegistryService } from '../src/sandboxes/package-registry.service.js';
import { getThroughProxy, runBuild, saveProject } from './support/build-client.js';
import { hoursAgo, placePackage } from './support/registry-packages.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let cookie: string;
let storage: string;
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
    NPM_ALLOW_SCRIPTS: 'forge-test-script-allowed',
    NPM_DENY_PACKAGES: 'forge-test-denied',
    AUTOFIX_MAX_ATTEMPTS: '0',
    LIMIT_RUNNING_SANDBOXES: '10',
  });
  cookie = (await signUp(t.http)).cookie;
  storage = (await t.app.get(PackageRegistryService, { strict: false }).storageDir())!;
  const greeting = { 'index.js': "module.exports = 'Hello from the registry proxy';\n" };
  await placePackage(storage, 'forge-test-greeting', [{ version: '1.0.0', publishedAt: hoursAgo(24 * 30), files: greeting }]);
  await placePackage(storage, 'forge-test-aging', [
    { version: '1.0.0', publishedAt: hoursAgo(24 * 5), files: { 'index.js': "module.exports = 'old enough';\n" } },
    { version: '1.1.0', publishedAt: hoursAgo(1), files: { 'index.js': "module.exports = 'published an hour ago';\n" } },
  ]);
  // Each writes a file into the project when its install script runs.
  const marker = (name: string) => `node -e "require('fs').writeFileSync(require('path').join(process.env.INIT_CWD, '${name}'), 'ran')"`;
  await placePackage(storage, 'forge-test-script-allowed', [{ version: '1.0.0', publishedAt: hoursAgo(24 * 30), files: { 'index.js': '' }, scripts: { postinstall: marker('allowed-script-ran') } }]);
  await placePackage(storage, 'forge-test-script-other', [{ version: '1.0.0', publishedAt: hoursAgo(24 * 30), files: { 'index.js': '' }, scripts: { postinstall: marker('other-script-ran') } }]);
}, 180_000);

afterAll(async () => {
  await t?.close();
  upstream?.close();
});

beforeEach(() => {
  upstreamRequests.length = 0;
});

/** A project whose build prints what it finds and writes a page; no start script, so its build output is served. */
function installingApp(dependencies: Record<string, string>, build: string): ProjectFiles {
  return {
    'package.json': JSON.stringify({ name: 'installing-app', private: true, type: 'module', scripts: { build: 'node build.mjs' }, dependencies }),
    'build.mjs': `import { createRequire } from 'node:module';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
const require = createRequire(import.meta.url);
let page = '';
${build}
mkdirSync('dist', { recursive: true });
writeFileSync('dist/index.html', '<!doctype html><title>installing-app</title><div id="root"><h1>' + page + '</h1></div>');
`,
  };
}

const lines = (log: string[]) => log.join('\n');

describe('packages come through the registry proxy', () => {
  it('installs a package outside the pre-warmed set, serves the build output without a start script, and keeps node_modules for the next build', async () => {
    const build = "page = require('forge-test-greeting');\nconsole.log('greeting: ' + page);";
    await saveProject(t, cookie, 'greeting', installingApp({ 'forge-test-greeting': '^1.0.0' }, build));

    const first = await runBuild(t, cookie, 'greeting');

    expect(first.success).toBe(true);
    expect(first.log).toContain('📦 Installing 1 packages the sandbox image does not hold: forge-test-greeting@^1.0.0');
    expect(lines(first.log)).toContain('greeting: Hello from the registry proxy');
    // No start script: the build output is served, and a deep link after a reload answers the app.
    const deepLink = await getThroughProxy(t, first.previewUrl!, '/stats');
    expect(deepLink.status).toBe(200);
    expect(deepLink.body).toContain('Hello from the registry proxy');

    const second = await runBuild(t, cookie, 'greeting');
    expect(second.success).toBe(true);
    expect(second.log).toContain('📦 Dependencies unchanged since the last build');
  }, 120_000);

  it('refuses a git dependency before installing anything, naming it', async () => {
    await saveProject(t, cookie, 'git-dependency', installingApp({ 'my-widget': 'github:someone/my-widget' }, ''));

    const outcome = await runBuild(t, cookie, 'git-dependency');

    expect(outcome.success).toBe(false);
    expect(lines(outcome.log)).toContain(
      '❌ package.json: "my-widget": "github:someone/my-widget" is a git repository. Only packages from the registry, by name and version range, are installed here',
    );
    expect(upstreamRequests).toEqual([]);
  }, 60_000);

  it('refuses a package on the deny-list, naming it and the rule', async () => {
    await saveProject(t, cookie, 'denied', installingApp({ 'forge-test-denied': '^1.0.0' }, ''));

    const outcome = await runBuild(t, cookie, 'denied');

    expect(outcome.success).toBe(false);
    expect(lines(outcome.log)).toContain(`❌ package.json: "forge-test-denied" is on this platform's deny-list (NPM_DENY_PACKAGES)`);
  }, 60_000);

  it('does not offer a version younger than the release age: an older matching version installs instead', async () => {
    const build = "page = require('forge-test-aging/package.json').version + ' ' + require('forge-test-aging');\nconsole.log('installed: ' + page);";
    await saveProject(t, cookie, 'aging', installingApp({ 'forge-test-aging': '^1.0.0' }, build));

    const outcome = await runBuild(t, cookie, 'aging');

    expect(outcome.success).toBe(true);
    expect(lines(outcome.log)).toContain('installed: 1.0.0 old enough');
  }, 120_000);

  it('runs the install script of an allow-listed package only: the other one never writes its file', async () => {
    const build = "for (const name of ['allowed-script-ran', 'other-script-ran']) console.log(name + ': ' + (existsSync(name) ? 'present' : 'absent'));\npage = 'scripts';";
    await saveProject(t, cookie, 'scripts', installingApp({ 'forge-test-script-allowed': '1.0.0', 'forge-test-script-other': '1.0.0' }, build));

    const outcome = await runBuild(t, cookie, 'scripts');

    expect(outcome.success).toBe(true);
    const log = lines(outcome.log);
    expect(log).toContain("ℹ️ Install scripts not run for forge-test-script-other: only packages on the platform's allow-list run theirs (NPM_ALLOW_SCRIPTS)");
    expect(log).toContain('allowed-script-ran: present');
    expect(log).toContain('other-script-ran: absent');
  }, 120_000);

  it('builds a project of the shape Lovable exports with no upstream fetch: it renders, deep links answer the app, images are served', async () => {
    const { text, binary } = lovableShapeProject();
    // The save API carries text; until it carries binary files, the images are saved as stand-ins and their bytes put in place behind it.
    await saveProject(t, cookie, 'harbor', { ...text, ...Object.fromEntries(Object.keys(binary).map((path) => [path, 'stand-in'])) });
    const projectId = (await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name: 'harbor' } })).id;
    const projectDir = t.app.get(ProjectStorage).projectDir(projectId);
    for (const [path, bytes] of Object.entries(binary)) await writeFile(join(projectDir, path), bytes);

    const outcome = await runBuild(t, cookie, 'harbor');

    const log = lines(outcome.log);
    expect({ success: outcome.success, tail: outcome.log.slice(-15) }).toMatchObject({ success: true });
    expect(log).toContain('📦 Installing from package-lock.json (npm ci)');
    expect(log).toMatch(/✅ Checked in a browser in [\d.]+ s: no errors/);
    expect(upstreamRequests).toEqual([]);
    for (const path of ['/some/deep/link', '/stats']) {
      const page = await getThroughProxy(t, outcome.previewUrl!, path);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>Harbor Analytics</title>');
    }
    const image = await imageThroughProxy(outcome.previewUrl!, '/placeholder.png');
    expect(image).toEqual({ status: 200, type: 'image/png', bytes: binary['public/placeholder.png'] });
  }, 300_000);

  it('starts the proxy again when it dies', async () => {
    const registry = t.app.get(PackageRegistryService, { strict: false });
    const url = (await registry.platformUrl())!;
    const before = verdaccioPids(t.dataDir);
    expect(before).toHaveLength(1);

    process.kill(before[0]!, 'SIGKILL');

    let answered = false;
    for (let i = 0; i < 100 && !answered; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answered = await fetch(`${url}-/ping`).then(
        (res) => res.ok,
        () => false,
      );
    }
    expect(answered).toBe(true);
    expect(verdaccioPids(t.dataDir)).not.toEqual(before);
  }, 60_000);
});

/** The platform's own Verdaccio processes for this data directory. */
function verdaccioPids(dataDir: string): number[] {
  const config = join(dataDir, 'registry', 'config.yaml');
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(config);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A preview file's status, content type and bytes, through the platform's preview proxy. */
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
