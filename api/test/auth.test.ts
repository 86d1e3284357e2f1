import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

describe('accounts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sign-up answers a recovery key once and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await t.http.post('/api/auth/signup').expect(201);
    expect(res.body.recoveryKey).toMatch(/^fk_[A-Za-z0-9_-]{32}$/);
    expect(res.body.user.keyHint).toBe(res.body.recoveryKey.slice(0, 7));
    const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(/^__Host-forge_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);

    const me = await t.http.get('/api/auth/me').set('Cookie', cookie.split(';')[0]!).expect(200);
    expect(me.body.user.id).toBe(res.body.user.id);
    expect(JSON.stringify(me.body)).not.toContain(res.body.recoveryKey);
  });

  it('stores only a hash of the key', async () => {
    const { recoveryKey, userId } = await signUp(t.http);
    const prisma = t.app.get((await import('../src/platform-db/prisma.service.js')).PrismaService);
    const user = await prisma.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.keyHash).toHaveLength(64);
    expect(user.keyHash).not.toContain(recoveryKey.slice(3));
  });

  it('signs out and back in with the recovery key', async () => {
    const { cookie, recoveryKey, userId } = await signUp(t.http);
    const out = await t.http.post('/api/auth/logout').set('Cookie', cookie).expect(200);
    expect((out.headers['set-cookie'] as unknown as string[])[0]).toMatch(/__Host-forge_session=;/);
    await t.http.get('/api/auth/me').set('Cookie', cookie).expect(401);

    const login = await t.http
      .post('/api/auth/login')
      .send({ recoveryKey: `  ${recoveryKey} ` })
      .expect(200);
    expect(login.body.user.id).toBe(userId);
    const newCookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    await t.http.get('/api/auth/me').set('Cookie', newCookie).expect(200);
  });

  it('answers a wrong recovery key with 401 and a message', async () => {
    for (const recoveryKey of ['fk_' + 'x'.repeat(32), 'nonsense']) {
      const res = await t.http.post('/api/auth/login').send({ recoveryKey }).expect(401);
      expect(res.body).toEqual({ error: expect.stringMatching(/^Invalid recovery key/), code: 'auth.invalid_key' });
    }
  });

  it('answers a missing key with 400', async () => {
    const res = await t.http.post('/api/auth/login').send({}).expect(400);
    expect(res.body.error).toMatch(/recoveryKey is required/);
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.http.post('/api/auth/login').set('Content-Type', 'application/json').send('{"recoveryKey":').expect(400);
    expect(res.body).toEqual({ error: expect.stringMatching(/^Malformed JSON/), code: 'malformed_json' });
  });

  it.each(['/api/auth/me', '/api/projects', '/api/info', '/api/jobs/active', '/api/projects/x/tree'])('%s needs a session: 401 JSON without one', async (path) => {
    const res = await t.http.get(path).expect(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.code).toBe('auth.unauthenticated');
    expect(typeof res.body.error).toBe('string');
  });

  it('refuses a forged or expired session cookie', async () => {
    await t.http.get('/api/projects').set('Cookie', '__Host-forge_session=forged').expect(401);
  });

  it('keeps health public', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toEqual({ ok: true, version: 'test' });
  });

  it('reports what is running on /api/info', async () => {
    const { cookie } = await signUp(t.http);
    const res = await t.http.get('/api/info').set('Cookie', cookie).expect(200);
    expect(res.body.provider.name).toBe('offline');
    expect(typeof res.body.containerEngine.reachable).toBe('boolean');
    expect(res.body.operator).toBeUndefined();
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.http.get('/api/no-such-thing').expect(404);
    expect(res.body.code).toBe('not_found');
  });
});
