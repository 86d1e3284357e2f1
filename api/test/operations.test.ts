// What operators and load balancers use: /api/ready, /metrics, JSON logs, and the drain on SIGTERM.
import { randomUUID } from 'node:crypto';
import { networkInterfaces, tmpdir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../src/config/app-config.js';
import { SHUTTING_DOWN_MESSAGE } from '../src/operations/drain.js';
import { instanceLabels } from '../src/sandboxes/container-spec.js';
import { DockerDriver } from '../src/sandboxes/docker.driver.js';
import { SandboxDisks, engineKey } from '../src/sandboxes/sandbox-disks.js';
import { viteApp } from './fixtures/sandbox-projects.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type PlatformProcess, startPlatform, stopPlatform, waitUntilHealthy } from './support/platform-process.js';
import { type TestDatabase, createTestDatabase } from './support/test-database.js';
import { TEST_INSTANCE_PREFIX, type TestApp, signUp, startTestApp } from './support/test-app.js';

const METRICS_TOKEN = 'operators-only-0123456789abcdef';

/** One sample's value from Prometheus' text format (0 when the series has not appeared yet). */
function sample(metrics: string, series: string): number {
  const line = metrics.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** A machine address other than loopback, to call the app as a remote caller would. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
}

function getThroughProxy(port: number, previewUrl: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/', headers: { host: new URL(previewUrl).host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('readiness', () => {
  it('is ready when PostgreSQL and Docker answer; health stays a bare liveness answer', async () => {
    const t = await startTestApp();
    try {
      const ready = await t.http.get('/api/ready').expect(200);
      expect(ready.body).toEqual({ ok: true, database: 'ok', queue: 'ok', containerEngine: expect.stringMatching(/^Docker Engine /), sandboxHosts: { takingWork: 1, total: 1 }, warnings: [] });
      await t.http.get('/api/health').expect(200, { ok: true, version: 'test' });
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the container engine when Docker does not answer', async () => {
    const t = await startTestApp({ DOCKER_HOST: 'unix:///nonexistent/docker.sock' });
    try {
      const res = await t.http.get('/api/ready').expect(503);
      expect(res.body).toMatchObject({ code: 'unavailable', error: 'Not ready: the container engine does not answer' });
      await t.http.get('/api/health').expect(200);
    } finally {
      await t.close();
    }
  });
});

describe('metrics', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // On every interface, so a caller from another address can be tried.
    // Without the preview check, whose browser's requests through the proxy would be counted too.
    t = await startTestApp({ OFFLINE_AGENT_CHARS_PER_SECOND: '0', PREVIEW_CHECKS: 'off' }, { host: '0.0.0.0' });
    cookie = (await signUp(t.http)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts jobs, builds and preview requests in Prometheus format, to callers on this machine', async () => {
    const before = (await t.http.get('/metrics').expect(200)).text;

    const { jobId } = (await t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt: 'A todo app', projectName: 'metered-job' }).expect(201)).body as { jobId: string };
    await readSse(`${t.baseUrl}/api/jobs/${jobId}/stream`, { Cookie: cookie });
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'metered', files: viteApp('Metered') })
      .expect(201);
    const built = parsedEvents((await readSse(`${t.baseUrl}/api/projects/metered/build`, { Cookie: cookie }, 'POST')).events);
    const result = built.find((e) => e.type === 'result')?.data as { success: boolean; previewUrl: string };
    expect(result.success).toBe(true);
    const { port } = new URL(t.baseUrl);
    expect(await getThroughProxy(Number(port), result.previewUrl)).toBe(200);

    const res = await t.http.get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = res.text;
    expect(sample(after, 'forge_jobs_started_total') - sample(before, 'forge_jobs_started_total')).toBe(1);
    expect(sample(after, 'forge_jobs_finished_total{outcome="completed"}') - sample(before, 'forge_jobs_finished_total{outcome="completed"}')).toBe(1);
    expect(sample(after, 'forge_builds_started_total') - sample(before, 'forge_builds_started_total')).toBe(1);
    expect(sample(after, 'forge_builds_finished_total{outcome="succeeded"}') - sample(before, 'forge_builds_finished_total{outcome="succeeded"}')).toBe(1);
    const proxied = 'forge_preview_proxy_duration_seconds_count{outcome="proxied"}';
    expect(sample(after, proxied) - sample(before, proxied)).toBe(1);
    // By host: this one machine's engine is the host named local.
    expect(sample(after, 'forge_sandboxes_running{node="local"}')).toBeGreaterThanOrEqual(1);
    for (const gauge of ['forge_jobs_running', 'forge_builds_running', 'forge_build_queue_depth', 'forge_draining']) expect(after).toContain(`\n${gauge} 0\n`);
    // Read from the database: this replica, and the work queue every replica shares, empty again.
    expect(sample(after, 'forge_replicas')).toBeGreaterThanOrEqual(1);
    expect(after).toContain('\nforge_work_queue_jobs{queue="forge-agent-runs",state="queued"} 0\n');
    expect(after).toContain('\nforge_work_queue_jobs{queue="forge-agent-runs",state="active"} 0\n');
    expect(after).toContain('forge_process_cpu_seconds_total');
  }, 120_000);

  it('refuses callers from other addresses without a token, and is never the web app', async () => {
    const address = outsideAddress();
    if (!address) throw new Error('This machine has no IPv4 address besides loopback to call from');
    const { port } = new URL(t.baseUrl);
    const res = await fetch(`http://${address}:${port}/metrics`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/only on this machine; set METRICS_TOKEN/);
    // Under the API prefix there is nothing: the route lives at the root, where Prometheus looks.
    await t.http.get('/api/metrics').expect(404);
  });
});

