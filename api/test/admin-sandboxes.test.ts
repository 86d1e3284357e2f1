import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AdminAccountsResponse, AdminOverview, AdminSandboxesResponse } from '@forge/protocol/admin';
import { LimitHitsService } from '../src/limits/limit-hits.service.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import type { ContainerInfo } from '../src/sandboxes/docker.driver.js';
import { SANDBOX_BACKEND, type SandboxBackend } from '../src/sandboxes/sandbox-backend.js';
import { SandboxUsageCollector } from '../src/sandboxes/sandbox-usage-collector.js';
import { type TestApp, signUp, signUpWithId, startTestApp } from './support/test-app.js';

const ADMIN_ID = '6f1e2d3c-4b5a-4968-8778-695a4b3c2d1e';
const SANDBOXES = 120;
const RUNNING = 3;

/** The operators' sandbox list (#27 item 8): paged over PostgreSQL's records, figures from the background collector. */
describe('operators console: the sandbox list and the first screen', () => {
  let t: TestApp;
  let admin: string;
  let ownerId: string;
  let ownerCookie: string;
  let projectIds: string[];
  let usage: jest.SpiedFunction<ReturnType<SandboxBackend['engine']>['usage']>;

  beforeAll(async () => {
    // An account may keep 5 projects: the owner of 120 is refused a new one (a limit hit).
    t = await startTestApp({ ADMIN_USER_IDS: ADMIN_ID, LIMIT_PROJECTS: '5' });
    admin = (await signUpWithId(t, ADMIN_ID)).cookie;
    const owner = await signUp(t.http);
    ownerId = owner.userId;
    ownerCookie = owner.cookie;
    const prisma = t.app.get(PrismaService);
    projectIds = [];
    for (let i = 0; i < SANDBOXES; i++) {
      const name = `app-${String(i).padStart(3, '0')}`;
      const project = await prisma.project.create({ data: { ownerId, name }, select: { id: true } });
      projectIds.push(project.id);
    }
    await prisma.sandbox.createMany({
      data: projectIds.map((projectId, i) => ({
        projectId,
        previewId: `pv${i}x${projectId.slice(0, 8)}`,
        state: i < RUNNING ? 'running' : i === RUNNING ? 'failed' : 'stopped',
        nodeId: i < RUNNING ? 'local' : null,
      })),
    });
    // The engine lists the running ones' containers and measures any it is asked about: what a request costs is counted.
    const engine = t.app.get<SandboxBackend>(SANDBOX_BACKEND).engine('local');
    const containers: ContainerInfo[] = projectIds.slice(0, RUNNING).map((projectId, i) => ({
      id: `c${i}`.padEnd(64, '0'),
      name: `forge-test-${i}`,
      running: true,
      status: 'Up 3 minutes',
      labels: { 'dev.forge.project-id': projectId },
      ip: null,
      publishedPorts: {},
    }));
    jest.spyOn(engine, 'list').mockResolvedValue(containers);
    usage = jest.spyOn(engine, 'usage').mockImplementation(async () => ({ cpuPercent: 7.25, memoryBytes: 64 * 1024 * 1024, memoryLimitBytes: 1024 * 1024 * 1024 }));
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  it('pages through every sandbox by project name, with counts of all of them', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${cursor}&limit=50` : '';
      const page = (await t.http.get(`/api/admin/sandboxes${query}`).set('Cookie', admin).expect(200)).body as AdminSandboxesResponse;
      expect(page.counts).toEqual({ total: SANDBOXES, running: RUNNING, building: 0, failed: 1 });
      expect(page.sandboxes.length).toBeLessThanOrEqual(50);
      seen.push(...page.sandboxes.map((sandbox) => sandbox.projectName));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: SANDBOXES }, (_, i) => `app-${String(i).padStart(3, '0')}`));
  });

  it('answers a refresh from collected figures: no docker stats per request, however many consoles ask', async () => {
    const collector = t.app.get(SandboxUsageCollector);
    await t.http.get('/api/admin/sandboxes').set('Cookie', admin).expect(200);
    await (collector as unknown as { collecting: Promise<void> | null }).collecting;
    const measured = usage.mock.calls.length;
    // At most one round's worth so far: one per running container.
    expect(measured).toBeLessThanOrEqual(2 * RUNNING);
    const refreshes = await Promise.all(Array.from({ length: 20 }, () => t.http.get('/api/admin/sandboxes').set('Cookie', admin).expect(200)));
    expect(usage.mock.calls.length).toBe(measured);
    expect(collector.running).toBe(true);
    const first = (refreshes[0]!.body as AdminSandboxesResponse).sandboxes[0]!;
    expect(first.container).toMatchObject({ cpuPercent: 7.3, memoryBytes: 64 * 1024 * 1024, measuredAt: expect.any(String) });
    expect((refreshes[0]!.body as AdminSandboxesResponse).sandboxes[RUNNING + 1]!.container).toBeNull();
  });

  it('refuses a cursor or a limit it cannot use, saying what to send', async () => {
    expect((await t.http.get('/api/admin/sandboxes?cursor=nope').set('Cookie', admin).expect(400)).body.error).toMatch(/cursor must be the nextCursor of a previous page/);
    expect((await t.http.get('/api/admin/sandboxes?limit=500').set('Cookie', admin).expect(400)).body.error).toMatch(/limit must be from 1 to 200/);
  });

  it('shows the queue and the hosts taking work on the first screen, with the metrics path', async () => {
    const overview = (await t.http.get('/api/admin/overview').set('Cookie', admin).expect(200)).body as AdminOverview;
    expect(overview).toMatchObject({ buildsQueued: 0, buildsRunning: 0, generationsRunning: 0, nodesTotal: 1, metricsPath: '/metrics' });
    expect(overview.nodesTakingWork + overview.warnings.length).toBeGreaterThan(0);
  });

  it("counts an account's refusals by a limit in its usage", async () => {
    const refused = await t.http
      .post('/api/projects/save')
      .set('Cookie', ownerCookie)
      .send({ projectName: 'one-too-many', files: { 'index.html': '<p>hi</p>\n' } });
    expect(refused.body.code).toBe('quota_exceeded');
    // Not found is no limit.
    await t.http.get('/api/projects/no-such-project').set('Cookie', ownerCookie).expect(404);
    await t.app.get(LimitHitsService).flush();
    const found = (await t.http.get(`/api/admin/accounts?q=${ownerId}`).set('Cookie', admin).expect(200)).body as AdminAccountsResponse;
    expect(found.accounts).toEqual([expect.objectContaining({ id: ownerId, limitsHit: 1, runningSandboxes: RUNNING })]);
  });
});
