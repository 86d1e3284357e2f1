// A generation never replaces an existing project silently (#25 item 4): a taken name is refused with
// 409 naming the project unless the request says it replaces it; and a finished generation is built
// on the server even when nobody follows it to the end (#25 item 3: a tab closed mid-generation).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCode } from '@forge/protocol/errors';
import { projectExistsMessage } from '@forge/protocol/project-name';
import { readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

const PROMPT = 'A landing page for a bakery called Crumb';

describe('generating under a name that is taken', () => {
  let t: TestApp;
  let alice: string;

  beforeAll(async () => {
    t = await startTestApp({ LLM_PROVIDER: 'offline' });
    alice = (await signUp(t.http)).cookie;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const start = (cookie: string, body: object) =>
    t.http
      .post('/api/jobs/start')
      .set('Cookie', cookie)
      .send({ prompt: PROMPT, ...body });
  const generate = async (cookie: string, body: object) => {
    const { jobId } = (await start(cookie, body).expect(201)).body as { jobId: string };
    await readSse(`${t.baseUrl}/api/jobs/${jobId}/stream`, { Cookie: cookie });
    return jobId;
  };

  it('refuses with 409 naming the project, changes nothing and starts no job', async () => {
    await generate(alice, { projectName: 'crumb' });
    const tree = (await t.http.get('/api/projects/crumb/tree').set('Cookie', alice).expect(200)).body;
    const versions = (await t.http.get('/api/projects/crumb/versions').set('Cookie', alice).expect(200)).body;

    const refused = await start(alice, { prompt: "A photographer's portfolio", projectName: 'crumb' }).expect(409);
    expect(refused.body).toEqual({ error: projectExistsMessage('crumb'), code: ErrorCode.ProjectExists });
    expect(refused.body.error).toContain('"crumb"');

    expect((await t.http.get('/api/jobs/active').set('Cookie', alice).expect(200)).body.jobs).toEqual([]);
    expect((await t.http.get('/api/projects/crumb/tree').set('Cookie', alice).expect(200)).body).toEqual(tree);
    expect((await t.http.get('/api/projects/crumb/versions').set('Cookie', alice).expect(200)).body).toEqual(versions);
  }, 120_000);

  it('answers a second start of a project being generated as busy, naming the running job', async () => {
    const { jobId } = (await start(alice, { projectName: 'rolling' }).expect(201)).body as { jobId: string };
    const again = await start(alice, { projectName: 'rolling' }).expect(409);
    expect(again.body).toMatchObject({ code: 'project.busy', error: expect.stringContaining(jobId) });
    await readSse(`${t.baseUrl}/api/jobs/${jobId}/stream`, { Cookie: alice });
  }, 120_000);

  it('refuses the default name once a project has it', async () => {
    await generate(alice, {});
    const refused = await start(alice, {}).expect(409);
    expect(refused.body.error).toBe(projectExistsMessage('my-react-app'));
  }, 120_000);

  it('replaces the project when the request says so, keeping the earlier version in History', async () => {
    const before = (await t.http.get('/api/projects/crumb/versions').set('Cookie', alice).expect(200)).body.versions as unknown[];
    await generate(alice, { prompt: 'A todo app called Crumb', projectName: 'crumb', replace: true });
    const after = (await t.http.get('/api/projects/crumb/versions').set('Cookie', alice).expect(200)).body.versions as unknown[];
    expect(after).toHaveLength(before.length + 1);
  }, 120_000);

  it('takes a free name, and the same name in another account', async () => {
    await generate(alice, { projectName: 'crumb-2' });
    const bob = (await signUp(t.http)).cookie;
    await generate(bob, { projectName: 'crumb' });
  }, 120_000);

  it('refuses a replace flag that is not true or false', async () => {
    const res = await start(alice, { projectName: 'crumb', replace: 'yes' }).expect(400);
    expect(res.body.error).toContain('replace must be true or false');
  });
});

describe('a generation nobody follows to the end', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp({ LLM_PROVIDER: 'offline', BUILD_AFTER_GENERATION: '1', AUTOFIX_MAX_ATTEMPTS: '0' });
    cookie = (await signUp(t.http)).cookie;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is saved and built on the server, its preview ready when the project is opened', async () => {
    const { jobId } = (await t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt: PROMPT, projectName: 'unwatched' }).expect(201)).body as { jobId: string };
    // The tab closed at once: nobody reads the job's stream. Waiting on the status endpoint only.
    for (;;) {
      const { status } = (await t.http.get(`/api/jobs/${jobId}/status`).set('Cookie', cookie).expect(200)).body as { status: string };
      if (status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // The build the server started; the preview status says so once it is live.
    for (;;) {
      const preview = (await t.http.get('/api/projects/unwatched/preview-status').set('Cookie', cookie).expect(200)).body as { isBuilt: boolean; previewUrl: string };
      if (preview.isBuilt) {
        expect(preview.previewUrl).not.toBe('');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }, 300_000);
});
