import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AdminNodesResponse, AdminSandbox } from '@forge/protocol/admin';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError, projectNotFound } from '../src/common/errors/domain-error.js';
import { SandboxesService } from '../src/sandboxes/sandboxes.service.js';
import { type TestApp, signUp, signUpWithId, startTestApp } from './support/test-app.js';

const ADMIN_ID = '0b7c9a52-3e4f-4d6a-8b1c-2f3e4d5a6b7c';
const PROJECT_ID = '5d2e7f10-8a9b-4c3d-9e1f-0a1b2c3d4e5f';

const sandbox: AdminSandbox = {
  projectId: PROJECT_ID,
  projectName: 'shop',
  ownerId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  ownerKeyHint: 'fk_Ab3d',
  state: 'running',
  node: 'local',
  container: { id: 'c0ffee', status: 'Up 5 minutes', cpuPercent: 12.5, memoryBytes: 134_217_728, memoryLimitBytes: 1_073_741_824, measuredAt: '2026-01-02T03:09:00.000Z' },
  previewUrl: 'http://p1.preview.localhost:3000/',
  startedAt: '2026-01-02T03:04:05.000Z',
  lastVisitAt: '2026-01-02T03:09:05.000Z',
  builtAt: '2026-01-02T03:03:00.000Z',
};

const page = { sandboxes: [sandbox], nextCursor: null, counts: { total: 1, running: 1, building: 0, failed: 0 } };

const routes = [
  ['get', `/api/admin/sandboxes`],
  ['post', `/api/admin/sandboxes/${PROJECT_ID}/stop`],
  ['post', `/api/admin/sandboxes/${PROJECT_ID}/restart`],
  ['delete', `/api/admin/sandboxes/${PROJECT_ID}`],
  ['get', `/api/admin/sandboxes/${PROJECT_ID}/logs`],
] as const;
/** The Docker hosts' routes, answered by the real service (the test app's one host, `local`). */
const nodeRoutes = [
  ['get', '/api/admin/nodes'],
  ['post', '/api/admin/nodes/local/drain'],
  ['post', '/api/admin/nodes/local/undrain'],
] as const;

