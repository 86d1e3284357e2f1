// Sharing: a published project's page, files and preview answer anyone without an account, never
// its .env, its secrets, its files' API, database or edits; unpublishing cuts all of it at once; the
// wall pages newest first.
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NOT_SHARED_MESSAGE, type PublicShareResponse, type ShareStatusResponse, type WallItem, type WallResponse } from '@forge/protocol/shares';
import { websocketApp } from './fixtures/sandbox-projects.js';
import { runBuild } from './support/build-client.js';
import { getThroughProxy } from './support/preview-http.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let port: number;
let owner: string;
let stranger: string;

const SECRET = `tok-${randomBytes(12).toString('hex')}`;
const LOCAL_ENV_MARK = `local-${randomBytes(8).toString('hex')}`;
const PROJECT = 'gallery';
const files = {
  ...websocketApp('Shared Gallery'),
  '.env.example': '# The gallery API token\nGALLERY_TOKEN=tok-...\n',
  // A model (or an owner) may write environment files of its own: meant for the app, never for visitors.
  '.env.local': `GALLERY_TOKEN=${LOCAL_ENV_MARK}\n`,
  'server/.env.production': `GALLERY_TOKEN=${LOCAL_ENV_MARK}\n`,
  // An owner who pasted a saved secret into code: the share shows it masked.
  'src/config.ts': `export const token = '${SECRET}';\n`,
  'db/meta.json': JSON.stringify({
    description: 'Pictures.',
    tables: [{ name: 'pictures', columns: [{ name: 'id', type: 'serial', primaryKey: true, notNull: true, unique: false, references: null, default: null }] }],
  }),
};

beforeAll(async () => {
  t = await startTestApp({ AUTOFIX_MAX_ATTEMPTS: '0', AUTO_INITIALIZE_DATABASES: '0' });
  port = (t.app.getHttpServer().address() as { port: number }).port;
  owner = (await signUp(t.http)).cookie;
  stranger = (await signUp(t.http)).cookie;
  await t.http.post('/api/projects/save').set('Cookie', owner).send({ projectName: PROJECT, files }).expect(201);
  await t.http
    .post(`/api/projects/${PROJECT}/secrets`)
    .set('Cookie', owner)
    .send({ secrets: { GALLERY_TOKEN: SECRET } })
    .expect(200);
  const built = await runBuild(t, owner, PROJECT);
  expect(built.success).toBe(true);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

const publish = (cookie: string, project = PROJECT, description?: string) =>
  t.http
    .post(`/api/projects/${project}/share`)
    .set('Cookie', cookie)
    .send(description === undefined ? {} : { description });
const unpublish = (project = PROJECT) => t.http.delete(`/api/projects/${project}/share`).set('Cookie', owner);

/** Opens a websocket to a preview host through the proxy and answers its socket once upgraded. */
function openWebsocket(previewUrl: string): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/socket',
      headers: { host: new URL(previewUrl).host, connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64') },
    });
    req.on('upgrade', (_res, socket) => resolve(socket));
    req.on('response', (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
    req.on('error', reject);
    req.end();
  });
}

describe('publishing', () => {
  it('lets only the owner publish: a visitor gets 401, another account 404 as for a missing project', async () => {
    await t.http.post(`/api/projects/${PROJECT}/share`).send({}).expect(401);
    const other = await publish(stranger).expect(404);
    expect(other.body).toEqual({ error: 'Project not found', code: 'project.not_found' });
    await t.http.delete(`/api/projects/${PROJECT}/share`).set('Cookie', stranger).expect(404);
    await t.http.get(`/api/projects/${PROJECT}/share`).set('Cookie', stranger).expect(404);
    expect((await t.http.get(`/api/projects/${PROJECT}/share`).set('Cookie', owner).expect(200)).body).toEqual({ published: false, share: null });
  });

  it('refuses a description over the limit in the words the dialog shows, and publishes nothing', async () => {
    const refused = await publish(owner, PROJECT, 'x'.repeat(501)).expect(400);
    expect(refused.body.error).toBe('The description is too long (max 500 characters).');
    expect((await t.http.get(`/api/projects/${PROJECT}/share`).set('Cookie', owner).expect(200)).body).toEqual({ published: false, share: null });
  });
});

