// Running work in the operators' console (#27 item 2): a build the platform stops says so to its owner
// (not "it ran out of memory") and the last good build keeps serving the preview.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminRunsResponse, AuditResponse, CancelRunResponse } from '@forge/protocol/admin';
import { ErrorCode } from '@forge/protocol/errors';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { ProjectsService } from '../src/projects/projects.service.js';
import type { ProjectFiles } from './fixtures/sandbox-projects.js';
import { getThroughProxy } from './support/preview-http.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, signUpWithId, startTestApp } from './support/test-app.js';

const ADMIN_ID = randomUUID();
const REASON = 'Runaway build on a shared host';

/** A static app whose build writes `title` into dist/index.html, after `sleepSeconds`. */
function staticApp(title: string, sleepSeconds = 0): ProjectFiles {
  return {
    'package.json': JSON.stringify({ name: 'kept', private: true, scripts: { build: 'bash build.sh' } }),
    'build.sh': `echo "building ${title}"\n${sleepSeconds ? `for i in $(seq 1 ${sleepSeconds}); do echo "still building $i"; sleep 1; done\n` : ''}mkdir -p dist\necho '<!doctype html><title>${title}</title><h1>${title}</h1>' > dist/index.html\n`,
  };
}

async function until<T>(what: string, read: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('running work in the operators console', () => {
  let t: TestApp;
  let admin: string;
  let owner: { cookie: string; userId: string };
  let port: number;

  beforeAll(async () => {
    // A slow offline agent: a generation runs long enough to be cancelled.
    t = await startTestApp({ ADMIN_USER_IDS: ADMIN_ID, AUTOFIX_MAX_ATTEMPTS: '0', BUILD_TIMEOUT_SECONDS: '120', OFFLINE_AGENT_CHARS_PER_SECOND: '200' });
    admin = (await signUpWithId(t, ADMIN_ID)).cookie;
    owner = await signUp(t.http);
    port = Number(new URL(t.baseUrl).port);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const build = (name: string) => readSse(`${t.baseUrl}/api/projects/${name}/build`, { Cookie: owner.cookie, 'Content-Type': 'application/json' }, 'POST').then(({ events }) => parsedEvents(events));
  const save = (name: string, files: ProjectFiles) => t.http.post('/api/projects/save').set('Cookie', owner.cookie).send({ projectName: name, files }).expect(201);
  const runs = async () => ((await t.http.get('/api/admin/runs').set('Cookie', admin).expect(200)).body as AdminRunsResponse).runs;

  it("an operator's cancel of a build tells the user it was stopped by an operator and the last good preview still answers", async () => {
    await save('kept', staticApp('Good build'));
    const first = await build('kept');
    const firstResult = first.find((e) => e.type === 'result')!.data as { success: boolean; previewUrl: string | null };
    expect(firstResult.success).toBe(true);
    const previewUrl = firstResult.previewUrl!;
    expect((await getThroughProxy(port, previewUrl)).body).toContain('<h1>Good build</h1>');
    const project = await t.app.get(ProjectsService).find(owner.userId, 'kept');
    // The good build's output is kept just after its result.
    await until('the kept build', async () => existsSync(join(t.dataDir, 'build-output', `${project.id}.json`)));

    // A build that would run for minutes; the operator sees it in the console and cancels it.
    await save('kept', staticApp('Slow build', 300));
    const second = build('kept');
    const running = await until('the build in the console', async () => (await runs()).find((run) => run.projectId === project.id && run.kind === 'build'));
    expect(running).toMatchObject({ projectName: 'kept', ownerId: owner.userId, ownerKeyHint: expect.any(String), node: 'local', replica: expect.any(String) });
    const prisma = t.app.get(PrismaService);
    await until('the build command', () => prisma.runEvent.findFirst({ where: { runId: running.id, data: { contains: 'still building' } } }));

    // A reason is required: the owner reads it.
    const missing = await t.http.post(`/api/admin/runs/${running.id}/cancel`).set('Cookie', admin).send({}).expect(400);
    expect(missing.body.code).toBe(ErrorCode.Validation);
    await t.http.post(`/api/admin/runs/${running.id}/cancel`).set('Cookie', owner.cookie).send({ reason: REASON }).expect(404);

    const cancelled = (await t.http.post(`/api/admin/runs/${running.id}/cancel`).set('Cookie', admin).send({ reason: REASON }).expect(200)).body as CancelRunResponse;
    expect(cancelled).toMatchObject({ ok: true, ended: true });

    const events = await second;
    const log = events.filter((e) => e.type === 'log').map((e) => String(e.data));
    const error = events.find((e) => e.type === 'error')!.data as { error: string; details?: string };
    const result = events.find((e) => e.type === 'result')!.data as { success: boolean; previewUrl: string | null };
    expect(error.error).toBe(`The build was stopped by an operator: ${REASON}`);
    expect(error.details).toBe('The last good build still serves the preview.');
    expect(log.join('\n')).not.toMatch(/out of memory|killed/i);
    expect(result).toMatchObject({ success: false, previewUrl });

    // The last good build answers at the same address.
    const page = await getThroughProxy(port, previewUrl);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>Good build</h1>');
    expect((await t.http.get('/api/projects/kept/preview-status').set('Cookie', owner.cookie).expect(200)).body).toMatchObject({ isBuilt: true });

    // The console no longer lists it; a second cancel says it ended; the trail has the reason.
    expect((await runs()).some((run) => run.id === running.id)).toBe(false);
    const again = await t.http.post(`/api/admin/runs/${running.id}/cancel`).set('Cookie', admin).send({ reason: REASON }).expect(404);
    expect(again.body.error).toContain('not running any more');
    const audit = (await t.http.get('/api/admin/audit').set('Cookie', admin).expect(200)).body as AuditResponse;
    expect(audit.entries[0]).toMatchObject({ action: 'run.cancel', projectId: project.id, accountId: owner.userId, summary: 'Cancelled the build of project "kept"', reason: REASON });
  }, 240_000);

  it("an operator's cancel of a generation tells its owner why, in the job stream and its status", async () => {
    const { jobId } = (await t.http.post('/api/jobs/start').set('Cookie', owner.cookie).send({ prompt: 'A todo app', projectName: 'slow-gen' }).expect(201)).body as { jobId: string };
    const running = await until('the generation taken by a server', async () => (await runs()).find((run) => run.id === jobId && run.replica !== null));
    expect(running).toMatchObject({ kind: 'generation', projectName: 'slow-gen', ownerId: owner.userId });

    const cancelled = (await t.http.post(`/api/admin/runs/${jobId}/cancel`).set('Cookie', admin).send({ reason: 'Abusive prompt' }).expect(200)).body as CancelRunResponse;
    expect(cancelled).toMatchObject({ ok: true, ended: true, message: 'Cancelled the generation of project "slow-gen"; its owner was told why.' });

    const { events } = await readSse(`${t.baseUrl}/api/jobs/${jobId}/stream`, { Cookie: owner.cookie });
    const errors = parsedEvents(events).filter((e) => e.type === 'error');
    expect(errors).toEqual([expect.objectContaining({ message: 'The generation was stopped by an operator: Abusive prompt' })]);
    const status = (await t.http.get(`/api/jobs/${jobId}/status`).set('Cookie', owner.cookie).expect(200)).body as unknown;
    expect(status).toEqual({ status: 'failed', error: 'The generation was stopped by an operator: Abusive prompt' });
    expect((await runs()).some((run) => run.id === jobId)).toBe(false);
    // The project is free again: its owner may generate it anew.
    await t.http.post('/api/jobs/start').set('Cookie', owner.cookie).send({ prompt: 'A todo app', projectName: 'slow-gen', replace: true }).expect(201);
  }, 120_000);

  it('stops a build cancelled as it starts, before its command runs, and says when there is no earlier build to keep', async () => {
    await save('fresh', staticApp('Never built', 300));
    const building = build('fresh');
    const project = await t.app.get(ProjectsService).find(owner.userId, 'fresh');
    const running = await until('the build in the console', async () => (await runs()).find((run) => run.projectId === project.id));
    await t.http.post(`/api/admin/runs/${running.id}/cancel`).set('Cookie', admin).send({ reason: 'Host maintenance' }).expect(200);

    const events = await building;
    expect(events.find((e) => e.type === 'error')!.data).toEqual({
      error: 'The build was stopped by an operator: Host maintenance',
      details: 'There was no earlier build to keep serving: build again to see the preview.',
    });
    expect(events.find((e) => e.type === 'result')!.data).toMatchObject({ success: false, previewUrl: null });
    expect((await t.http.get('/api/projects/fresh/preview-status').set('Cookie', owner.cookie).expect(200)).body).toMatchObject({ isBuilt: false });
  }, 120_000);
});
