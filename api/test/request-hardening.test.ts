import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

/** Sends headers announcing `declaredBytes` but only the first MiB, and answers whatever comes back. */
function postWithoutFinishing(baseUrl: string, path: string, declaredBytes: number, cookie?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': declaredBytes, ...(cookie ? { Cookie: cookie } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.write(`{"projectName":"big","files":{"a.txt":"${'y'.repeat(1024 * 1024)}`);
    // The rest never comes: a server that waits for it before deciding never answers.
  });
}

describe('requests are checked before they are read', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp();
    cookie = (await signUp(t.http)).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets a __Host- session cookie: Secure, Path=/, no Domain, httpOnly, SameSite=Lax', async () => {
    const res = await t.http.post('/api/auth/signup').expect(201);
    const setCookie = (res.headers['set-cookie'] as unknown as string[])[0]!;
    expect(setCookie).toMatch(/^__Host-forge_session=/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    // A cookie of the old name, such as one a preview page could set for a parent domain, is not a session.
    const token = setCookie.split(';')[0]!.split('=')[1];
    await t.http.get('/api/auth/me').set('Cookie', `forge_session=${token}`).expect(401);
  });

  it('refuses state-changing requests from other sites before acting on them', async () => {
    const preview = 'http://abcdefghijklmnopqrst.preview.localhost:3000';
    const fromPreview = await t.http.post('/api/auth/logout').set('Cookie', cookie).set('Origin', preview).expect(403);
    expect(fromPreview.body).toEqual({ error: `Refused a request from another site: Origin ${preview} is not this app's.`, code: 'request.cross_site' });
    await t.http.post('/api/projects/x/build').set('Cookie', cookie).set('Sec-Fetch-Site', 'same-site').expect(403);
    await t.http.delete('/api/auth/me').set('Cookie', cookie).set('Origin', 'null').expect(403);
    // Still signed in: none of the refused requests did anything.
    await t.http.get('/api/auth/me').set('Cookie', cookie).expect(200);
    // The app's own pages, and clients that are not browsers, go through.
    const host = new URL(t.baseUrl).host;
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .set('Origin', `http://${host}`)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ projectName: 'own', files: { 'a.txt': 'a' } })
      .expect(201);
    await t.http.get('/api/projects').set('Cookie', cookie).set('Origin', preview).expect(200);
  });

  it('lets only itself frame its pages', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
  });

  it('keeps its pages out of reach of the windows of other origins that open them, but not previews', async () => {
    const app = await t.http.get('/api/health').expect(200);
    expect(app.headers['cross-origin-opener-policy']).toBe('same-origin');
    // A preview (here one nobody has) answers with its own rules: an app there may open windows it talks to.
    const preview = await t.http.get('/').set('Host', 'abcdefghijklmnopqrst.preview.localhost').expect(404);
    expect(preview.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('answers a visitor without a session before reading a large body, so ten at once cost nothing', async () => {
    const before = process.memoryUsage().rss;
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWithoutFinishing(t.baseUrl, '/api/projects/save', 50 * 1024 * 1024)));
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'auth.unauthenticated' });
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('limits bodies per route: small by default, large only where large bodies belong', async () => {
    const tooLarge = await t.http
      .post('/api/auth/login')
      .send({ recoveryKey: 'x'.repeat(100 * 1024) })
      .expect(413);
    expect(tooLarge.body).toEqual({ error: 'Request body is too large (max 64 KB)', code: 'payload_too_large' });
    const big = 'x'.repeat(2 * 1024 * 1024);
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'big', files: { 'big.txt': big } })
      .expect(201);
  });
});

describe('bad input is a 400 that writes nothing', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp();
    cookie = (await signUp(t.http)).cookie;
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'kept', files: { 'src/a.ts': 'export const a = 1;\n' } })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
  });

  async function projectFiles(): Promise<string[]> {
    const root = join(t.dataDir, 'projects');
    const found: string[] = [];
    const walk = async (dir: string, prefix: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        if (entry.isDirectory()) await walk(join(dir, entry.name), `${prefix}${entry.name}/`);
        else found.push(`${prefix}${entry.name}`);
      }
    };
    await walk(root, '');
    return found.sort();
  }

  it.each([
    ['a NUL in a file path', { 'src/a\0b.ts': 'x' }, 'Invalid file path "src/a\\u0000b.ts" (NUL character in path)'],
    ['a path segment over 255 bytes', { [`src/${'n'.repeat(256)}.ts`]: 'x' }, 'a path segment longer than 255 bytes'],
    ['a path that is both a file and a folder', { 'src/b.ts': 'x', a: 'file', 'a/b': 'nested' }, 'Invalid file set: "a" cannot be both a file and the folder of "a/b"'],
  ])('refuses a save with %s and leaves the project as it was', async (_case, files, message) => {
    const before = await projectFiles();
    const res = await t.http.post('/api/projects/save').set('Cookie', cookie).send({ projectName: 'kept', files }).expect(400);
    expect(res.body.error).toContain(message);
    expect(await projectFiles()).toEqual(before);
    expect((await t.http.get('/api/projects/kept/tree').set('Cookie', cookie).expect(200)).body).toEqual({ tree: ['src/a.ts'] });
  });

  it('refuses a NUL in a prompt and in a file path it is asked for', async () => {
    const job = await t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt: 'a todo app\0', projectName: 'nul' }).expect(400);
    expect(job.body.error).toBe('The description contains a NUL character; remove it and try again.');
    const file = await t.http.get('/api/projects/kept/file/src/a%00.ts').set('Cookie', cookie).expect(400);
    expect(file.body).toEqual({ error: 'Invalid file path: NUL character in path', code: 'project.invalid_path' });
  });
});
