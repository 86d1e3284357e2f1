// Two replicas of the platform (two processes of the built API) on one PostgreSQL and one DATA_DIR,
// as an operator runs them behind a load balancer: a job runs on one, viewers follow it from the
// other, claims hold across both, and a replica killed mid-job has its job ended by the survivor.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { SSE_RECONNECT_HINT_MS } from '@forge/protocol/streams';
import { UNHANDLED_REJECTION_MESSAGE } from '../src/operations/unhandled-rejections.js';
import { INTERRUPTED_EDIT_MESSAGE, INTERRUPTED_MESSAGE } from '../src/runs/run-messages.js';
import { specFrameData } from '../src/runs/spec-streams.js';
import { viteApp } from './fixtures/sandbox-projects.js';
import { type PlatformProcess, startPlatform, stopPlatform, waitUntilHealthy } from './support/platform-process.js';
import { getThroughProxy } from './support/preview-http.js';
import { type SseEvent, parseSseBlock, readSse } from './support/sse-client.js';
import { TEST_INSTANCE_PREFIX } from './support/test-app.js';
import { type TestDatabase, createTestDatabase } from './support/test-database.js';

interface Replica {
  platform: PlatformProcess;
  url: string;
}

describe('two replicas on one database and one data directory', () => {
  let database: TestDatabase;
  let db: pg.Client;
  let dataDir: string;
  const started: PlatformProcess[] = [];
  let env: Record<string, string>;

  async function startReplica(extra: Record<string, string> = {}): Promise<Replica> {
    const platform = await startPlatform({ ...env, ...extra });
    started.push(platform);
    // A replica that exits without the test stopping or killing it crashed (or was killed from outside): say how.
    platform.child.once('exit', (code, signal) => {
      if (!platform.child.killed) console.error(`Replica ${platform.child.pid} exited by itself (code ${code}, signal ${signal}):\n${platform.output().slice(-20_000)}`);
    });
    await waitUntilHealthy(platform);
    return { platform, url: platform.baseUrl };
  }

  async function signUp(replica: Replica): Promise<string> {
    const res = await fetch(`${replica.url}/api/auth/signup`, { method: 'POST' });
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  async function startJob(replica: Replica, cookie: string, projectName: string, replace = false): Promise<string> {
    const res = await fetch(`${replica.url}/api/jobs/start`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt: 'A todo app called Done Deal', projectName, replace }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { jobId: string }).jobId;
  }

  /** The replica process a job runs on, once one has taken it. */
  async function runnerOf(jobId: string, replicas: Replica[]): Promise<Replica> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await db.query<{ name: string }>('SELECT r.name FROM runs j JOIN replicas r ON r.id = j.replica_id WHERE j.id = $1', [jobId]);
      const pid = rows[0] ? Number(rows[0].name.split(':').pop()) : null;
      const runner = replicas.find((replica) => replica.platform.child.pid === pid);
      if (runner) return runner;
      await sleep(50);
    }
    throw new Error(`No replica took job ${jobId}`);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new pg.Client({ connectionString: database.url });
    dataDir = await mkdtemp(join(tmpdir(), 'forge-replicas-'));
    env = {
      DATABASE_URL: database.url,
      // Replicas share the projects' server too: an embedded one belongs to one process.
      PROJECTS_DATABASE_URL: process.env.FORGE_TEST_PROJECTS_SERVER_URL!,
      DATA_DIR: dataDir,
      SANDBOX_INSTANCE: `${TEST_INSTANCE_PREFIX}replicas-${randomUUID().slice(0, 8)}`,
      // Slow enough that a job still streams while the test looks at it.
      OFFLINE_AGENT_CHARS_PER_SECOND: '4000',
      PREVIEW_CHECKS: 'off',
      LIMIT_JOB_STARTS_PER_HOUR: '1000',
    };
    await db.connect().catch(() => undefined);
  }, 60_000);

  afterAll(async () => {
    for (const platform of started) await stopPlatform(platform, 'SIGKILL');
    // The sandboxes the replicas started, on the one engine they share.
    const containers = spawnSync('docker', ['ps', '-aq', '--filter', `label=dev.forge.instance=${env.SANDBOX_INSTANCE}`], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
    if (containers.length > 0) spawnSync('docker', ['rm', '-f', ...containers], { stdio: 'ignore' });
    await db?.end();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    // A replica logs a rejected promise nobody handled and goes on: here it is a bug to fix.
    const unhandled = started.map((platform) => platform.output()).filter((output) => output.includes(UNHANDLED_REJECTION_MESSAGE));
    expect(unhandled).toEqual([]);
  }, 60_000);

  it('serves a job running on one replica to a viewer on the other, live, and from any event id', async () => {
    const [a, b] = [await startReplicaIfNeeded(0), await startReplicaIfNeeded(1)];
    const cookie = await signUp(a);
    const jobId = await startJob(a, cookie, 'followed');
    const runner = await runnerOf(jobId, [a, b]);
    const other = runner === a ? b : a;

    // Both viewers from the first event while the job runs; the remote one through the database.
    const [local, remote] = await Promise.all([readSse(`${runner.url}/api/jobs/${jobId}/stream`, { Cookie: cookie }), readSse(`${other.url}/api/jobs/${jobId}/stream`, { Cookie: cookie })]);
    expect(remote.status).toBe(200);
    expect(remote.events.length).toBeGreaterThan(20);
    expect(remote.events.at(-1)!.data).toBe('[DONE]');
    expect(remote.events).toEqual(local.events);
    expectIncreasingIds(remote.events);

    // A viewer that reconnects to either replica with Last-Event-ID gets exactly the rest.
    const middle = remote.events[Math.floor(remote.events.length / 2)]!.id!;
    for (const replica of [a, b]) {
      const resumed = await readSse(`${replica.url}/api/jobs/${jobId}/stream`, { Cookie: cookie, 'Last-Event-ID': String(middle) });
      expect(resumed.events).toEqual(remote.events.filter((event) => event.id! > middle));
    }
  }, 240_000);

  it('ends the streams of a replica that stops (SIGTERM) with a reconnect hint, and its viewers go on at another replica', async () => {
    const [a, b] = [await startReplicaIfNeeded(0), await startReplicaIfNeeded(1)];
    // A third replica that takes no jobs: every stream it serves follows a job elsewhere.
    const leaving = await startReplica({ JOBS_PER_REPLICA: '0' });
    const cookie = await signUp(a);
    const jobId = await startJob(a, cookie, 'redeployed');
    const runner = await runnerOf(jobId, [a, b]);

    const viewer = fetchSseIncrementally(`${leaving.url}/api/jobs/${jobId}/stream`, { Cookie: cookie });
    await viewer.until((events) => events.length >= 5);
    const stoppedAt = Date.now();
    await stopPlatform(leaving.platform, 'SIGTERM');
    const before = await viewer.done;
    // Not held until the grace period ends: the stream it followed runs elsewhere.
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    expect(viewer.retryHints).toEqual([SSE_RECONNECT_HINT_MS]);
    expect(before.at(-1)!.data).not.toBe('[DONE]');

    // The client comes back as told, with the last id it saw, to a replica that stays.
    const after = await readSse(`${runner.url}/api/jobs/${jobId}/stream`, { Cookie: cookie, 'Last-Event-ID': String(before.at(-1)!.id) });
    const events = [...before, ...after.events];
    expect(events.at(-1)!.data).toBe('[DONE]');
    const rows = await storedJobStream(jobId);
    expect(events.map((event) => ({ seq: event.id, data: event.data }))).toEqual(rows);
  }, 240_000);

  it('holds a project for one writer across replicas', async () => {
    const [a, b] = [await startReplicaIfNeeded(0), await startReplicaIfNeeded(1)];
    const cookie = await signUp(a);
    const jobId = await startJob(a, cookie, 'held');
    // The same project from the other replica, while the generation runs: refused, naming the job.
    const save = await fetch(`${b.url}/api/projects/save`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ projectName: 'held', files: { 'a.txt': 'a' } }),
    });
    expect(save.status).toBe(409);
    expect(((await save.json()) as { error: string }).error).toContain(`(job ${jobId})`);
    const second = await fetch(`${b.url}/api/jobs/start`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt: 'Another', projectName: 'held' }),
    });
    expect(second.status).toBe(409);
    // Released when the job ends, wherever it ran.
    await readSse(`${b.url}/api/jobs/${jobId}/stream`, { Cookie: cookie });
    const after = await fetch(`${b.url}/api/projects/save`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ projectName: 'held', files: { 'a.txt': 'a' } }),
    });
    expect(after.status).toBe(201);
  }, 240_000);

  it('builds a project once when both replicas are asked at once, and serves its preview through either', async () => {
    const [a, b] = [await startReplicaIfNeeded(0), await startReplicaIfNeeded(1)];
    const cookie = await signUp(a);
    const saved = await fetch(`${a.url}/api/projects/save`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ projectName: 'shared-build', files: viteApp('Built once') }),
    });
    expect(saved.status).toBe(201);
    const [onA, onB] = await Promise.all([a, b].map((replica) => readSse(`${replica.url}/api/projects/shared-build/build`, { Cookie: cookie }, 'POST')));
    // One build, whichever replica ran it: both viewers saw the same stream to its end.
    expect(onB.events.map((event) => event.data)).toEqual(onA.events.map((event) => event.data));
    const result = onA.events.map((event) => JSON.parse(event.data) as { type: string; data?: { success: boolean; previewUrl: string } }).find((event) => event.type === 'result');
    expect(result?.data?.success).toBe(true);
    const builds = await db.query("SELECT b.id FROM builds b JOIN projects p ON p.id = b.project_id WHERE p.name = 'shared-build'");
    expect(builds.rowCount).toBe(1);
    for (const replica of [a, b]) {
      const page = await getThroughProxy(replica.platform.port, result!.data!.previewUrl);
      expect(page.status).toBe(200);
    }
    const bundle = await getThroughProxy(b.platform.port, result!.data!.previewUrl, '/');
    expect(bundle.body).toContain('<div id="root">');
  }, 300_000);

  it('ends a generation whose replica is killed (kill -9) within 30 s, and its viewer on the other replica sees every event once and the end', async () => {
    const [a, b] = [await startReplicaIfNeeded(0), await startReplicaIfNeeded(1)];
    const cookie = await signUp(a);
    const jobId = await startJob(a, cookie, 'orphaned');
    const runner = await runnerOf(jobId, [a, b]);
    const survivor = runner === a ? b : a;

    const viewer = fetchSseIncrementally(`${survivor.url}/api/jobs/${jobId}/stream`, { Cookie: cookie });
    await viewer.until((events) => events.length >= 10);
    runner.platform.child.kill('SIGKILL');
    await runner.platform.exited;
    const killedAt = Date.now();
    const events = await viewer.done;
    const endedAfterMs = Date.now() - killedAt;
    console.log(`The job of the killed replica ended ${(endedAfterMs / 1000).toFixed(1)} s after the kill`);
    expect(endedAfterMs).toBeLessThan(30_000);

    expectIncreasingIds(events);
    expect(events.slice(-3).map((event) => event.data)).toEqual([
      JSON.stringify({ type: 'error', message: INTERRUPTED_MESSAGE }),
      JSON.stringify({ type: 'status', status: 'failed', filesSaved: 0 }),
      '[DONE]',
    ]);
    // Every event the viewer got is the stored one, once.
    const rows = await storedJobStream(jobId);
    expect(events.map((event) => ({ seq: event.id, data: event.data }))).toEqual(rows);
    const status = await fetch(`${survivor.url}/api/jobs/${jobId}/status`, { headers: { Cookie: cookie } }).then((res) => res.json());
    expect(status).toEqual({ status: 'failed', error: INTERRUPTED_MESSAGE });
    // The project is free again (generated anew over what the killed run left).
    await startJob(survivor, cookie, 'orphaned', true);
    replicas.splice(replicas.indexOf(runner), 1);
  }, 240_000);

  it('rolls back the half-applied edit of a killed replica from the survivor, leaving the project as it was', async () => {
    for (const replica of replicas.splice(0)) await stopPlatform(replica.platform);
    // A pause between two files of every edit's apply: the test kills the replica inside it. The
    // survivor serves requests but takes no jobs (JOBS_PER_REPLICA=0), so the edit runs on the other.
    const pausing = await startReplica({ FORGE_TEST_APPLY_PAUSE_MS: '3000' });
    const survivor = await startReplica({ JOBS_PER_REPLICA: '0' });
    const cookie = await signUp(survivor);
    const files = Object.fromEntries(['a', 'b', 'c', 'd'].map((name) => [`src/${name}.ts`, `export const ${name} = 'Hello from ${name}';\n`]));
    const saved = await fetch(`${survivor.url}/api/projects/save`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ projectName: 'atomic', files }),
    });
    expect(saved.status).toBe(201);
    const { rows } = await db.query<{ id: string }>("SELECT id FROM projects WHERE name = 'atomic'");
    const projectDir = join(dataDir, 'projects', rows[0]!.id);
    const before = await readTree(projectDir);

    const edit = fetchSseIncrementally(
      `${survivor.url}/api/projects/atomic/edit`,
      { Cookie: cookie, 'Content-Type': 'application/json' },
      'POST',
      JSON.stringify({ modificationRequest: 'Replace "Hello" with "Howdy"' }),
    );
    let midway = before;
    for (let i = 0; i < 400 && JSON.stringify(midway) === JSON.stringify(before); i++) {
      await sleep(25);
      midway = await readTree(projectDir);
    }
    const deadReplica = await replicaIdOf(pausing);
    pausing.platform.child.kill('SIGKILL');
    await pausing.platform.exited;
    // The crash is real: some files had the edit and some did not.
    expect(midway).not.toEqual(before);

    // The survivor finds the replica gone (no heartbeat for 10 s), rolls its change back and ends its edit.
    const events = await edit.done;
    expect(events.slice(-2).map((event) => event.data)).toEqual([JSON.stringify({ type: 'error', message: INTERRUPTED_EDIT_MESSAGE }), '[DONE]']);
    // The rollback and the edit's end are told by the same discovery; the files may trail the events a little.
    const deadJournals = join(dataDir, 'journal', deadReplica!);
    let recovered = await readTree(projectDir);
    for (let i = 0; i < 100 && (JSON.stringify(recovered) !== JSON.stringify(before) || existsSync(deadJournals)); i++) {
      await sleep(100);
      recovered = await readTree(projectDir);
    }
    expect(recovered).toEqual(before);
    expect(existsSync(deadJournals)).toBe(false);
    for (const [path, content] of Object.entries(recovered)) {
      const served = await fetch(`${survivor.url}/api/projects/atomic/file/${path}`, { headers: { Cookie: cookie } }).then((res) => res.json());
      expect(served).toEqual({ content });
    }
    const jobs = await fetch(`${survivor.url}/api/jobs/active`, { headers: { Cookie: cookie } }).then((res) => res.json());
    expect(jobs).toEqual({ jobs: [] });
  }, 240_000);

  /**
   * The job's stored run events as the job stream sends them (the generation's format): an event with no
   * frame there (the live preview's address, when its dev server answered in time) is not sent.
   */
  async function storedJobStream(jobId: string): Promise<Array<{ seq: number; data: string }>> {
    const { rows } = await db.query<{ seq: number; type: string; data: string }>('SELECT seq, type, data FROM run_events WHERE run_id = $1 ORDER BY seq', [jobId]);
    return rows.flatMap((row) => {
      const data = specFrameData({ seq: row.seq, type: row.type, payload: row.data }, 'generation');
      return data === null ? [] : [{ seq: row.seq, data }];
    });
  }

  const replicas: Replica[] = [];
  /** The suite's long-lived replicas, started once and shared by the tests after the first. */
  async function startReplicaIfNeeded(index: number): Promise<Replica> {
    while (replicas.length <= index) replicas.push(await startReplica());
    return replicas[index]!;
  }

  async function replicaIdOf(replica: Replica): Promise<string | null> {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM replicas WHERE name LIKE $1', [`%:${replica.platform.child.pid}`]);
    return rows[0]?.id ?? null;
  }
});