describe('operators console', () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  // The real service drives Docker; here it is replaced, method by method, by a fake that records its calls.
  let fake: {
    listForAdmin: jest.SpiedFunction<SandboxesService['listForAdmin']>;
    stop: jest.SpiedFunction<SandboxesService['stop']>;
    restart: jest.SpiedFunction<SandboxesService['restart']>;
    remove: jest.SpiedFunction<SandboxesService['remove']>;
    logs: jest.SpiedFunction<SandboxesService['logs']>;
  };
  const calls = () => Object.values(fake).reduce((sum, spy) => sum + spy.mock.calls.length, 0);

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_USER_IDS: ADMIN_ID });
    admin = (await signUpWithId(t, ADMIN_ID)).cookie;
    member = (await signUp(t.http)).cookie;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    jest.restoreAllMocks();
    const service = t.app.get(SandboxesService);
    fake = {
      listForAdmin: jest.spyOn(service, 'listForAdmin').mockResolvedValue(page),
      stop: jest.spyOn(service, 'stop').mockResolvedValue(),
      restart: jest.spyOn(service, 'restart').mockResolvedValue('running'),
      remove: jest.spyOn(service, 'remove').mockResolvedValue(),
      logs: jest.spyOn(service, 'logs').mockResolvedValue('> vite build\nbuilt in 812ms\n'),
    };
  });

  it('tells the web app who is an operator', async () => {
    expect((await t.http.get('/api/auth/me').set('Cookie', admin).expect(200)).body.user).toMatchObject({ id: ADMIN_ID, isAdmin: true });
    expect((await t.http.get('/api/auth/me').set('Cookie', member).expect(200)).body.user.isAdmin).toBe(false);
  });

  it('asks visitors to sign in', async () => {
    for (const [method, path] of [...routes, ...nodeRoutes]) {
      const res = await t.http[method](path).expect(401);
      expect(res.body.code).toBe(ErrorCode.Unauthenticated);
    }
    expect(calls()).toBe(0);
  });

  it('does not exist for other accounts: they get what a missing route answers', async () => {
    for (const [method, path] of [...routes, ...nodeRoutes]) {
      const missing = await t.http[method](path.replace('/api/admin/', '/api/nothing-here/')).set('Cookie', member).expect(404);
      const res = await t.http[method](path).set('Cookie', member).expect(404);
      expect(res.body).toEqual({ ...missing.body, error: missing.body.error.replace('/api/nothing-here/', '/api/admin/') });
      expect(res.body.code).toBe(ErrorCode.NotFound);
    }
    expect(calls()).toBe(0);
  });

  it('lists every sandbox for an operator', async () => {
    const res = await t.http.get('/api/admin/sandboxes').set('Cookie', admin).expect(200);
    expect(res.body).toEqual(page);
    expect(fake.listForAdmin).toHaveBeenCalledWith(undefined, 50);
    await t.http.get(`/api/admin/sandboxes?cursor=${PROJECT_ID}&limit=10`).set('Cookie', admin).expect(200);
    expect(fake.listForAdmin).toHaveBeenLastCalledWith(PROJECT_ID, 10);
    const bad = await t.http.get('/api/admin/sandboxes?limit=0').set('Cookie', admin).expect(400);
    expect(bad.body.error).toMatch(/limit must be from 1 to 200/);
  });

  it('stops, restarts and removes the sandbox it is asked about', async () => {
    expect((await t.http.post(`/api/admin/sandboxes/${PROJECT_ID}/stop`).set('Cookie', admin).expect(200)).body).toEqual({ ok: true });
    expect(fake.stop).toHaveBeenCalledWith(PROJECT_ID);
    // A restart says what it did (#27 item 5): it stops the container and queues its start, it does not claim a rebuild.
    expect((await t.http.post(`/api/admin/sandboxes/${PROJECT_ID}/restart`).set('Cookie', admin).expect(200)).body).toEqual({
      ok: true,
      message: 'Stopped its container. Its start is queued: from its last build if its files have not changed since, otherwise by building it again. Check its state in the list.',
    });
    fake.restart.mockResolvedValueOnce('stopped');
    expect((await t.http.post(`/api/admin/sandboxes/${PROJECT_ID}/restart`).set('Cookie', admin).expect(200)).body.message).toMatch(
      /^It was not running, so nothing was stopped\. Its start is queued/,
    );
    expect(fake.restart).toHaveBeenCalledWith(PROJECT_ID);
    expect((await t.http.delete(`/api/admin/sandboxes/${PROJECT_ID}`).set('Cookie', admin).expect(200)).body).toEqual({ ok: true });
    expect(fake.remove).toHaveBeenCalledWith(PROJECT_ID);
  });

  it('lists the Docker hosts with their heartbeat, and drains and undrains one', async () => {
    const listed = (await t.http.get('/api/admin/nodes').set('Cookie', admin).expect(200)).body as AdminNodesResponse;
    expect(listed.nodes).toEqual([
      expect.objectContaining({ id: 'local', address: null, state: 'healthy', draining: false, capacityMemoryMb: expect.any(Number), runningSandboxes: expect.any(Number) }),
    ]);
    const drained = await t.http.post('/api/admin/nodes/local/drain').set('Cookie', admin).send({ confirmLastNode: true }).expect(200);
    expect(drained.body.node).toMatchObject({ id: 'local', draining: true });
    expect((await t.http.get('/api/admin/nodes').set('Cookie', admin).expect(200)).body.nodes[0].draining).toBe(true);
    const undrained = await t.http.post('/api/admin/nodes/local/undrain').set('Cookie', admin).expect(200);
    expect(undrained.body.node).toMatchObject({ id: 'local', draining: false });
    const missing = await t.http.post('/api/admin/nodes/elsewhere/drain').set('Cookie', admin).expect(404);
    expect(missing.body).toEqual({ error: 'Node not found', code: ErrorCode.NotFound });
    const invalid = await t.http.post('/api/admin/nodes/Not_A_Host/drain').set('Cookie', admin).expect(400);
    expect(invalid.body.code).toBe(ErrorCode.Validation);
  });

  it("serves a sandbox's logs", async () => {
    const res = await t.http.get(`/api/admin/sandboxes/${PROJECT_ID}/logs`).set('Cookie', admin).expect(200);
    expect(res.body).toEqual({ logs: '> vite build\nbuilt in 812ms\n' });
    expect(fake.logs).toHaveBeenCalledWith(PROJECT_ID);
  });

  it('refuses a project id that is not a UUID, before it reaches the service', async () => {
    for (const id of ['shop', '123', `${PROJECT_ID}x`, PROJECT_ID.replace(/-/g, '')]) {
      for (const [method, path] of routes.slice(1)) {
        const res = await t.http[method](path.replace(PROJECT_ID, id)).set('Cookie', admin).expect(400);
        expect(res.body).toEqual({ error: expect.stringMatching(/^Invalid project id: expected a UUID/), code: ErrorCode.Validation });
      }
    }
    expect(calls()).toBe(0);
  });

  it("answers the service's domain errors with their status", async () => {
    fake.stop.mockRejectedValue(projectNotFound());
    const missing = await t.http.post(`/api/admin/sandboxes/${PROJECT_ID}/stop`).set('Cookie', admin).expect(404);
    expect(missing.body).toEqual({ error: 'Project not found', code: ErrorCode.ProjectNotFound });

    fake.restart.mockRejectedValue(new DomainError(ErrorCode.Unavailable, 'Docker is not reachable.'));
    const down = await t.http.post(`/api/admin/sandboxes/${PROJECT_ID}/restart`).set('Cookie', admin).expect(503);
    expect(down.body).toEqual({ error: 'Docker is not reachable.', code: ErrorCode.Unavailable });

    fake.listForAdmin.mockRejectedValue(new Error('socket hang up'));
    const broken = await t.http.get('/api/admin/sandboxes').set('Cookie', admin).expect(500);
    expect(broken.body).toEqual({ error: 'Something went wrong on our side. Please try again.', code: ErrorCode.Internal });
  });
});

