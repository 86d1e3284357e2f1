// Proves every offline starter blueprint writes a project that type-checks and builds, and that
// the data apps create their tables, seed them and serve their API and the built client.
// Dependencies are installed once into a cache directory named by a hash of the dependency list
// and shared by every project through a node_modules symlink.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BLUEPRINTS } from '../src/agent/offline/blueprints/catalog.js';
import { EXAMPLE_DESCRIPTIONS } from '../src/agent/offline/blueprints/example-descriptions.js';
import { BLUEPRINT_IDS, type BlueprintId } from '../src/agent/offline/describe.js';
import { planProject } from '../src/agent/offline/plan-project.js';
import { createTestDatabase } from './support/test-database.js';

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
  typecheck: StepResult;
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

function unionOfDependencies(): Record<string, string> {
  const all: Record<string, string> = {};
  for (const { files } of cases) {
    const pkg = JSON.parse(files['package.json']) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    Object.assign(all, pkg.dependencies, pkg.devDependencies);
  }
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
}

const dependencies = unionOfDependencies();
const depsHash = createHash('sha256').update(JSON.stringify(dependencies)).digest('hex').slice(0, 16);
const depsDir = join(tmpdir(), `forge-blueprint-deps-${depsHash}`);

/** The environment for child processes: no test-runner or npm-workspace settings leaking in. */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const keepNpm = new Set(['npm_config_registry', 'npm_config_cafile', 'npm_config_strict_ssl', 'npm_config_proxy', 'npm_config_https_proxy', 'npm_config_cache']);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('npm_') && !keepNpm.has(key.toLowerCase())) continue;
    if (['NODE_ENV', 'NODE_OPTIONS', 'DATABASE_URL', 'PORT', 'JEST_WORKER_ID'].includes(key)) continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

function runStep(command: string, args: string[], cwd: string, timeoutMs = 180_000): Promise<StepResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: childEnv(), timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ ok: !error, output: `${stdout}${stderr}${error && !stdout && !stderr ? String(error) : ''}`, ms: Date.now() - started });
    });
  });
}

async function ensureDependencies(): Promise<void> {
  if (existsSync(join(depsDir, '.complete'))) return;
  const staging = `${depsDir}.staging-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  await writeFile(join(staging, 'package.json'), JSON.stringify({ name: 'forge-blueprint-deps', private: true, type: 'module', dependencies }, null, 2));
  const install = await runStep('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], staging, 600_000);
  if (!install.ok) throw new Error(`npm install of the blueprint dependencies failed:\n${install.output}`);
  await writeFile(join(staging, '.complete'), new Date().toISOString());
  await rm(depsDir, { recursive: true, force: true });
  try {
    await rename(staging, depsDir);
  } catch {
    // Another run finished first; its copy is as good as ours.
    await rm(staging, { recursive: true, force: true });
  }
}

async function writeProject(files: Record<string, string>, label: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `forge-blueprint-${label.replace(/\W+/g, '-')}-`));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  await symlink(join(depsDir, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const bin = (dir: string, name: string) => join(dir, 'node_modules', '.bin', name);

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

async function waitForHealth(baseUrl: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer /api/health within 30 s:\n${log()}`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // tsx runs the app in a child process: signal the whole group this test started.
  process.kill(-server.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: await response.json() };
}

/** Pushes the schema, seeds twice, then reads and writes through the running server. */
async function checkDatabase(id: BlueprintId, dir: string): Promise<DatabaseCheck> {
  const database = await createTestDatabase();
  const check: DatabaseCheck = { push: { ok: false, output: '', ms: 0 }, seed: { ok: false, output: '', ms: 0 }, reseed: { ok: false, output: '', ms: 0 }, listed: 0, wrote: false, servesApp: false };
  let server: ChildProcess | undefined;
  try {
    await writeFile(join(dir, '.env'), `DATABASE_URL=${database.url}\n`);
    check.push = await runStep(bin(dir, 'drizzle-kit'), ['push', '--force'], dir);
    if (!check.push.ok) return check;
    check.seed = await runStep(bin(dir, 'tsx'), ['db/seed.ts'], dir);
    check.reseed = await runStep(bin(dir, 'tsx'), ['db/seed.ts'], dir);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    let log = '';
    server = spawn(bin(dir, 'tsx'), ['server/index.ts'], { cwd: dir, env: childEnv({ PORT: String(port) }), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitForHealth(baseUrl, server, () => log);

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
    const page = await fetch(`${baseUrl}/some/client/route`);
    check.servesApp = page.ok && (await page.text()).includes('<div id="root"></div>');
  } catch (error) {
    check.error = error instanceof Error ? error.message : String(error);
  } finally {
    if (server) await stopServer(server);
    await database.drop();
  }
  return check;
}

async function buildCase(c: Case): Promise<CaseResult> {
  const dir = await writeProject(c.files, c.label);
  const typecheck = await runStep(bin(dir, 'tsc'), ['--noEmit', '-p', '.'], dir);
  const build = await runStep(bin(dir, 'vite'), ['build', '--logLevel', 'warn'], dir);
  const result: CaseResult = { dir, typecheck, build, hasIndexHtml: existsSync(join(dir, 'dist', 'index.html')) };
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

describe('offline starter blueprints', () => {
  const results = new Map<string, Promise<CaseResult>>();
  const started = Date.now();
  let installMs = 0;

  beforeAll(async () => {
    const installStarted = Date.now();
    await ensureDependencies();
    installMs = Date.now() - installStarted;
    // Longest pipelines (data apps, which also meet a database) start first.
    const ordered = [...cases].sort((a, b) => Number(b.checkDatabase) - Number(a.checkDatabase));
    const promises = inParallel(ordered, Math.max(2, Math.min(4, availableParallelism())), buildCase);
    ordered.forEach((c, i) => results.set(c.label, promises[i]));
  }, 600_000);

  afterAll(async () => {
    const settled = await Promise.allSettled(results.values());
    const lines = [...results.keys()].map((label, i) => {
      const result = settled[i];
      if (result.status === 'rejected') return `${label}: ${String(result.reason)}`;
      const { typecheck, build, database } = result.value;
      const db = database ? `, db push ${database.push.ms} ms, seed ${database.seed.ms} ms` : '';
      return `${label}: tsc ${typecheck.ms} ms, vite build ${build.ms} ms${db}`;
    });
    console.log(`Blueprint builds (deps ${installMs} ms, total ${Date.now() - started} ms):\n${lines.join('\n')}`);
    await Promise.all(settled.map((r) => (r.status === 'fulfilled' ? rm(r.value.dir, { recursive: true, force: true }) : undefined)));
  }, 60_000);

  it.each(cases.map((c) => [c.label, c] as const))(
    '%s type-checks and builds',
    async (_label, c) => {
      const result = await results.get(c.label)!;
      expect(outcome(result.typecheck)).toEqual({ ok: true, output: '' });
      expect(outcome(result.build)).toEqual({ ok: true, output: '' });
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