function expectIncreasingIds(events: SseEvent[]): void {
  const ids = events.map((event) => event.id!);
  expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
}

/** An SSE response read as it arrives: `until` waits for a condition on what came so far; `done` for the end. */
function fetchSseIncrementally(url: string, headers: Record<string, string>, method = 'GET', body?: string) {
  const events: SseEvent[] = [];
  /** The `retry:` fields the server sent. */
  const retryHints: number[] = [];
  const waiters: Array<{ test: (events: SseEvent[]) => boolean; resolve: () => void }> = [];
  const done = (async () => {
    const res = await fetch(url, { method, headers, body });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += decoder.decode(value, { stream: true });
      let split: number;
      while ((split = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, split);
        const event = parseSseBlock(block);
        buffer = buffer.slice(split + 2);
        if (event) events.push(event);
        for (const line of block.split('\n')) if (line.startsWith('retry: ')) retryHints.push(Number(line.slice(7)));
      }
      for (const waiter of [...waiters]) {
        if (waiter.test(events)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve();
        }
      }
    }
    return events;
  })();
  return {
    done,
    retryHints,
    until: (test: (events: SseEvent[]) => boolean) => (test(events) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ test, resolve }))),
  };
}

/** The project's files as they are now; one removed between the listing and its read (a rollback's staging file) is not there. */
async function readTree(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const content = await readFile(join(entry.parentPath, entry.name), 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    if (content !== null) files[join(entry.parentPath, entry.name).slice(dir.length + 1)] = content;
  }
  return files;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
