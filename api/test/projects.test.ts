import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSseBlock } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

const INVALID_NAME = 'Invalid project name. Use only letters, numbers, hyphens (-), and underscores (_).';
const files = {
  'package.json': '{ "name": "shop" }\n',
  'src/App.tsx': 'export function App() {\n  return <h1>Shop</h1>;\n}\n',
  'src/components/Cart.tsx': 'export const Cart = () => null;\n',
};

describe('projects', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    t = await startTestApp();
    alice = (await signUp(t.http)).cookie;
    bob = (await signUp(t.http)).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts empty', async () => {
    const res = await t.http.get('/api/projects').set('Cookie', alice).expect(200);
    expect(res.body).toEqual({ projects: [] });
  });

  it('saves a project and serves its list entry, tree and files', async () => {
    const saved = await t.http.post('/api/projects/save').set('Cookie', alice).send({ projectName: 'shop', files }).expect(201);
    expect(saved.body).toEqual({ filesSaved: 3, projectDir: 'projects/shop' });

    const list = await t.http.get('/api/projects').set('Cookie', alice).expect(200);
    expect(list.body.projects).toEqual([{ name: 'shop', fileCount: 3, modifiedAt: expect.any(String) }]);

    const tree = await t.http.get('/api/projects/shop/tree').set('Cookie', alice).expect(200);
    expect(tree.body.tree).toEqual(['package.json', 'src/App.tsx', 'src/components/Cart.tsx']);

    const file = await t.http.get('/api/projects/shop/file/src/components/Cart.tsx').set('Cookie', alice).expect(200);
    expect(file.body.content).toBe(files['src/components/Cart.tsx']);

    const status = await t.http.get('/api/projects/shop/preview-status').set('Cookie', alice).expect(200);
    expect(status.body).toEqual({ isBuilt: false, previewUrl: '' });
  });

  it('replaces the file set on a second save and leaves no temporary files', async () => {
    await t.http
      .post('/api/projects/save')
      .set('Cookie', alice)
      .send({ projectName: 'shop', files: { 'package.json': '{}\n', 'src/main.tsx': 'main\n' } })
      .expect(201);
    const tree = await t.http.get('/api/projects/shop/tree').set('Cookie', alice).expect(200);
    expect(tree.body.tree).toEqual(['package.json', 'src/main.tsx']);
    await t.http.get('/api/projects/shop/file/src/App.tsx').set('Cookie', alice).expect(404);

    const projectDirs = await readdir(join(t.dataDir, 'projects'));
    const onDisk = await readdir(join(t.dataDir, 'projects', projectDirs[0]!), { recursive: true });
    expect(onDisk.filter((p) => p.endsWith('.tmp'))).toEqual([]);
    expect(onDisk).not.toContain(join('src', 'App.tsx'));
  });

  it("answers another account's project with 404, as if it did not exist", async () => {
    for (const path of ['/api/projects/shop/tree', '/api/projects/shop/file/package.json', '/api/projects/shop/preview-status', '/api/projects/shop/download']) {
      const res = await t.http.get(path).set('Cookie', bob).expect(404);
      expect(res.body).toEqual({ error: 'Project not found', code: 'project.not_found' });
    }
    await t.http.delete('/api/projects/shop').set('Cookie', bob).expect(404);
    const list = await t.http.get('/api/projects').set('Cookie', bob).expect(200);
    expect(list.body.projects).toEqual([]);
  });

  it('validates project names on the server with the spec message', async () => {
    for (const projectName of ['my app', '../x', 'a/b', 'ünïcode', '']) {
      const res = await t.http.post('/api/projects/save').set('Cookie', alice).send({ projectName, files }).expect(400);
      expect(res.body.error).toBe(INVALID_NAME);
    }
    const res = await t.http.get('/api/projects/bad%20name/tree').set('Cookie', alice).expect(400);
    expect(res.body.error).toBe(INVALID_NAME);
  });

  it('refuses paths that escape the project and writes nothing', async () => {
    const res = await t.http
      .post('/api/projects/save')
      .set('Cookie', alice)
      .send({ projectName: 'escape', files: { 'ok.txt': 'x', '../../outside.txt': 'x' } })
      .expect(400);
    expect(res.body.error).toMatch(/inside the project/);
    expect(existsSync(join(t.dataDir, 'outside.txt'))).toBe(false);
    await t.http.get('/api/projects/escape/tree').set('Cookie', alice).expect(404);
  });

  it('downloads the project as a zip', async () => {
    const res = await t.http
      .get('/api/projects/shop/download')
      .set('Cookie', alice)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="shop.zip"');
    const zip = res.body as Buffer;
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('shop/src/main.tsx'))).toBe(true);
    // No keys and no database: the ZIP still has the .env.example the docs promise (`cp .env.example .env`).
    const dir = await mkdtemp(join(tmpdir(), 'forge-zip-'));
    try {
      await writeFile(join(dir, 'shop.zip'), zip);
      const envExample = execFileSync('unzip', ['-p', join(dir, 'shop.zip'), 'shop/.env.example'], { encoding: 'utf8' });
      expect(envExample).toMatch(/^# This app reads no keys or other settings: there is nothing to fill in\./);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("answers another account's build as a missing project", async () => {
    await t.http.post('/api/projects/shop/build').set('Cookie', bob).expect(404);
  });

  it('says in the build stream, clearly and with how to fix it, when Docker is not reachable', async () => {
    const offline = await startTestApp({ DOCKER_HOST: 'unix:///nonexistent/docker.sock' });
    try {
      const { cookie } = await signUp(offline.http);
      await offline.http.post('/api/projects/save').set('Cookie', cookie).send({ projectName: 'shop', files }).expect(201);
      const res = await offline.http.post('/api/projects/shop/build').set('Cookie', cookie).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/event-stream/);
      const events = res.text
        .trim()
        .split('\n\n')
        .map((block) => JSON.parse(parseSseBlock(block)!.data));
      expect(events[0]).toEqual({ type: 'log', data: expect.stringContaining('Preparing the build of shop') });
      expect(events).toContainEqual({ type: 'error', data: { error: 'Docker is not available', details: expect.stringContaining('apt-get install -y docker.io') } });
      expect(events).toContainEqual({ type: 'result', data: { success: false, previewUrl: null } });
      expect(events.at(-1)).toEqual({ type: 'done' });
      const status = await offline.http.get('/api/projects/shop/preview-status').set('Cookie', cookie).expect(200);
      expect(status.body).toEqual({ isBuilt: false, previewUrl: '' });
    } finally {
      await offline.close();
    }
  });

  it('deletes a project with its files', async () => {
    await t.http.delete('/api/projects/shop').set('Cookie', alice).expect(200);
    await t.http.get('/api/projects/shop/tree').set('Cookie', alice).expect(404);
    expect(await readdir(join(t.dataDir, 'projects'))).toEqual([]);
  });
});

describe('deleting an account', () => {
  it('removes its projects and files and ends its sessions', async () => {
    const t = await startTestApp();
    try {
      const { cookie } = await signUp(t.http);
      await t.http
        .post('/api/projects/save')
        .set('Cookie', cookie)
        .send({ projectName: 'gone', files: { 'a.txt': 'a' } })
        .expect(201);
      await t.http.delete('/api/auth/me').set('Cookie', cookie).expect(200);
      await t.http.get('/api/auth/me').set('Cookie', cookie).expect(401);
      expect(await readdir(join(t.dataDir, 'projects'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
