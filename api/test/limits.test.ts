import { afterAll, describe, expect, it } from '@jest/globals';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';
import { type TestDatabase, createTestDatabase } from './support/test-database.js';

describe('rate limits', () => {
  const apps: TestApp[] = [];
  let database: TestDatabase;

  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('refuse sign-ups beyond the hourly number per address, with Retry-After, and still after a restart', async () => {
    database = await createTestDatabase();
    const limits = { LIMIT_SIGNUPS_PER_HOUR: '2', LIMIT_SIGNINS_PER_MINUTE: '3' };
    const first = await startTestApp(limits, { database });
    apps.push(first);
    await first.http.post('/api/auth/signup').expect(201);
    await first.http.post('/api/auth/signup').expect(201);
    const refused = await first.http.post('/api/auth/signup').expect(429);
    expect(refused.body).toEqual({ error: expect.stringMatching(/^Too many accounts were created from your address\. Try again in \d+ minutes\.$/), code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);

    await first.close();
    apps.pop();
    const second = await startTestApp(limits, { database });
    apps.push(second);
    await second.http.post('/api/auth/signup').expect(429);

    // Sign-ins count on their own, wrong keys included.
    for (let i = 0; i < 3; i++) await second.http.post('/api/auth/login').send({ recoveryKey: 'fk_wrong' }).expect(401);
    const signin = await second.http.post('/api/auth/login').send({ recoveryKey: 'fk_wrong' }).expect(429);
    expect(signin.body.error).toMatch(/^Too many sign-in attempts from your address\. Try again in \d+ seconds\.$/);
  });

  it('count job starts per account, not per address', async () => {
    const t = await startTestApp({ LIMIT_JOB_STARTS_PER_HOUR: '1', OFFLINE_AGENT_CHARS_PER_SECOND: '0' });
    apps.push(t);
    const alice = (await signUp(t.http)).cookie;
    const bob = (await signUp(t.http)).cookie;
    await t.http.post('/api/jobs/start').set('Cookie', alice).send({ prompt: 'a todo app', projectName: 'a1' }).expect(201);
    const refused = await t.http.post('/api/jobs/start').set('Cookie', alice).send({ prompt: 'a todo app', projectName: 'a2' }).expect(429);
    expect(refused.body.error).toMatch(/^You have started as many generations as an hour allows\. Try again in \d+ minutes\.$/);
    await t.http.post('/api/jobs/start').set('Cookie', bob).send({ prompt: 'a todo app', projectName: 'b1' }).expect(201);
  });
});

describe('quotas', () => {
  let t: TestApp;
  let cookie: string;

  afterAll(async () => {
    await t?.close();
  });

  it('keep an account within its number of projects and megabytes of files, rewrites of its own projects included', async () => {
    t = await startTestApp({ LIMIT_PROJECTS: '2', LIMIT_STORED_MB: '1' });
    cookie = (await signUp(t.http)).cookie;
    const save = (projectName: string, bytes: number) =>
      t.http
        .post('/api/projects/save')
        .set('Cookie', cookie)
        .send({ projectName, files: { 'data.txt': 'x'.repeat(bytes) } });

    await save('one', 400_000).expect(201);
    await save('two', 400_000).expect(201);
    const third = await save('three', 10).expect(403);
    expect(third.body).toEqual({ error: 'You have 2 projects, the most an account may keep. Delete one you no longer need to create "three".', code: 'quota_exceeded' });

    // Rewriting a project counts its new size, not old plus new.
    await save('two', 600_000).expect(201);
    const tooBig = await save('two', 800_000).expect(403);
    expect(tooBig.body.error).toBe('This would keep 1.1 MB of project files; an account may keep 1 MB. Delete files or projects you no longer need.');
    expect((await t.http.get('/api/projects/two/file/data.txt').set('Cookie', cookie).expect(200)).body.content).toHaveLength(600_000);

    await t.http.delete('/api/projects/one').set('Cookie', cookie).expect(200);
    await save('three', 10).expect(201);
  });
});