describe('/api/info', () => {
  let t: TestApp;

  afterAll(async () => {
    await t?.close();
  });

  it("sends the server's make-up (Node, where the model provider lives, the engine's detail, the database) to operators only", async () => {
    t = await startTestApp({ ADMIN_USER_IDS: ADMIN_ID, LLM_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://10.0.0.7:11434/v1' });
    const admin = (await signUpWithId(t, ADMIN_ID)).cookie;
    const member = (await signUp(t.http)).cookie;
    const forAdmin = (await t.http.get('/api/info').set('Cookie', admin).expect(200)).body;
    const forMember = (await t.http.get('/api/info').set('Cookie', member).expect(200)).body;
    expect(forAdmin.provider).toEqual({ name: 'openai', model: expect.any(String) });
    expect(forAdmin.operator).toEqual({
      nodeVersion: process.version,
      providerBaseUrl: 'http://10.0.0.7:11434/v1',
      containerEngine: { version: forAdmin.operator.containerEngine.version, detail: expect.any(String) },
      database: { mode: 'embedded' },
    });
    // Left out of the answer, not merely hidden by the page.
    expect(forMember).toEqual({
      version: forAdmin.version,
      startedAt: forAdmin.startedAt,
      provider: forAdmin.provider,
      containerEngine: { reachable: forAdmin.containerEngine.reachable },
      previewDomain: forAdmin.previewDomain,
    });
    expect(JSON.stringify(forMember)).not.toContain(process.version);
  });
});