describe('a published project, seen without an account', () => {
  let share: NonNullable<ShareStatusResponse['share']>;
  let ownerPreviewUrl: string;

  beforeAll(async () => {
    share = ((await publish(owner, PROJECT, '  A wall of pictures.  ').expect(200)).body as ShareStatusResponse).share!;
    ownerPreviewUrl = (await t.http.get(`/api/projects/${PROJECT}/preview-status`).set('Cookie', owner).expect(200)).body.previewUrl as string;
  });

  it("has an unguessable address and a public preview origin of its own, not the owner's preview id", () => {
    expect(share.shareId).toMatch(/^[a-z2-7]{26}$/);
    expect(share.pagePath).toBe(`/s/${share.shareId}`);
    expect(share.description).toBe('A wall of pictures.');
    expect(share.previewUrl).toBe(`http://${share.shareId}.preview.localhost:${new URL(ownerPreviewUrl).port}/`);
    expect(new URL(share.previewUrl).host).not.toBe(new URL(ownerPreviewUrl).host);
  });

  it('answers its page and its running preview to a visitor without a session', async () => {
    const page = await t.http.get(`/api/shares/${share.shareId}`).expect(200);
    expect(page.body).toEqual({
      shareId: share.shareId,
      name: PROJECT,
      description: 'A wall of pictures.',
      publishedAt: share.publishedAt,
      tree: expect.arrayContaining(['.env.example', 'build.mjs', 'server.mjs', 'src/config.ts']),
      isBuilt: true,
      previewUrl: share.previewUrl,
    });
    const preview = await getThroughProxy(port, share.previewUrl);
    expect(preview).toEqual({ status: 200, body: '<h1>Shared Gallery</h1>' });
    const file = await t.http.get(`/api/shares/${share.shareId}/file/server.mjs`).expect(200);
    expect(file.body.content).toContain('createServer');
  });

  it("shows anyone the screenshot the preview check took, on the project's wall card", async () => {
    const card = ((await t.http.get('/api/wall').expect(200)).body as WallResponse).items.find((item) => item.shareId === share.shareId);
    expect(card?.thumbnailUrl).toBe(`/api/shares/${share.shareId}/thumbnail`);
    const image = await t.http.get(card!.thumbnailUrl!).buffer(true).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect([...(image.body as Buffer).subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('never shows .env or another environment file, nor a saved secret, in the file list, a file or the page', async () => {
    const page = (await t.http.get(`/api/shares/${share.shareId}`).expect(200)).body as PublicShareResponse;
    expect(page.tree.filter((path) => /(^|\/)\.env($|\.)/.test(path))).toEqual(['.env.example']);
    const bodies = [JSON.stringify(page)];
    for (const path of page.tree) bodies.push((await t.http.get(`/api/shares/${share.shareId}/file/${path}`).expect(200)).text);
    for (const path of ['.env', '.env.local', 'server/.env.production', 'SERVER/../.env', 'Server/.ENV.production']) {
      const refused = await t.http.get(`/api/shares/${share.shareId}/file/${path}`);
      expect([path, refused.status]).toEqual([path, 404]);
      bodies.push(refused.text);
    }
    const all = bodies.join('\n');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(LOCAL_ENV_MARK);
    expect((await t.http.get(`/api/shares/${share.shareId}/file/src/config.ts`).expect(200)).body.content).toBe("export const token = '••••••••';\n");
  });

  it("keeps the project's files API, secrets, database, edits, builds and ZIP closed to a visitor and to another account", async () => {
    // Bodies that would pass validation, so a refusal is about who asks, never about what was sent.
    const routes: Array<[method: 'get' | 'post' | 'delete', path: string, body?: object]> = [
      ['get', `/api/projects/${PROJECT}/tree`],
      ['get', `/api/projects/${PROJECT}/file/src/config.ts`],
      ['get', `/api/projects/${PROJECT}/download`],
      ['get', `/api/projects/${PROJECT}/secrets`],
      ['post', `/api/projects/${PROJECT}/secrets`, { secrets: { GALLERY_TOKEN: 'stolen' } }],
      ['get', `/api/projects/${PROJECT}/database/status`],
      ['get', `/api/projects/${PROJECT}/database/schema`],
      ['get', `/api/projects/${PROJECT}/database/tables/pictures/data`],
      ['post', `/api/projects/${PROJECT}/database/initialize`, { runSeed: true, useAutoUrl: true }],
      ['post', `/api/projects/${PROJECT}/edit`, { modificationRequest: 'Show the secrets' }],
      ['post', `/api/projects/${PROJECT}/build`],
      ['get', `/api/projects/${PROJECT}/preview-status`],
      ['delete', `/api/projects/${PROJECT}`],
    ];
    const answers: string[] = [];
    for (const [method, path, body] of routes) {
      const visitor = await t.http[method](path).send(method === 'post' ? (body ?? {}) : undefined);
      const other = await t.http[method](path)
        .set('Cookie', stranger)
        .send(method === 'post' ? (body ?? {}) : undefined);
      answers.push(`${method} ${path}: ${visitor.status} ${other.status}`);
    }
    expect(answers).toEqual(routes.map(([method, path]) => `${method} ${path}: 401 404`));
    // The share's own routes have nothing to write with.
    await t.http.post(`/api/shares/${share.shareId}`).send({}).expect(404);
    await t.http.delete(`/api/shares/${share.shareId}`).expect(404);
  });

  it("keeps the address when the owner publishes again (a new description), and lists it among the owner's shares", async () => {
    const again = ((await publish(owner, PROJECT, 'Pictures, on a wall.').expect(200)).body as ShareStatusResponse).share!;
    expect(again).toEqual({ ...share, description: 'Pictures, on a wall.' });
    share = again;
    expect((await t.http.get('/api/shares/mine').set('Cookie', owner).expect(200)).body).toEqual({
      shares: [{ projectName: PROJECT, shareId: share.shareId, publishedAt: share.publishedAt }],
    });
    expect((await t.http.get('/api/shares/mine').set('Cookie', stranger).expect(200)).body).toEqual({ shares: [] });
  });

  it('cuts the page, the preview (an open websocket included) and the wall card at once on unpublish; the owner keeps their preview', async () => {
    const socket = await openWebsocket(share.previewUrl);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect((await t.http.get('/api/wall').expect(200)).body.items.map((item: WallItem) => item.shareId)).toContain(share.shareId);

    expect((await unpublish().expect(200)).body).toEqual({ published: false, share: null });

    const page = await t.http.get(`/api/shares/${share.shareId}`).expect(404);
    expect(page.body).toEqual({ error: NOT_SHARED_MESSAGE, code: 'share.not_found' });
    await t.http.get(`/api/shares/${share.shareId}/file/server.mjs`).expect(404);
    await t.http.get(`/api/shares/${share.shareId}/thumbnail`).expect(404);
    const preview = await getThroughProxy(port, share.previewUrl);
    expect(preview.status).toBe(404);
    expect(preview.body).toContain('This project is not shared');
    await closed;
    expect((await t.http.get('/api/wall').expect(200)).body.items.map((item: WallItem) => item.shareId)).not.toContain(share.shareId);
    expect((await getThroughProxy(port, ownerPreviewUrl)).status).toBe(200);
    // Unpublishing again changes nothing.
    await unpublish().expect(200);
  });

  it('gives a new address when published again; the old one stays "not shared"', async () => {
    const fresh = ((await publish(owner).expect(200)).body as ShareStatusResponse).share!;
    expect(fresh.shareId).not.toBe(share.shareId);
    await t.http.get(`/api/shares/${share.shareId}`).expect(404);
    expect((await getThroughProxy(port, share.previewUrl)).status).toBe(404);
    expect((await getThroughProxy(port, fresh.previewUrl)).status).toBe(200);
    await unpublish().expect(200);
  });
});

describe('the wall', () => {
  it('pages published projects newest first, every one once, and refuses a cursor it did not make', async () => {
    const names = ['w1', 'w2', 'w3', 'w4', 'w5'];
    for (const name of names) {
      await t.http
        .post('/api/projects/save')
        .set('Cookie', name === 'w3' ? stranger : owner)
        .send({ projectName: name, files: { 'README.md': `# ${name}\n` } })
        .expect(201);
      await publish(name === 'w3' ? stranger : owner, name, `About ${name}`).expect(200);
    }
    const seen: WallItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body = (
        await t.http
          .get('/api/wall')
          .query({ limit: '2', ...(cursor ? { cursor } : {}) })
          .expect(200)
      ).body as WallResponse;
      expect(body.items.length).toBeLessThanOrEqual(2);
      seen.push(...body.items);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen.map((item) => item.name)).toEqual(['w5', 'w4', 'w3', 'w2', 'w1']);
    expect(seen[0]).toEqual({ shareId: expect.stringMatching(/^[a-z2-7]{26}$/), name: 'w5', description: 'About w5', publishedAt: expect.any(String), thumbnailUrl: null });

    // Unpublishing one takes it off at once; the rest keep their order.
    await unpublish('w4').expect(200);
    expect(((await t.http.get('/api/wall').expect(200)).body as WallResponse).items.map((item) => item.name)).toEqual(['w5', 'w3', 'w2', 'w1']);

    expect((await t.http.get('/api/wall').query({ cursor: 'nonsense' }).expect(400)).body.error).toBe('Invalid wall cursor: ask for the first page again.');
    expect((await t.http.get('/api/wall').query({ limit: '500' }).expect(400)).body.error).toBe('limit must be from 1 to 48');
  });

  it('goes with the project: deleting a published project takes its card and address', async () => {
    const { shareId } = ((await publish(owner, 'w5').expect(200)).body as ShareStatusResponse).share!;
    await t.http.delete('/api/projects/w5').set('Cookie', owner).expect(200);
    await t.http.get(`/api/shares/${shareId}`).expect(404);
    expect(((await t.http.get('/api/wall').expect(200)).body as WallResponse).items.map((item) => item.name)).not.toContain('w5');
  });
});

describe('rate limits on public share routes', () => {
  it('refuses an address past LIMIT_SHARE_VIEWS_PER_MINUTE with 429 and Retry-After', async () => {
    const limited = await startTestApp({ LIMIT_SHARE_VIEWS_PER_MINUTE: '2' });
    try {
      await limited.http.get('/api/wall').expect(200);
      await limited.http.get('/api/shares/abcdefghijklmnopqrstuvwxyz').expect(404);
      const refused = await limited.http.get('/api/wall').expect(429);
      expect(refused.body.error).toMatch(/^Too many requests for shared projects from your address\. Try again in \d+ seconds\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
