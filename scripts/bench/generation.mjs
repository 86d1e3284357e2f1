// Generation benchmarks (issue: parser throughput, token-to-viewer latency with 50 jobs, replay time).
// Runs against the built platform (api/dist) in a child process, with a local fake model server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { FileStreamParser, fileStartMarker, FILE_END_MARKER } from '../../protocol/dist/file-stream.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const JOBS = Number(process.env.BENCH_JOBS ?? 50);
const PROJECT_BYTES = 200 * 1024;

/** A 200 KB project transcript whose lines carry a sequence number, split into model-sized deltas. */
function makeDeltas(jobIndex) {
  const deltas = [];
  let size = 0;
  let seq = 0;
  let file = 0;
  while (size < PROJECT_BYTES) {
    const header = `${fileStartMarker(`src/module${file++}.ts`)}\n`;
    deltas.push(header);
    size += header.length;
    for (let line = 0; line < 60 && size < PROJECT_BYTES; line++) {
      const text = `export const value${seq} = 'j${jobIndex}s${seq}'; // some generated code\n`;
      // Models send a few tokens at a time: split each line in two deltas.
      deltas.push(text.slice(0, 30), text.slice(30));
      size += text.length;
      seq++;
    }
    deltas.push(`${FILE_END_MARKER}\n`);
  }
  return deltas;
}

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

/** Sent-at times (ms, shared monotonic clock) of every tagged line, per job. */
const sentAt = new Map();

async function startFakeModel() {
  let jobIndex = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const index = jobIndex++;
      const deltas = makeDeltas(index);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const write = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      write('message_start', { message: { id: 'm', type: 'message', role: 'assistant', model: 'bench', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } });
      write('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      for (let i = 0; i < deltas.length; i++) {
        const tag = /'(j\d+s\d+)'/.exec(deltas[i]);
        if (tag) sentAt.set(tag[1], performance.timeOrigin + performance.now());
        write('content_block_delta', { index: 0, delta: { type: 'text_delta', text: deltas[i] } });
        // As fast as it can, while letting the socket drain.
        if (i % 20 === 0) await new Promise((r) => setImmediate(r));
      }
      write('content_block_stop', { index: 0 });
      write('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 50000 } });
      write('message_stop', {});
      res.end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
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
async function follow(base, cookie, jobId, latencies, headers = {}) {
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
      if (latencies) {
        const now = performance.timeOrigin + performance.now();
        for (const match of data.matchAll(/'(j\d+s\d+)'/g)) {
          const sent = sentAt.get(match[1]);
          if (sent !== undefined) latencies.push(now - sent);
        }
      }
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
  const app = spawn(process.execPath, [join(root, 'api/dist/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForHealth(base);
    const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST' });
    const cookie = signup.headers.get('set-cookie').split(';')[0];

    const latencies = [];
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
    await Promise.all(jobIds.map((id) => follow(base, cookie, id, latencies)));
    const elapsed = (performance.now() - started) / 1000;
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
    model.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
