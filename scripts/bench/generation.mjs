// Generation benchmarks (issue: parser throughput, token-to-viewer latency with 50 jobs, replay time).
// Runs against the built platform (api/dist) in a child process, with a local fake model server.
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { FileStreamParser } from '../../protocol/dist/file-stream.js';
import { makeDeltas } from './transcript.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const JOBS = Number(process.env.BENCH_JOBS ?? 50);

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function benchParser() {
  const transcript = makeDeltas(0).join('');
  const chunks = makeDeltas(0);
  const rounds = 40;
  let start = performance.now();
  for (let r = 0; r < rounds; r++) {
    const parser = new FileStreamParser();
    for (const chunk of chunks) parser.push(chunk);
    parser.end();
  }
  const chunked = (transcript.length * rounds) / 1e6 / ((performance.now() - start) / 1000);
  start = performance.now();
  for (let r = 0; r < rounds; r++) {
    const parser = new FileStreamParser();
    parser.push(transcript);
    parser.end();
  }
  const whole = (transcript.length * rounds) / 1e6 / ((performance.now() - start) / 1000);
  return { chunked, whole };
}

function startFakeModel() {
  const child = fork(join(root, 'scripts/bench/fake-model.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = (request) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      if (request) child.send(request);
    });
  return ask(null).then(({ url }) => ({
    url,
    /** When the model sent each tagged line (epoch ms, comparable across processes). */
    sentAt: async () => new Map((await ask('report')).sentAt),
    stop: () => new Promise((resolve) => {
      child.once('exit', resolve);
      child.send('stop');
    }),
  }));
}

async function waitForHealth(base) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the platform did not start');
}

/** Reads one job stream, recording when each tagged line arrives. */
async function follow(base, cookie, jobId, arrivals, headers = {}) {
  const res = await fetch(`${base}/api/jobs/${jobId}/stream`, { headers: { Cookie: cookie, ...headers } });
  const decoder = new TextDecoder();
  let pending = '';
  let events = 0;
  for await (const bytes of res.body) {
    pending += decoder.decode(bytes, { stream: true });
    let split;
    while ((split = pending.indexOf('\n\n')) !== -1) {
      const block = pending.slice(0, split);
      pending = pending.slice(split + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '))?.slice(6);
      if (!data) continue;
      events++;
      if (data === '[DONE]') return events;
      if (arrivals) arrivals.push([performance.timeOrigin + performance.now(), data]);
    }
  }
  return events;
}

export async function benchGeneration() {
  const rows = [];
  const parser = benchParser();
  rows.push(['Parser throughput, 40-byte chunks', `${parser.chunked.toFixed(0)} MB/s`, '≥ 50 MB/s', parser.chunked >= 50]);
  rows.push(['Parser throughput, whole transcript', `${parser.whole.toFixed(0)} MB/s`, '≥ 50 MB/s', parser.whole >= 50]);

  const model = await startFakeModel();
  const dataDir = mkdtempSync(join(tmpdir(), 'forge-bench-'));
  const port = 3400 + Math.floor(Math.random() * 400);
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: model.url, LLM_MAX_RETRIES: '0' };
  delete env.DATABASE_URL;
  const app = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROFILE] : []), join(root, 'api/dist/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForHealth(base);
    const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST' });
    const cookie = signup.headers.get('set-cookie').split(';')[0];

    const arrivals = [];
    const started = performance.now();
    const jobIds = await Promise.all(
      Array.from({ length: JOBS }, async (_, i) => {
        const res = await fetch(`${base}/api/jobs/start`, {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: JSON.stringify({ prompt: 'bench', projectName: `bench-${i}` }),
        });
        return (await res.json()).jobId;
      }),
    );
    await Promise.all(jobIds.map((id) => follow(base, cookie, id, arrivals)));
    const elapsed = (performance.now() - started) / 1000;
    const sentAt = await model.sentAt();
    const latencies = [];
    for (const [at, data] of arrivals) {
      for (const match of data.matchAll(/'(j\d+s\d+)'/g)) {
        const sent = sentAt.get(match[1]);
        if (sent !== undefined) latencies.push(at - sent);
      }
    }
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    rows.push([`Token → viewer latency, ${JOBS} jobs at once (p50)`, `${p50.toFixed(1)} ms`, '', true]);
    rows.push([`Token → viewer latency, ${JOBS} jobs at once (p99)`, `${p99.toFixed(1)} ms`, '≤ 25 ms', p99 <= 25]);
    rows.push([`${JOBS} × 200 KB jobs streamed and saved`, `${elapsed.toFixed(1)} s`, '', true]);

    const replays = [];
    for (const id of jobIds.slice(0, 10)) {
      const start = performance.now();
      await follow(base, cookie, id, null);
      replays.push(performance.now() - start);
    }
    const replay = percentile(replays, 50);
    rows.push(['Replay of a finished 200 KB job to a new viewer (median of 10)', `${replay.toFixed(1)} ms`, '< 100 ms', replay < 100]);
  } finally {
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
    await model.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