describe('metrics with METRICS_TOKEN', () => {
  it('answers only the bearer of the token, on this machine too', async () => {
    const t = await startTestApp({ METRICS_TOKEN });
    try {
      const refused = await t.http.get('/metrics').expect(401);
      expect(refused.body.error).toMatch(/Authorization: Bearer <METRICS_TOKEN>/);
      await t.http.get('/metrics').set('Authorization', 'Bearer not-the-token-at-all-000').expect(401);
      const res = await t.http.get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
      expect(res.text).toContain('# TYPE forge_jobs_started_total counter');
    } finally {
      await t.close();
    }
  });
});

describe('the platform process on SIGTERM, with JSON logs', () => {
  let database: TestDatabase;
  let dataDir: string;
  const started: PlatformProcess[] = [];
  // Jobs start their project's sandbox early: these processes label theirs with this.
  const instance = `${TEST_INSTANCE_PREFIX}ops-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'forge-ops-'));
  });
  afterAll(async () => {
    for (const platform of started) await stopPlatform(platform, 'SIGKILL');
    const config = loadConfig({ SANDBOX_INSTANCE: instance });
    const docker = new DockerDriver(config.sandboxHosts[0]!);
    const disks = new SandboxDisks(config);
    for (const container of await docker.list(instanceLabels(config))) {
      await docker.remove(container.id);
      await disks.release(engineKey(null), container.name);
    }
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function platform(env: Record<string, string>): Promise<{ platform: PlatformProcess; cookie: string }> {
    const running = await startPlatform({ DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_FORMAT: 'json', SANDBOX_INSTANCE: instance, LIMIT_SIGNUPS_PER_HOUR: '1000', ...env });
    started.push(running);
    await waitUntilHealthy(running);
    const signup = await fetch(`${running.baseUrl}/api/auth/signup`, { method: 'POST' });
    expect(signup.status).toBe(201);
    return { platform: running, cookie: signup.headers.getSetCookie()[0]!.split(';')[0]! };
  }

  function startJob(running: PlatformProcess, cookie: string, projectName: string): Promise<Response> {
    return fetch(`${running.baseUrl}/api/jobs/start`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt: 'A todo app', projectName }),
    });
  }

  function jsonLines(output: string): Array<Record<string, unknown>> {
    return output
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          throw new Error(`Not a JSON line: ${line}`);
        }
      });
  }

  it('refuses new jobs with 503, lets the running one finish, then exits 0', async () => {
    // Slow enough that the job is still streaming when the signal comes.
    const { platform: running, cookie } = await platform({ OFFLINE_AGENT_CHARS_PER_SECOND: '10000', SHUTDOWN_GRACE_SECONDS: '60' });
    const startedJob = await startJob(running, cookie, 'drained');
    expect(startedJob.status).toBe(201);
    const { jobId } = (await startedJob.json()) as { jobId: string };
    const stream = readSse(`${running.baseUrl}/api/jobs/${jobId}/stream`, { Cookie: cookie });

    running.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await startJob(running, cookie, 'too-late');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as { error: string }).error).toBe(SHUTTING_DOWN_MESSAGE);
    const ready = await fetch(`${running.baseUrl}/api/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { error: string }).error).toBe('Not ready: this server is shutting down');

    // The job the server had taken ends as it would have without the signal.
    const events = parsedEvents((await stream).events);
    expect(events).toContainEqual(expect.objectContaining({ type: 'status', status: 'completed' }));
    expect(await running.exited).toBe(0);

    const lines = jsonLines(running.output());
    for (const line of lines) expect(line).toEqual(expect.objectContaining({ time: expect.any(String), level: expect.any(String), context: expect.any(String), message: expect.anything() }));
    const messages = lines.map((line) => line.message);
    expect(messages).toContainEqual(expect.stringMatching(/^Forge .* is ready at http:\/\/localhost:\d+\/$/));
    expect(messages).toContainEqual(expect.stringMatching(/^SIGTERM: shutting down, taking no new jobs or builds \(grace period 60 s\)$/));
    expect(messages).toContainEqual('Waiting up to 60 s for 1 job to finish; new jobs and builds are refused');
    expect(messages).toContain('Stopped');
  }, 120_000);

  it('stops work still running when the grace period ends', async () => {
    const { platform: running, cookie } = await platform({ OFFLINE_AGENT_CHARS_PER_SECOND: '50', SHUTDOWN_GRACE_SECONDS: '1' });
    expect((await startJob(running, cookie, 'cut-short')).status).toBe(201);
    const signalled = Date.now();
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    const messages = jsonLines(running.output()).map((line) => line.message);
    expect(messages).toContainEqual(expect.stringMatching(/^The grace period \(1 s\) is over: stopping 1 job/));
  }, 120_000);
});
