// Edit benchmarks (issue: an edit applied → the preview shows it, for a one-line edit of the reference
// app; the version list of a project with 200 versions). Runs the built platform (api/dist) with the
// offline agent, which makes the heading edit without a model, against the real Docker engine.
import { execFileSync, spawn } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_EDITS_PORT ?? 3392);
const base = `http://127.0.0.1:${PORT}`;
const REFERENCE_PROMPT = 'A landing page for a coffee roaster called "Bean There", in warm brown';
const EDITS = Number(process.env.BENCH_EDITS ?? 7);
const VERSIONS = 200;

const ms = (value) => `${Math.round(value)} ms`;
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function waitFor(check, timeoutMs, what, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** GET through the platform's port with the preview's host name, as a browser on *.localhost does. */
function previewGet(previewUrl, path) {
  return new Promise((resolve) => {
    const req = httpGet({ host: '127.0.0.1', port: PORT, path, headers: { host: new URL(previewUrl).host } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
  });
}

/** Whether the page the preview serves now carries `text` (in its HTML or its script bundle). */
async function previewShows(previewUrl, text) {
  const page = await previewGet(previewUrl, '/');
  if (page.status !== 200) return false;
  if (page.body.includes(text)) return true;
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
  return script ? (await previewGet(previewUrl, script)).body.includes(text) : false;
}

/** Reads a server-sent event stream, handing each parsed event to `onEvent` as it arrives. */
async function readEvents(res, onEvent) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '))
        ?.slice(6);
      buffer = buffer.slice(end + 2);
      if (data && data !== '[DONE]') onEvent(JSON.parse(data));
    }
  }
}

async function api(cookie, method, path, body) {
  const res = await fetch(`${base}${path}`, { method, headers: { Cookie: cookie, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

async function generate(cookie, name) {
  const { jobId } = await (await api(cookie, 'POST', '/api/jobs/start', { prompt: REFERENCE_PROMPT, projectName: name })).json();
  await (await api(cookie, 'GET', `/api/jobs/${jobId}/stream`)).text();
}

async function build(cookie, name) {
  let previewUrl = null;
  await readEvents(await api(cookie, 'POST', `/api/projects/${name}/build`), (event) => {
    if (event.type === 'result' && event.data.success) previewUrl = event.data.previewUrl;
  });
  if (!previewUrl) throw new Error(`the build of ${name} failed`);
  return previewUrl;
}

/** One heading edit: from the moment the edit is on disk until the preview serves it. */
async function timedEdit(cookie, name, previewUrl, heading) {
  let appliedAt = null;
  let failure = null;
  let shownAt = null;
  const watching = (async () => {
    await waitFor(async () => appliedAt !== null || failure !== null, 120_000, 'the edit to apply', 5);
    if (failure) return;
    await waitFor(() => previewShows(previewUrl, heading), 60_000, 'the preview to show the edit', 20).catch(async (err) => {
      const page = await previewGet(previewUrl, '/');
      console.error(page.status, page.body.slice(0, 600));
      throw err;
    });
    shownAt = performance.now();
  })();
  await readEvents(await api(cookie, 'POST', `/api/projects/${name}/edit`, { modificationRequest: `Change the heading to "${heading}"` }), (event) => {
    if (event.type === 'file_changed' && appliedAt === null) appliedAt = performance.now();
    if (event.type === 'error') failure = event.message;
  });
  await watching;
  if (failure) throw new Error(`the edit failed: ${failure}`);
  return shownAt - appliedAt;
}

export async function benchEdits() {
  try {
    execFileSync('docker', ['version'], { stdio: 'ignore' });
  } catch {
    return [['Edit benchmarks', 'skipped: Docker is not running', '', false]];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'forge-bench-edits-'));
  const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LLM_PROVIDER: 'offline', OFFLINE_AGENT_CHARS_PER_SECOND: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const rows = [];
  let cookie = '';
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 120_000, 'the platform');
    cookie = (await fetch(`${base}/api/auth/signup`, { method: 'POST' })).headers.get('set-cookie').split(';')[0];

    // 1. The reference app, built and previewed; then one-line edits of its heading, each until the preview shows it.
    await generate(cookie, 'reference');
    const previewUrl = await build(cookie, 'reference');
    const times = [];
    for (let i = 1; i <= EDITS; i++) times.push(await timedEdit(cookie, 'reference', previewUrl, `Fresh beans, batch ${i}`));
    const p50 = percentile(times, 50);
    rows.push([`Edit applied → preview shows it (one-line edit of the reference app, p50 of ${EDITS})`, seconds(p50), '≤ 1.50 s', p50 <= 1500]);
    rows.push(['  same, slowest', seconds(Math.max(...times)), '', true]);

    // 2. The history of a project with 200 versions, listed.
    const files = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`src/file${i}.ts`, `export const value${i} = 0;\n`]));
    for (let v = 0; v < VERSIONS; v++) {
      await api(cookie, 'POST', '/api/projects/save', { projectName: 'history', files: { ...files, 'src/file0.ts': `export const value0 = ${v};\n` } });
    }
    const listTimes = [];
    let count = 0;
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      const { versions } = await (await api(cookie, 'GET', '/api/projects/history/versions')).json();
      listTimes.push(performance.now() - started);
      count = versions.length;
    }
    const listP50 = percentile(listTimes, 50);
    rows.push([`Version list of a project with ${count} versions (p50 of 30)`, ms(listP50), '≤ 50 ms', count === VERSIONS && listP50 <= 50]);
  } finally {
    if (cookie) await fetch(`${base}/api/auth/me`, { method: 'DELETE', headers: { Cookie: cookie } }).catch(() => undefined);
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
