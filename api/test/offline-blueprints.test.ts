// Proves every offline starter blueprint writes a v2 project that type-checks and builds inside the
// sandbox image with no network at all (every package it needs is pre-warmed there), and that the
// data apps create their tables, seed them and serve their API and the built client.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BLUEPRINTS } from '../src/agent/offline/blueprints/catalog.js';
import { EXAMPLE_DESCRIPTIONS } from '../src/agent/offline/blueprints/example-descriptions.js';
import { BLUEPRINT_IDS, type BlueprintId } from '../src/agent/offline/describe.js';
import { planProject } from '../src/agent/offline/plan-project.js';
import { sandboxImageTag } from '../src/config/app-config.js';
import { createTestDatabase } from './support/test-database.js';

const IMAGE = process.env.SANDBOX_IMAGE ?? sandboxImageTag(fileURLToPath(new URL('../../sandbox-image', import.meta.url)));
const APP = '/workspace/app';

interface Case {
  id: BlueprintId;
  label: string;
  files: Record<string, string>;
  /** The first example of each data app also runs against a real database. */
  checkDatabase: boolean;
}

interface StepResult {
  ok: boolean;
  output: string;
  ms: number;
}

interface CaseResult {
  dir: string;
  build: StepResult;
  hasIndexHtml: boolean;
  database?: DatabaseCheck;
}

interface DatabaseCheck {
  push: StepResult;
  seed: StepResult;
  reseed: StepResult;
  listed: number;
  /** Every write through the API (publish and comment; place an order) answered 201. */
  wrote: boolean;
  servesApp: boolean;
  error?: string;
}

const cases: Case[] = BLUEPRINT_IDS.flatMap((id) =>
  EXAMPLE_DESCRIPTIONS[id].map((example, index) => ({
    id,
    label: `${id} #${index + 1}`,
    files: planProject(example.description, example.projectName).files,
    checkDatabase: BLUEPRINTS[id].isDataApp && index === 0,
  })),
);

function docker(args: string[], timeoutMs = 300_000): Promise<StepResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile('docker', args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ ok: !error, output: `${stdout}${stderr}${error && !stdout && !stderr ? String(error) : ''}`, ms: Date.now() - started });
    });
  });
}

/** Runs `script` in a fresh container of the sandbox image, the project mounted where sandboxes have it. */
function inSandbox(dir: string, script: string, { network = 'none', env = {} as Record<string, string> } = {}): Promise<StepResult> {
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  return docker(['run', '--rm', '--network', network, ...envArgs, '-v', `${dir}:${APP}`, '-w', APP, IMAGE, 'sh', '-c', script]);
}

async function writeProject(files: Record<string, string>, label: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `forge-blueprint-${label.replace(/\W+/g, '-')}-`));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  // The sandbox's user (uid 1000) writes node_modules and dist/ into it.
  await chmodTree(dir);
  return dir;
}

async function chmodTree(dir: string): Promise<void> {
  await chmod(dir, 0o777);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await chmodTree(path);
    else await chmod(path, 0o666);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, container: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    const running = await docker(['inspect', '-f', '{{.State.Running}}', container]);
    if (running.output.trim() === 'false') throw new Error(`The server exited early:\n${(await docker(['logs', container])).output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within 60 s:\n${(await docker(['logs', container])).output}`);
}

async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

/** Pushes the schema, seeds twice, then reads and writes through the running server: in the sandbox image, on the host's network to reach the database. */
async function checkDatabase(id: BlueprintId, dir: string): Promise<DatabaseCheck> {
  const database = await createTestDatabase();
  const check: DatabaseCheck = { push: { ok: false, output: '', ms: 0 }, seed: { ok: false, output: '', ms: 0 }, reseed: { ok: false, output: '', ms: 0 }, listed: 0, wrote: false, servesApp: false };
  const container = `forge-blueprint-test-${id}-${process.pid}`;
  try {
    await writeFile(join(dir, '.env'), `DATABASE_URL=${database.url}\n`);
    const host = { network: 'host' };
    check.push = await inSandbox(dir, 'npm run --silent db:push', host);
    if (!check.push.ok) return check;
    check.seed = await inSandbox(dir, 'npm run --silent db:seed', host);
    check.reseed = await inSandbox(dir, 'npm run --silent db:seed', host);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const started = await docker(['run', '-d', '--name', container, '--network', 'host', '-e', `PORT=${port}`, '-v', `${dir}:${APP}`, '-w', APP, IMAGE, 'npm', 'start']);
    if (!started.ok) throw new Error(started.output);
    await waitForHealth(baseUrl, container);

    if (id === 'blog') {
      const posts = (await (await fetch(`${baseUrl}/api/posts`)).json()) as unknown[];
      check.listed = posts.length;
      const authors = (await (await fetch(`${baseUrl}/api/authors`)).json()) as Array<{ id: number }>;
      const created = await postJson(`${baseUrl}/api/posts`, { title: 'Hello from the test', body: 'First paragraph.\n\nSecond.', tag: 'Writing', authorId: authors[0].id });
      const comment = await postJson(`${baseUrl}/api/posts/hello-from-the-test/comments`, { authorName: 'Tester', body: 'Nice post' });
      check.wrote = created.status === 201 && comment.status === 201;
    } else if (id === 'shop') {
      const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as Array<{ id: number; stock: number }>;
      check.listed = products.length;
      const product = products.find((p) => p.stock > 0)!;
      const order = await postJson(`${baseUrl}/api/orders`, { customer: { name: 'Tess Ter', email: 'tess@example.com', address: '1 Test Street' }, items: [{ productId: product.id, quantity: 1 }] });
      check.wrote = order.status === 201 && (order.json as { totalCents: number }).totalCents > 0;
    }
    // A deep link of the client (react-router) answers the app.
    const page = await fetch(`${baseUrl}/some/client/route`);
    check.servesApp = page.ok && (await page.text()).includes('<div id="root"></div>');
  } catch (error) {
    check.error = error instanceof Error ? error.message : String(error);
  } finally {
    await docker(['rm', '-f', container]);
    await database.drop();
  }
  return check;
}

