// Project database benchmarks: the first build's automatic initialize of the blog blueprint's database
// (provision, db:push, db:seed) and one by hand after it, one page of table data, a restore
// point's snapshot and a restore of code and data, the
// idle memory of a running data app's sandbox, and what the account's connection check adds to a login. Runs the built platform with its default embedded
// projects' server, against the real Docker engine.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_DATABASE_PORT ?? 3392);
const base = `http://127.0.0.1:${PORT}`;
const BLOG_PROMPT = 'A food blog called Fork Notes with recipes and comments';

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms) => `${ms.toFixed(1)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function readStream(res) {
  return (await res.text())
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .find((l) => l.startsWith('data: '))
        ?.slice(6),
    )
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data));
}

async function generate(cookie, name, prompt) {
  const res = await fetch(`${base}/api/jobs/start`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ prompt, projectName: name }) });
  const { jobId } = await res.json();
  await readStream(await fetch(`${base}/api/jobs/${jobId}/stream`, { headers: { Cookie: cookie } }));
}

async function build(cookie, name) {
  const events = await readStream(await fetch(`${base}/api/projects/${name}/build`, { method: 'POST', headers: { Cookie: cookie } }));
  const result = events.find((e) => e.type === 'result')?.data;
  return { success: result?.success === true, previewUrl: result?.previewUrl ?? null, log: events.filter((e) => e.type === 'log').map((e) => e.data) };
}

function containerOf(project) {
  return (
    execFileSync('docker', ['ps', '-q', '--filter', `label=dev.forge.project=${project}`])
      .toString()
      .trim()
      .split('\n')[0] || null
  );
}

function previewApi(previewUrl, path) {
  return new Promise((resolve) => {
    const req = httpGet({ host: '127.0.0.1', port: PORT, path, headers: { host: new URL(previewUrl).host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', () => resolve(0));
  });
}

/**
 * The container's memory as its cgroup counts it (`docker stats`: processes and its tmpfs files),
 * and each process's proportional share (PSS: shared pages such as Node's own split between them).
 */
function sandboxMemory(container) {
  const stats = JSON.parse(execFileSync('docker', ['stats', '--no-stream', '--format', '{{json .}}', container]).toString());
  const script =
    'for p in /proc/[0-9]*; do pss=$(awk \'/^Pss:/ {print $2}\' $p/smaps_rollup 2>/dev/null); cmd=$(tr "\\0" " " < $p/cmdline 2>/dev/null | cut -c1-60); [ -n "$pss" ] && echo "$pss $cmd"; done';
  const lines = execFileSync('docker', ['exec', container, 'bash', '-c', script]).toString().trim().split('\n');
  const processes = lines
    .map((line) => ({ pss: Number(line.split(' ')[0]) * 1024, command: line.slice(line.indexOf(' ') + 1) }))
    .filter((p) => p.command && !/^(sleep|bash -c for|awk|tr|cut|\/sbin\/docker-init)/.test(p.command));
  return { container: stats.MemUsage.split(' / ')[0], pss: processes.reduce((sum, p) => sum + p.pss, 0), processes };
}

/** The projects' server backends serving a project's role: the app's database connections. */
function connectionsOf(role) {
  const out = execFileSync('bash', ['-c', `ps -eo rss=,args= | grep "postgres: ${role} " | grep -v grep || true`])
    .toString()
    .trim();
  const lines = out ? out.split('\n') : [];
  return { count: lines.length, rss: lines.reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[0]) * 1024, 0) };
}

/**
 * Logins of a role in an account's group into a database with the platform's login check, and into
 * one without it, on the embedded projects' server (its administrator's credentials are under DATA_DIR).
 */
async function loginCost(dataDir) {
  const { password, port } = JSON.parse(readFileSync(join(dataDir, 'projects-postgres-credentials.json'), 'utf8'));
  const { LOGIN_GUARD_SQL } = await import(join(root, 'api/dist/project-databases/database-guards.sql.js'));
  const admin = (database = 'postgres') => new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database });
  // Each role may log in to the database of its own name only (pg_hba.conf's sameuser).
  const [checked, plain] = ['forge_p_' + 'bc'.repeat(12), 'forge_p_' + 'bd'.repeat(12)];
  const group = 'forge_a_' + 'be'.repeat(12);
  const setup = admin();
  await setup.connect();
  const cleanUp = async () => {
    for (const name of [checked, plain]) await setup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const name of [checked, plain, group]) await setup.query(`DROP ROLE IF EXISTS ${name}`);
  };
  try {
    await cleanUp();
    await setup.query(`CREATE ROLE ${group} NOLOGIN CONNECTION LIMIT 20`);
    for (const name of [checked, plain]) {
      await setup.query(`CREATE ROLE ${name} LOGIN PASSWORD 'bench-password' IN ROLE ${group}`);
      await setup.query(`CREATE DATABASE ${name} OWNER ${name}`);
    }
    const guard = admin(checked);
    await guard.connect();
    await guard.query(LOGIN_GUARD_SQL);
    await guard.end();
    const login = async (name) => {
      const started = performance.now();
      const client = new pg.Client({ host: '127.0.0.1', port, user: name, password: 'bench-password', database: name });
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return performance.now() - started;
    };
    // Taken in turns, so the machine's other load weighs on both alike.
    const times = { checked: [], plain: [] };
    for (let i = 0; i < 100; i++) {
      times.checked.push(await login(checked));
      times.plain.push(await login(plain));
    }
    const p50 = (list) => list.sort((a, b) => a - b)[50];
    return { withCheck: p50(times.checked), without: p50(times.plain) };
  } finally {
    await cleanUp();
    await setup.end();
  }
}

/** The platform's own snapshot code (built), on the embedded projects' server, against the blog's database. */
async function snapshotTime(dataDir, database) {
  const { password, port } = JSON.parse(readFileSync(join(dataDir, 'projects-postgres-credentials.json'), 'utf8'));
  const { loadConfig } = await import(join(root, 'api/dist/config/app-config.js'));
  const { ProjectsServerConnections } = await import(join(root, 'api/dist/project-databases/projects-server.connections.js'));
  const { DatabaseLimitsDriver } = await import(join(root, 'api/dist/project-databases/database-limits.driver.js'));
  const { DatabaseSnapshotsDriver } = await import(join(root, 'api/dist/project-databases/database-snapshots.driver.js'));
  const config = loadConfig({ DATA_DIR: dataDir });
  const connections = new ProjectsServerConnections({ adminUrl: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, sandboxHost: null, sandboxPort: port });
  const driver = new DatabaseSnapshotsDriver(config, connections, new DatabaseLimitsDriver(config, connections));
  const times = [];
  try {
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await driver.dump(database, join(dataDir, `bench-${i}.gz`), 20 * 1024 * 1024);
      times.push(performance.now() - started);
    }
  } finally {
    await connections.onModuleDestroy();
  }
  return times.sort((a, b) => a - b)[2];
}

export async function benchDatabases() {
  try {
    execFileSync('docker', ['version'], { stdio: 'ignore' });
  } catch {
    return [['Project database benchmarks', 'skipped: Docker is not running', '', false]];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'forge-bench-databases-'));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LLM_PROVIDER: 'offline', OFFLINE_AGENT_CHARS_PER_SECOND: '0', DATABASE_URL: '', PROJECTS_DATABASE_URL: '' };
  const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const rows = [];
  let cookie = '';
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 120_000, 'the platform');
    const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST' });
    cookie = signup.headers.get('set-cookie').split(';')[0];
    const headers = { Cookie: cookie, 'Content-Type': 'application/json' };

    // 1. The blog, generated: the build that follows sets its database up by itself (provision, push, seed).
    await generate(cookie, 'fork-notes', BLOG_PROMPT);
    const built = await build(cookie, 'fork-notes');
    const autoLine = built.log.find((line) => line.startsWith('✅ Database initialized and seeded in')) ?? '';
    const autoSeconds = Number(/in ([\d.]+) s/.exec(autoLine)?.[1] ?? NaN);
    rows.push(['First build of a data app: automatic initialize (blog: provision + push + seed)', autoLine ? `${autoSeconds.toFixed(1)} s` : 'did not run', '≤ 5 s', autoSeconds <= 5]);
    const apiStatus = built.previewUrl ? await previewApi(built.previewUrl, '/api/posts') : 0;
    rows.push(["Its preview's API right after the build (GET /api/posts)", String(apiStatus), '200', apiStatus === 200]);

    // 2. One page of table data: the first (connecting as the project's role), then warm.
    const page = (n) => fetch(`${base}/api/projects/fork-notes/database/tables/posts/data?page=${n}&pageSize=10`, { headers: { Cookie: cookie } });
    let t0 = performance.now();
    await (await page(1)).json();
    const firstPage = performance.now() - t0;
    const times = [];
    for (let i = 0; i < 50; i++) {
      t0 = performance.now();
      const res = await page(1 + (i % 2));
      await res.json();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const p95 = times[Math.floor(times.length * 0.95)];
    rows.push(['A data page (10 rows of posts), median of 50 over HTTP', `${millis(median)} (p95 ${millis(p95)})`, '≤ 20 ms', median <= 20]);
    rows.push(["The first data page (opens the project role's connection)", millis(firstPage), '', true]);

    // 3. Idle memory of that running data app's sandbox, after one request opened its pool.
    const role = /postgresql:\/\/(forge_p_[0-9a-f]+)@/.exec((await (await fetch(`${base}/api/database/auto-url?project=fork-notes`, { headers: { Cookie: cookie } })).json()).url)?.[1];
    const afterRequest = connectionsOf(role);
    await new Promise((r) => setTimeout(r, 15_000));
    const memory = sandboxMemory(containerOf('fork-notes'));
    const idle = connectionsOf(role);
    const share = memory.processes.map((p) => `${p.command.split(' ')[0].split('/').pop()} ${mb(p.pss)}`).join(', ');
    rows.push(['Idle data app sandbox: its processes (PSS)', `${mb(memory.pss)}: ${share}`, '≤ 80 MB', memory.pss <= 80 * 1024 * 1024]);
    rows.push([
      'Idle data app sandbox: container memory (cgroup, incl. its tmpfs files)',
      memory.container,
      '≤ 80 MB',
      parseFloat(memory.container) * (memory.container.includes('GiB') ? 1024 : 1) <= 80,
    ]);
    rows.push(["Its database connections (backends on the projects' server)", `${afterRequest.count} after a request (${mb(afterRequest.rss)}), ${idle.count} when idle`, '', true]);

    const again = performance.now();
    const init = await fetch(`${base}/api/projects/fork-notes/database/initialize`, { method: 'POST', headers, body: JSON.stringify({ runSeed: true, useAutoUrl: true }) });
    if (!init.ok) throw new Error(`initialize failed: ${await init.text()}`);
    rows.push(['Initialize with seed by hand, blog initialized (copy + push + seed, nothing to change)', seconds(performance.now() - again), '≤ 5 s', performance.now() - again <= 5000]);

    // 4. Restore points: the snapshot of the seeded blog a version keeps, and a restore of code and data.
    const snapshotMs = await snapshotTime(dataDir, role);
    rows.push(['Snapshot of the seeded blog at version time (schema + rows to a gzip file), median of 5', millis(snapshotMs), '≤ 500 ms', snapshotMs <= 500]);
    await readStream(await fetch(`${base}/api/projects/fork-notes/edit`, { method: 'POST', headers, body: JSON.stringify({ modificationRequest: 'Change the heading to Fork Notes Daily' }) }));
    const { versions } = await (await fetch(`${base}/api/projects/fork-notes/versions`, { headers: { Cookie: cookie } })).json();
    const point = versions.find((version) => version.data);
    if (!point) throw new Error(`no version kept its data: ${JSON.stringify(versions.map((v) => v.dataNote))}`);
    const restoreStarted = performance.now();
    const restored = await fetch(`${base}/api/projects/fork-notes/versions/${point.id}/restore`, { method: 'POST', headers, body: JSON.stringify({ withData: true }) });
    const restoreMs = performance.now() - restoreStarted;
    if (!restored.ok) throw new Error(`restore failed: ${await restored.text()}`);
    rows.push([`Restore of code and data (blog, ${(point.data.bytes / 1024).toFixed(0)} KB snapshot): load, files, swap, app restart`, seconds(restoreMs), '≤ 3 s', restoreMs <= 3000]);
    await build(cookie, 'fork-notes');

    // 5. A login with the account's connection check (a login event trigger) against one without.
    const { withCheck, without } = await loginCost(dataDir);
    rows.push([
      "A project role's login (connect, SELECT 1, close), p50 of 100: with the account's connection check / without",
      `${millis(withCheck)} / ${millis(without)}`,
      // Paid once per connection an app's pool opens, not per query.
      '≤ 10 ms more',
      withCheck - without <= 10,
    ]);
  } finally {
    if (cookie) await fetch(`${base}/api/auth/me`, { method: 'DELETE', headers: { Cookie: cookie } }).catch(() => undefined);
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
