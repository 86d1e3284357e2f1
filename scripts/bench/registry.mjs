// Registry benchmarks (issue 22): the Lovable-shaped fixture, files saved → preview answers 200, through
// the pre-warmed proxy, against `npm ci && vite build` of the same project on the host with a warm npm
// cache, measured in the same run; the same through an empty proxy (every package from the upstream);
// the idle static preview's memory and its disk. Runs the built platform against the real Docker engine.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { verdaccioConfig } from '../../api/dist/sandboxes/verdaccio-config.js';
import { prepareRegistry, registryInstall, upstreamRegistry } from '../lib/registry.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = join(root, 'api', 'test', 'fixtures', 'lovable-shape');
const PORT = Number(process.env.BENCH_REGISTRY_PORT ?? 3393);
const base = `http://127.0.0.1:${PORT}`;
const INSTANCE = `bench-registry-${process.pid}`;
const BINARY = /\.(png|jpe?g|gif|webp|ico)$/i;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function fixtureFiles() {
  const text = {};
  const binary = {};
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (BINARY.test(entry.name)) binary[relative(FIXTURE, path)] = readFileSync(path);
      else text[relative(FIXTURE, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(FIXTURE);
  return { text, binary };
}

/** `npm ci && vite build` on the host, the npm cache warmed by a first install: the baseline. */
function hostBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'forge-bench-lovable-'));
  try {
    cpSync(FIXTURE, dir, { recursive: true });
    const quiet = { cwd: dir, stdio: 'ignore' };
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], quiet);
    rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
    const started = performance.now();
    execFileSync('bash', ['-c', 'npm ci --no-audit --no-fund --loglevel=error && npx vite build'], quiet);
    return performance.now() - started;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function previewStatus(previewUrl) {
  return new Promise((resolve) => {
    const req = httpGet({ host: '127.0.0.1', port: PORT, path: '/', headers: { host: new URL(previewUrl).host }, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** A platform process on its own data directory; `env` adds settings. */
async function startPlatform(env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'forge-bench-registry-'));
  const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, SANDBOX_INSTANCE: INSTANCE, DATA_DIR: dataDir, PORT: String(PORT), LLM_PROVIDER: 'offline', DATABASE_URL: '', AUTOFIX_MAX_ATTEMPTS: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 120_000, 'the platform');
  const cookie = (await fetch(`${base}/api/auth/signup`, { method: 'POST' })).headers.get('set-cookie').split(';')[0];
  const stop = async () => {
    await fetch(`${base}/api/auth/me`, { method: 'DELETE', headers: { Cookie: cookie } }).catch(() => undefined);
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { dataDir, cookie, stop };
}

/**
 * Saves the fixture (its images as stand-ins, their bytes put in place behind the save API, which carries
 * text), then builds it; resolves to the time from the save's answer to the preview's first 200.
 */
async function savedToPreview({ dataDir, cookie }, name) {
  const { text, binary } = fixtureFiles();
  const files = { ...text, ...Object.fromEntries(Object.keys(binary).map((path) => [path, 'stand-in'])) };
  const saved = await fetch(`${base}/api/projects/save`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ projectName: name, files }) });
  if (!saved.ok) throw new Error(`saving ${name} answered ${saved.status}`);
  // Each platform of this bench holds this one project.
  const [projectId] = readdirSync(join(dataDir, 'projects'));
  for (const [path, bytes] of Object.entries(binary)) writeFileSync(join(dataDir, 'projects', projectId, path), bytes);
  const savedAt = performance.now();
  const res = await fetch(`${base}/api/projects/${name}/build`, { method: 'POST', headers: { Cookie: cookie } });
  const decoder = new TextDecoder();
  let pending = '';
  let servedAt = null;
  let previewUrl = null;
  const log = [];
  for await (const chunk of res.body) {
    pending += decoder.decode(chunk, { stream: true });
    const blocks = pending.split('\n\n');
    pending = blocks.pop();
    for (const block of blocks) {
      const data = block
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6);
      if (!data || data === '[DONE]') continue;
      const event = JSON.parse(data);
      if (event.type === 'log') log.push(String(event.data));
      // The platform logs this once the app answered HTTP, before the browser's check.
      if (servedAt === null && event.type === 'log' && String(event.data).startsWith('🔎 Opening the preview')) servedAt = performance.now();
      if (event.type === 'result') previewUrl = event.data.previewUrl;
    }
  }
  if (!previewUrl || servedAt === null) throw new Error(`the build of ${name} failed:\n${log.slice(-20).join('\n')}`);
  if ((await previewStatus(previewUrl)) !== 200) throw new Error(`the preview of ${name} does not answer 200`);
  return { ms: servedAt - savedAt, previewUrl };
}