async function buildCase(c: Case): Promise<CaseResult> {
  const dir = await writeProject(c.files, c.label);
  // As a sandbox prepares a project (node_modules linked to the image's packages), then the checks a build makes.
  const build = await inSandbox(dir, `node /opt/forge/bin/prepare-workspace.mjs ${APP} && npm run --silent typecheck && npx vite build --logLevel warn`);
  const result: CaseResult = { dir, build, hasIndexHtml: existsSync(join(dir, 'dist', 'index.html')) };
  if (c.checkDatabase && build.ok) result.database = await checkDatabase(c.id, dir);
  return result;
}

/** Runs `task` over `items` with at most `limit` at a time; one promise per item, in order. */
function inParallel<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Array<Promise<R>> {
  const starters: Array<() => void> = [];
  const promises = items.map(
    (item) =>
      new Promise<R>((resolve, reject) => {
        starters.push(() => task(item).then(resolve, reject).finally(startNext));
      }),
  );
  let next = 0;
  function startNext(): void {
    if (next < starters.length) starters[next++]();
  }
  for (let i = 0; i < Math.min(limit, items.length); i++) startNext();
  return promises;
}

/** A step's result in a form whose failure message shows the compiler's or Vite's output. */
const outcome = (step: StepResult) => ({ ok: step.ok, output: step.ok ? '' : step.output });

describe('offline starter blueprints, built in the sandbox image with no network', () => {
  const results = new Map<string, Promise<CaseResult>>();
  const started = Date.now();

  beforeAll(async () => {
    const image = await docker(['image', 'inspect', '--format', '{{.Id}}', IMAGE]);
    if (!image.ok) throw new Error(`The sandbox image ${IMAGE} is missing: build it with node scripts/lib/sandbox-image.mjs`);
    // Data apps (which also meet a database) start first; two at a time on a shared 2-core machine.
    const ordered = [...cases].sort((a, b) => Number(b.checkDatabase) - Number(a.checkDatabase));
    const promises = inParallel(ordered, 2, buildCase);
    ordered.forEach((c, i) => results.set(c.label, promises[i]));
  }, 60_000);

  afterAll(async () => {
    const settled = await Promise.allSettled(results.values());
    const lines = [...results.keys()].map((label, i) => {
      const result = settled[i];
      if (result.status === 'rejected') return `${label}: ${String(result.reason)}`;
      const { build, database } = result.value;
      const db = database ? `, db push ${database.push.ms} ms, seed ${database.seed.ms} ms` : '';
      return `${label}: prepare + tsc + vite build ${build.ms} ms${db}`;
    });
    console.log(`Blueprint builds in ${IMAGE} (total ${Date.now() - started} ms):\n${lines.join('\n')}`);
    await Promise.all(settled.map((r) => (r.status === 'fulfilled' ? rm(r.value.dir, { recursive: true, force: true }) : undefined)));
  }, 60_000);

  it.each(cases.map((c) => [c.label, c] as const))(
    '%s type-checks and builds from the pre-warmed packages alone',
    async (_label, c) => {
      const result = await results.get(c.label)!;
      expect(outcome(result.build)).toEqual({ ok: true, output: '' });
      expect(result.build.output).toContain('All');
      expect(result.build.output).toContain('preinstalled in the sandbox image; nothing to download');
      expect(result.hasIndexHtml).toBe(true);
      const html = await readFile(join(result.dir, 'dist', 'index.html'), 'utf8');
      expect(html).toContain('<div id="root"></div>');
    },
    600_000,
  );

  const databaseCases = cases.filter((c) => c.checkDatabase);
  it.each(databaseCases.map((c) => [c.label, c] as const))(
    '%s creates its tables, seeds them and serves its API and client',
    async (_label, c) => {
      const { database } = await results.get(c.label)!;
      expect(database).toBeDefined();
      expect(database!.error).toBeUndefined();
      expect(outcome(database!.push)).toEqual({ ok: true, output: '' });
      expect(outcome(database!.seed)).toEqual({ ok: true, output: '' });
      expect(database!.seed.output).toMatch(/Seeded/);
      expect(database!.reseed.output).toMatch(/nothing to seed/);
      expect(database!.listed).toBeGreaterThanOrEqual(5);
      expect(database!.wrote).toBe(true);
      expect(database!.servesApp).toBe(true);
    },
    600_000,
  );
});
