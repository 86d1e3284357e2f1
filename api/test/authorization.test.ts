import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { websocketApp } from './fixtures/sandbox-projects.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type ServedRoute, servedRoutes } from './support/routes.js';
import { type TestApp, signUp, signUpWithId, startTestApp } from './support/test-app.js';

/*
 * Every route the API serves, read from Nest's router, called three ways: without a session, as
 * another account, and as the owner of what it names. A new route is swept the moment it exists:
 * one that forgets its owner check answers the other account, and one with a parameter this file
 * cannot fill fails until a sample is added below.
 */

/** The routes open to visitors. Opening another is a decision: it must be added here too. */
const PUBLIC_ROUTES = [
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/health',
  // Load balancers and orchestrators ask it, without an account.
  'GET /api/ready',
  // Prometheus: no session, but METRICS_TOKEN or a caller on this machine (api/test/operations.test.ts).
  'GET /metrics',
  // Published projects and the wall (api/test/shares.test.ts), rate-limited per address.
  'GET /api/wall',
  'GET /api/shares/:shareId',
  'GET /api/shares/:shareId/file/*path',
  'GET /api/shares/:shareId/thumbnail',
];

const OWNER_ID = randomUUID();
const NOTES_SCHEMA = JSON.stringify({
  description: 'Notes.',
  tables: [{ name: 'notes', columns: [{ name: 'id', type: 'serial', primaryKey: true, notNull: true, unique: false, references: null, default: null }] }],
});
const PROJECT = 'swept';

interface Owned {
  projectId: string;
  jobId: string;
  versionId: string;
}

/** What a path parameter is filled with: the owner's own resources. */
function sample(route: ServedRoute, param: string, owned: Owned, project: string): string | undefined {
  switch (param) {
    case 'project':
      return project;
    case 'projectId':
      return owned.projectId;
    case 'path':
      return 'server.mjs';
    case 'table':
      return 'notes';
    case 'runId':
      // An operator's cancel names a run: the owner's generation is one.
      return owned.jobId;
    case 'nodeId':
      // The test app's one Docker host (SANDBOX_HOSTS unset).
      return 'local';
    case 'id':
      // A generation is a run: the run routes answer for it too.
      if (route.path.startsWith('/api/jobs/') || route.path.startsWith('/api/runs/')) return owned.jobId;
      return route.path.includes('/versions/') ? owned.versionId : undefined;
    default:
      return undefined;
  }
}

function fill(route: ServedRoute, owned: Owned, project = PROJECT): string {
  return route.path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':') && !segment.startsWith('*')) return segment;
      const value = sample(route, segment.slice(1), owned, project);
      if (value === undefined) throw new Error(`${route.method} ${route.path} (${route.handler}): add a sample for "${segment}" to authorization.test.ts`);
      return value;
    })
    .join('/');
}

const hasParams = (route: ServedRoute) => /\/[:*]/.test(route.path);

/** Sends one request and answers its status as soon as the headers arrive (streams are not read). */
async function statusOf(baseUrl: string, route: ServedRoute, path: string, cookie?: string): Promise<number> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}${path}`, {
    method: route.method,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'Content-Type': 'application/json' }) },
    body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
    signal: controller.signal,
  });
  controller.abort();
  return res.status;
}

describe('authorization of every route', () => {
  let t: TestApp;
  let routes: ServedRoute[];
  let owner: string;
  let other: string;
  let owned: Owned;

  beforeAll(async () => {
    // The project describes a table, so its database routes have something to answer about.
    // Top-ups on (their routes answer 503 while off); no request here reaches the node.
    const topUps = { ETH_RPC_URL: 'http://127.0.0.1:9/', USDC_CONTRACT: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', USDC_DEPOSIT_ADDRESS: '0x000000000000000000000000000000000000dEaD' };
    t = await startTestApp({ ADMIN_USER_IDS: OWNER_ID, OFFLINE_AGENT_CHARS_PER_SECOND: '0', AUTO_INITIALIZE_DATABASES: '0', ...topUps });
    routes = servedRoutes(t.app);
    owner = (await signUpWithId(t, OWNER_ID)).cookie;
    other = (await signUp(t.http)).cookie;
    await t.http
      .post('/api/projects/save')
      .set('Cookie', owner)
      .send({ projectName: PROJECT, files: { ...websocketApp('Swept'), 'db/meta.json': NOTES_SCHEMA } })
      .expect(201);
    // Built once, so the owner's project has a sandbox for the routes that need one.
    const built = parsedEvents((await readSse(`${t.baseUrl}/api/projects/${PROJECT}/build`, { Cookie: owner }, 'POST')).events);
    expect(built).toContainEqual(expect.objectContaining({ type: 'result', data: expect.objectContaining({ success: true }) }));
    const { jobId } = (await t.http.post('/api/jobs/start').set('Cookie', owner).send({ prompt: 'A todo app', projectName: 'swept-job' }).expect(201)).body as { jobId: string };
    const list = await t.http.get('/api/admin/sandboxes').set('Cookie', owner).expect(200);
    const versions = await t.http.get(`/api/projects/${PROJECT}/versions`).set('Cookie', owner).expect(200);
    owned = {
      jobId,
      versionId: (versions.body.versions as Array<{ id: string }>)[0]!.id,
      projectId: (list.body.sandboxes as Array<{ projectId: string; projectName: string }>).find((s) => s.projectName === PROJECT)!.projectId,
    };
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('opens to visitors exactly the routes marked public in code', () => {
    expect(
      routes
        .filter((route) => route.isPublic)
        .map((route) => `${route.method} ${route.path}`)
        .sort(),
    ).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers every other route 401 without a session', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const status = await statusOf(t.baseUrl, route, fill(route, owned));
      if (status !== 401) wrong.push(`${route.method} ${route.path} answered ${status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers another account about the owner's resources exactly as about ones that do not exist, never with success", async () => {
    const missing: Owned = { projectId: randomUUID(), jobId: randomUUID(), versionId: 'f'.repeat(40) };
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic && hasParams(r))) {
      const status = await statusOf(t.baseUrl, route, fill(route, owned), other);
      // A request refused for its body before any lookup (400) tells nothing either, as long as a missing resource gets the same.
      const ofMissing = await statusOf(t.baseUrl, route, fill(route, missing, 'no-such-project'), other);
      if (status !== ofMissing || status < 400 || (status !== 404 && status !== 400)) wrong.push(`${route.method} ${route.path} answered ${status} (a missing one: ${ofMissing})`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets the owner through every route, destructive ones last', async () => {
    const refused: string[] = [];
    // Deleting comes after everything that needs what it deletes; the account itself goes last.
    const removes = ['DELETE /api/projects/:project', 'DELETE /api/auth/me'];
    const order = (route: ServedRoute) => (route.method !== 'DELETE' ? 0 : 1 + removes.indexOf(`${route.method} ${route.path}`) + 1);
    for (const route of [...routes].filter((r) => !r.isPublic).sort((a, b) => order(a) - order(b))) {
      const status = await statusOf(t.baseUrl, route, fill(route, owned), owner);
      if ([401, 403, 404].includes(status) || status >= 500) refused.push(`${route.method} ${route.path} answered ${status}`);
    }
    expect(refused).toEqual([]);
  });
});