/**
 * The idle preview's container: the memory it holds (its cgroup's anonymous memory and tmpfs files), the
 * page cache of its disk (files the install and build read, given back under memory pressure) and what
 * docker stats shows, which counts the recently used part of that cache; and its disk.
 */
function idleFootprint(name) {
  const container = execFileSync('docker', ['ps', '-q', '--filter', `label=dev.forge.instance=${INSTANCE}`, '--filter', `label=dev.forge.project=${name}`])
    .toString()
    .trim();
  const stats = JSON.parse(execFileSync('docker', ['stats', '--no-stream', '--format', '{{json .}}', container]).toString());
  // cgroup v1 (rss, cache) or v2 (anon, file), as the container sees its own.
  const memoryStat = execFileSync('docker', ['exec', container, 'bash', '-c', 'cat /sys/fs/cgroup/memory/memory.stat 2>/dev/null || cat /sys/fs/cgroup/memory.stat']).toString();
  const field = (...names) => Number(names.map((key) => new RegExp(`^${key} (\\d+)$`, 'm').exec(memoryStat)?.[1]).find((value) => value !== undefined) ?? 0);
  const disk = execFileSync('docker', ['exec', container, 'bash', '-c', "df -B1 /workspace | awk 'NR==2 { print $3 }'; du -sb /workspace/app/node_modules | cut -f1"]).toString().trim().split('\n');
  return {
    heldBytes: field('rss', 'anon') + field('shmem'),
    cacheBytes: field('cache', 'file') - field('shmem'),
    dockerStats: stats.MemUsage.split(' / ')[0],
    diskBytes: Number(disk[0]),
    nodeModulesBytes: Number(disk[1]),
  };
}

/** A Verdaccio of the platform's recipe with nothing in its storage: every package comes from the upstream. */
async function emptyProxy() {
  const { runner, verdaccioDir } = await registryInstall();
  const dir = mkdtempSync(join(tmpdir(), 'forge-bench-empty-proxy-'));
  writeFileSync(join(dir, 'config.yaml'), verdaccioConfig({ storage: join(dir, 'storage'), upstream: upstreamRegistry(), minReleaseAgeHours: 48, denyPackages: [] }));
  const port = PORT + 1;
  const child = spawn(process.execPath, [runner, join(dir, 'config.yaml'), `127.0.0.1:${port}`, '--exit-with-stdin'], {
    env: { ...process.env, VERDACCIO_DIR: verdaccioDir },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('READY') && resolve());
    child.on('exit', (code) => reject(new Error(`the empty proxy exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function benchRegistry() {
  try {
    execFileSync('docker', ['version'], { stdio: 'ignore' });
  } catch {
    return [['Registry benchmarks', 'skipped: Docker is not running', '', false]];
  }
  await prepareRegistry({ required: true });
  const rows = [];
  const host = hostBuild();

  // 1. Pre-warmed proxy (the managed one, seeded from the pre-warmed storage).
  let platform = await startPlatform({});
  try {
    const warm = await savedToPreview(platform, 'harbor');
    rows.push([
      'Lovable-shaped project: files saved → preview 200, pre-warmed proxy (check not included)',
      seconds(warm.ms),
      `≤ 1.3 × host npm ci && vite build (${seconds(host * 1.3)})`,
      warm.ms <= host * 1.3,
    ]);
    rows.push(['Host `npm ci && vite build` of the same project, warm npm cache', seconds(host), '', true]);
    // 3. The idle static preview, once its check has finished and it has sat a while.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const idle = idleFootprint('harbor');
    rows.push([
      'Idle static preview of that project: memory it holds (anonymous + tmpfs)',
      `${mb(idle.heldBytes)} (its disk's page cache, reclaimable: ${mb(idle.cacheBytes)}; docker stats: ${idle.dockerStats})`,
      '≤ 20 MB',
      idle.heldBytes <= 20 * 1024 * 1024,
    ]);
    rows.push(['Its disk: the sandbox disk in use (node_modules of it)', `${mb(idle.diskBytes)} (${mb(idle.nodeModulesBytes)})`, '', true]);
  } finally {
    await platform.stop();
  }

  // 2. An empty proxy: every package fetched from the upstream registry on the way.
  const proxy = await emptyProxy();
  try {
    platform = await startPlatform({ NPM_REGISTRY_URL: proxy.url });
    const cold = await savedToPreview(platform, 'harbor-cold');
    rows.push(['Same, through an empty proxy (every package from the upstream)', seconds(cold.ms), '', true]);
  } finally {
    await platform.stop();
    await proxy.stop();
  }
  return rows;
}
