// Large single requests (#21 item 6): how long /api/health keeps others waiting while one request saves
// 2,000 files, saves a 30 MB binary file, or reads a 48 MB file (owner's and share's file API). Runs the
// built platform (api/dist) with its embedded PostgreSQL; /api/health is asked every 10 ms throughout.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_FILES_PORT ?? 3393);
const base = `http://127.0.0.1:${PORT}`;
const HEALTH_GOAL_MS = 500;
const MB = 1024 * 1024;

const ms = (value) => `${Math.round(value)} ms`;

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * One request with a prepared body, on a connection of its own (preparing a large body can outlast the
 * server's keep-alive); the answer is drained, not parsed (the client must not be the bottleneck).
 */
function send(cookie, method, path, body) {
  return new Promise((resolve, reject) => {
    const headers = { Cookie: cookie, ...(body ? { 'Content-Type': 'application/json', 'Content-Length': body.length } : {}) };
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `work`, asking /api/health every 10 ms meanwhile: its duration and the slowest health answer. */
async function measured(work) {
  const agent = new Agent({ keepAlive: true });
  let done = false;
  let slowest = 0;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      // A failed health request counts as the slowest answer, not as a crash of the benchmark.
      const answered = await new Promise((resolve) => {
        const req = request(`${base}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
        });
        req.on('error', () => resolve(false));
        req.end();
      });
      slowest = Math.max(slowest, answered ? performance.now() - started : Infinity);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, durationMs: performance.now() - started, slowestHealthMs: slowest };
  } finally {
    done = true;
    await poll;
    agent.destroy();
  }
}

function sourceText(seed, bytes) {
  const line = `export const value${seed} = "a string with \\"quotes\\", a tab\\t and ünïcödé ${seed}";\n`;
  return line.repeat(Math.ceil(bytes / Buffer.byteLength(line)));
}

export async function benchFiles() {
  const dataDir = mkdtempSync(join(tmpdir(), 'forge-bench-files-'));
  const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LLM_PROVIDER: 'offline', DATABASE_URL: '', LIMIT_STORED_MB: '2000', PREVIEW_CHECKS: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const rows = [];
  let cookie = '';
  const row = (what, { result, durationMs, slowestHealthMs }) => {
    if (result.status >= 300) throw new Error(`${what}: answered ${result.status}`);
    rows.push([`Slowest /api/health during ${what} (took ${(durationMs / 1000).toFixed(1)} s)`, ms(slowestHealthMs), `≤ ${HEALTH_GOAL_MS} ms`, slowestHealthMs <= HEALTH_GOAL_MS]);
  };
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 120_000, 'the platform');
    cookie = (await fetch(`${base}/api/auth/signup`, { method: 'POST' })).headers.get('set-cookie').split(';')[0];

    const many = { 'package.json': '{}\n' };
    for (let i = 1; i < 2000; i++) many[`src/module-${Math.floor(i / 100)}/file-${i}.ts`] = sourceText(i, 12 * 1024);
    const manyBody = Buffer.from(JSON.stringify({ projectName: 'many-files', files: many }));
    row(`a 2,000-file save (${Math.round(manyBody.length / MB)} MB of JSON)`, await measured(() => send(cookie, 'POST', '/api/projects/save', manyBody)));

    const binary = Buffer.alloc(30 * MB);
    for (let i = 0; i < binary.length; i += 4096) binary[i] = i % 251;
    const binaryBody = Buffer.from(JSON.stringify({ projectName: 'big-binary', files: { 'package.json': '{}\n', 'public/video.mp4': { base64: binary.toString('base64') } } }));
    row('the save of a 30 MB binary file', await measured(() => send(cookie, 'POST', '/api/projects/save', binaryBody)));

    const line = 'export const ünïcödé = 1; // a line of plain text\n';
    const big = line.repeat(Math.ceil((48 * MB) / Buffer.byteLength(line)));
    const saved = await send(cookie, 'POST', '/api/projects/save', Buffer.from(JSON.stringify({ projectName: 'big-file', files: { 'package.json': '{}\n', 'src/data.ts': big } })));
    if (saved.status !== 201) throw new Error(`saving the 48 MB file: ${saved.status}`);
    row('a 48 MB text file read through the file API', await measured(() => send(cookie, 'GET', '/api/projects/big-file/file/src/data.ts')));
    row('a 30 MB binary file read through the file API', await measured(() => send(cookie, 'GET', '/api/projects/big-binary/file/public/video.mp4')));
  } catch (err) {
    rows.push(['Large requests', `failed: ${err.message}`, '', false]);
  } finally {
    if (cookie) await fetch(`${base}/api/auth/me`, { method: 'DELETE', headers: { Cookie: cookie } }).catch(() => undefined);
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
