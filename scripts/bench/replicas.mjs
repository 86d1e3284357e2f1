// Scale-out benchmarks: two replicas of the built platform (api/dist) on one PostgreSQL and one
// DATA_DIR, against one replica alone. Token → viewer latency for viewers on the replica that does
// not run the jobs (their events come through the database and its notifications), and how many
// jobs two replicas start and finish per second against one.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../../api/dist/platform-db/embedded-postgres.js';
import { BENCH_ACCOUNT_LIMITS, follow, percentile, startFakeModel, waitForHealth } from './generation.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const JOBS = Number(process.env.BENCH_JOBS ?? 50);
const PACED_CHARS_PER_SECOND = 1000;
const PACED_CHARS = 30 * 1024;
/** Jobs of the throughput run: the offline agent writing a starter project as fast as it can. */
const THROUGHPUT_JOBS = Number(process.env.BENCH_THROUGHPUT_JOBS ?? 120);

/** The two PostgreSQL servers replicas share: the platform's and the projects'. */
async function startDatabases() {
  const dir = mkdtempSync(join(tmpdir(), 'forge-bench-replicas-pg-'));
  const quiet = () => {};
  const platform = await startEmbeddedPostgres(dir, quiet);
  const projects = await startEmbeddedPostgres(dir, quiet, { name: 'projects-postgres', database: null });
  return {
    platformUrl: platform.url,
    projectsUrl: projects.url,
    stop: async () => {
      await platform.stop();
      await projects.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startReplica(shared, env) {
  const port = 3400 + Math.floor(Math.random() * 400);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    env: {
      ...process.env,
      ...BENCH_ACCOUNT_LIMITS,
      ...env,
      PORT: String(port),
      DATA_DIR: shared.dataDir,
      DATABASE_URL: shared.platformUrl,
      PROJECTS_DATABASE_URL: shared.projectsUrl,
      // Jobs only: no sandboxes are started for the projects they write.
      DOCKER_HOST: 'unix:///nonexistent/docker.sock',
      PREVIEW_CHECKS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(base);
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

async function signUp(base) {
  const res = await fetch(`${base}/api/auth/signup`, { method: 'POST' });
  return res.headers.get('set-cookie').split(';')[0];
}

async function startJob(base, cookie, prompt, projectName) {
  const res = await fetch(`${base}/api/jobs/start`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ prompt, projectName }),
  });
  if (res.status !== 201) throw new Error(`starting a job answered ${res.status}: ${await res.text()}`);
  return (await res.json()).jobId;
}

/** JOBS paced generations run on `runner`; each is followed from `viewer`, the other replica. */
async function crossReplicaLatency(runner, viewer, model) {
  const cookie = await signUp(viewer.base);
  const arrivals = [];
  await Promise.all(
    Array.from({ length: JOBS }, async (_, i) => {
      await new Promise((r) => setTimeout(r, (i * 2000) / JOBS));
      const jobId = await startJob(runner.base, cookie, `bench paced${PACED_CHARS_PER_SECOND}`, `remote-${i}`);
      await follow(viewer.base, cookie, jobId, arrivals);
    }),
  );
  const sentAt = await model.sentAt();
  const latencies = [];
  for (let i = 0; i < arrivals.length; i += 2) {
    const sent = sentAt.get(arrivals[i + 1]);
    if (sent !== undefined) latencies.push(arrivals[i] - sent);
  }
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** THROUGHPUT_JOBS offline generations, started round-robin on the replicas as fast as they answer; jobs per second to the last [DONE]. */
async function throughput(replicas) {
  const cookie = await signUp(replicas[0].base);
  const started = performance.now();
  let next = 0;
  // Enough clients at once to keep every replica busy, not so many that the clients are the bottleneck.
  await Promise.all(
    Array.from({ length: 24 }, async () => {
      for (let i = next++; i < THROUGHPUT_JOBS; i = next++) {
        const replica = replicas[i % replicas.length];
        const jobId = await startJob(replica.base, cookie, 'A todo app', `throughput-${replicas.length}-${i}`);
        await follow(replica.base, cookie, jobId, null);
      }
    }),
  );
  return THROUGHPUT_JOBS / ((performance.now() - started) / 1000);
}

export async function benchReplicas() {
  const rows = [];
  const databases = await startDatabases();
  const dataDir = mkdtempSync(join(tmpdir(), 'forge-bench-replicas-'));
  const shared = { ...databases, dataDir };
  const model = await startFakeModel(PACED_CHARS);
  const started = [];
  try {
    // The model's replica runs every job; the other takes none and only serves the viewers.
    const modelEnv = { LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'bench', ANTHROPIC_BASE_URL: model.url, LLM_MAX_RETRIES: '0' };
    const runner = await startReplica(shared, modelEnv);
    const viewer = await startReplica(shared, { ...modelEnv, JOBS_PER_REPLICA: '0' });
    started.push(runner, viewer);
    const latency = await crossReplicaLatency(runner, viewer, model);
    rows.push([`Token → viewer on the other replica, ${JOBS} jobs at ${PACED_CHARS_PER_SECOND} chars/s each (p50)`, `${latency.p50.toFixed(1)} ms`, '', true]);
    rows.push([`Token → viewer on the other replica, ${JOBS} jobs at ${PACED_CHARS_PER_SECOND} chars/s each (p99)`, `${latency.p99.toFixed(1)} ms`, '≤ 50 ms', latency.p99 <= 50]);
    await Promise.all(started.splice(0).map((replica) => replica.stop()));

    const offline = { LLM_PROVIDER: 'offline', OFFLINE_AGENT_CHARS_PER_SECOND: '0' };
    const one = await startReplica(shared, offline);
    started.push(one);
    const single = await throughput([one]);
    const two = [one, await startReplica(shared, offline)];
    started.push(two[1]);
    const double = await throughput(two);
    rows.push([`Jobs started and finished per second, offline agent at full speed, one replica`, `${single.toFixed(1)} jobs/s`, '', true]);
    rows.push([`  two replicas on this one machine (ratio to one: the cost of coordinating)`, `${double.toFixed(1)} jobs/s (${(double / single).toFixed(2)}×)`, '', true]);
  } finally {
    await Promise.all(started.map((replica) => replica.stop()));
    await model.stop();
    await databases.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
