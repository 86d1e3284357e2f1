import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseTranscript } from '@forge/protocol/file-stream';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { RunInterruptions } from '../src/runs/run-interruptions.js';
import { RunsRepository } from '../src/runs/runs.repository.js';
import { INTERRUPTED_MESSAGE } from '../src/runs/runs.service.js';
import { type FakeAnthropic, startFakeAnthropic } from './support/fake-anthropic.js';
import { parsedEvents, readSse, streamedText } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

const projectChunks = [
  'Planning a todo app.\n',
  '<<<FILE package.json>>>\n{ "name": "todo" }\n<<<END FILE>>>\n',
  '<<<FILE src/App.tsx>>>\nexport function App() {\n',
  '  return <h1>Todo</h1>;\n}\n<<<END FILE>>>\n',
  '<<<FILE ../../escape.txt>>>\nnope\n<<<END FILE>>>\n',
  '<<<FILE src/main.tsx>>>\nimport "./App";\n<<<END FILE>>>\nAll done.\n',
];

describe('generation jobs', () => {
  let fake: FakeAnthropic;
  let t: TestApp;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    t = await startTestApp({ LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0' });
    alice = (await signUp(t.http)).cookie;
    bob = (await signUp(t.http)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const stream = (jobId: string, cookie: string, lastEventId?: number) =>
    readSse(`${t.baseUrl}/api/jobs/${jobId}/stream`, { Cookie: cookie, ...(lastEventId ? { 'Last-Event-ID': String(lastEventId) } : {}) });

  it('validates the request in the spec words', async () => {
    const cases: Array<[object, string]> = [
      [{ prompt: '   ', projectName: 'x' }, 'Describe your React project first: the prompt is empty.'],
      [{ prompt: 'app', projectName: 'bad name' }, 'Invalid project name. Use only letters, numbers, hyphens (-), and underscores (_).'],
      [{ prompt: 'app', images: [{ name: 'doc.pdf', base64: 'AAAA', mediaType: 'application/pdf' }] }, 'doc.pdf is not a valid image'],
      [{ prompt: 'app', images: [{ name: 'big.png', base64: 'A'.repeat(7_000_000), mediaType: 'image/png' }] }, 'big.png is too large (max 5MB)'],
    ];
    for (const [body, message] of cases) {
      const res = await t.http.post('/api/jobs/start').set('Cookie', alice).send(body).expect(400);
      expect(res.body.error).toContain(message);
    }
    await t.http.post('/api/jobs/start').send({ prompt: 'app' }).expect(401);
  });

  it('answers a job id at once, runs on the server, and saves each file as it completes', async () => {
    fake.script({ kind: 'stream', chunks: projectChunks, stopReason: 'end_turn', delayMs: 60, inputTokens: 1200, outputTokens: 340 });
    const start = await t.http.post('/api/jobs/start').set('Cookie', alice).send({ prompt: 'a todo app', projectName: 'todo' }).expect(201);
    const { jobId } = start.body as { jobId: string };

    const active = await t.http.get('/api/jobs/active').set('Cookie', alice).expect(200);
    expect(active.body.jobs).toEqual([{ id: jobId, kind: 'generate', projectName: 'todo', projectId: null }]);
    expect((await t.http.get('/api/jobs/active').set('Cookie', bob).expect(200)).body.jobs).toEqual([]);

    // Two viewers at once see the same events.
    const [first, second] = await Promise.all([stream(jobId, alice), stream(jobId, alice)]);
    expect(first.status).toBe(200);
    expect(second.events).toEqual(first.events);

    const ids = first.events.map((e) => e.id!);
    expect(ids).toEqual(ids.map((_, i) => i + 1));
    expect(first.events.at(-1)!.data).toBe('[DONE]');
    expect(streamedText(first.events)).toBe(projectChunks.join(''));
    const events = parsedEvents(first.events);
    expect(events.filter((e) => e.type === 'file_saved').map((e) => e.path)).toEqual(['package.json', 'src/App.tsx', 'src/main.tsx']);
    expect(events).toContainEqual({ type: 'log', level: 'warning', message: expect.stringContaining('Refused file "../../escape.txt"') });
    expect(events.at(-1)).toEqual({ type: 'status', status: 'completed', filesSaved: 3 });

    expect((await t.http.get(`/api/jobs/${jobId}/status`).set('Cookie', alice).expect(200)).body).toEqual({ status: 'completed' });
    const list = await t.http.get('/api/projects').set('Cookie', alice).expect(200);
    expect(list.body.projects).toEqual([{ name: 'todo', fileCount: 3, modifiedAt: expect.any(String) }]);
    const tree = await t.http.get('/api/projects/todo/tree').set('Cookie', alice).expect(200);
    expect(tree.body.tree).toEqual(['package.json', 'src/App.tsx', 'src/main.tsx']);
    const parsed = parseTranscript(projectChunks.join('')).files;
    const file = await t.http.get('/api/projects/todo/file/src/App.tsx').set('Cookie', alice).expect(200);
    expect(file.body.content).toBe(parsed.get('src/App.tsx')!.content);

    const job = await t.app.get(PrismaService).run.findUniqueOrThrow({ where: { id: jobId } });
    expect(job).toMatchObject({ inputTokens: 1200, outputTokens: 340, provider: 'anthropic', status: 'completed' });

    // Replay from the start, or from any event id, after the job ended.
    expect((await stream(jobId, alice)).events).toEqual(first.events);
    const resumed = await stream(jobId, alice, 5);
    expect(resumed.events).toEqual(first.events.slice(5));
  });

  it('hides a job from other accounts', async () => {
    fake.script({ kind: 'stream', chunks: ['<<<FILE a.txt>>>\na\n'], stopReason: 'end_turn' });
    const { jobId } = (await t.http.post('/api/jobs/start').set('Cookie', alice).send({ prompt: 'x', projectName: 'private' }).expect(201)).body;
    expect((await stream(jobId, bob)).status).toBe(404);
    await t.http.get(`/api/jobs/${jobId}/status`).set('Cookie', bob).expect(404);
    await stream(jobId, alice);
  });

  it('ends the job with the provider message when the model refuses', async () => {
    fake.script({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'prompt is too long' });
    const { jobId } = (await t.http.post('/api/jobs/start').set('Cookie', alice).send({ prompt: 'x', projectName: 'refused' }).expect(201)).body;
    const { events } = await stream(jobId, alice);
    expect(parsedEvents(events)).toContainEqual({ type: 'error', message: 'Anthropic: prompt is too long' });
    expect(events.at(-1)!.data).toBe('[DONE]');
    expect((await t.http.get(`/api/jobs/${jobId}/status`).set('Cookie', alice).expect(200)).body).toEqual({ status: 'failed', error: 'Anthropic: prompt is too long' });
    await t.http.get('/api/projects/refused/tree').set('Cookie', alice).expect(404);
  });

  it('drops events of a job deleted meanwhile (its account went) instead of failing the batch', async () => {
    const repository = t.app.get(RunsRepository);
    await expect(repository.insertEvents(randomUUID(), [{ seq: 1, type: 'log', payload: '{"type":"log"}' }])).resolves.toBeUndefined();
  });

  it('drops events of a job whose deletion commits while they are stored, without a foreign-key error', async () => {
    const prisma = t.app.get(PrismaService);
    const user = await prisma.user.findFirstOrThrow({ orderBy: { createdAt: 'asc' } });
    const job = await prisma.run.create({ data: { ownerId: user.id, kind: 'generation', projectName: 'going', prompt: 'x', provider: 'anthropic' } });
    let stored: Promise<unknown> = Promise.resolve();
    // The deletion is under way (not committed) when the events are stored: they wait for it, then are left out.
    await prisma.$transaction(async (tx) => {
      await tx.run.delete({ where: { id: job.id } });
      stored = t.app
        .get(RunsRepository)
        .insertEvents(job.id, [{ seq: 1, type: 'log', payload: '{"type":"log"}' }])
        .then(
          () => 'stored',
          (err: Error) => err.message,
        );
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await stored).toBe('stored');
    expect(await prisma.runEvent.count({ where: { runId: job.id } })).toBe(0);
  });

  it('marks jobs a stopped replica left running as failed, keeping their files', async () => {
    const prisma = t.app.get(PrismaService);
    const user = await prisma.user.findFirstOrThrow({ orderBy: { createdAt: 'asc' } });
    // Running on a replica that no longer beats.
    const job = await prisma.run.create({ data: { ownerId: user.id, kind: 'generation', projectName: 'stale', prompt: 'x', provider: 'anthropic', replicaId: randomUUID() } });
    await prisma.runEvent.create({
      data: { runId: job.id, seq: 1, type: 'started', data: JSON.stringify({ type: 'started', runId: job.id, kind: 'generation', projectName: 'stale', provider: 'anthropic' }) },
    });

    await t.app.get(RunInterruptions).endOrphans();

    const after = await prisma.run.findUniqueOrThrow({ where: { id: job.id } });
    expect(after).toMatchObject({ status: 'failed', error: INTERRUPTED_MESSAGE });
    const { events } = await stream(job.id, alice);
    expect(events.map((e) => e.id)).toEqual([1, 2, 3, 4]);
    expect(parsedEvents(events)).toContainEqual({ type: 'error', message: INTERRUPTED_MESSAGE });
    expect(events.at(-1)!.data).toBe('[DONE]');
  });
});

describe('one writer per project, a few jobs per account', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // Slow enough that the first job still runs while the others arrive.
    t = await startTestApp({ OFFLINE_AGENT_CHARS_PER_SECOND: '500', LIMIT_CONCURRENT_JOBS: '2' });
    cookie = (await signUp(t.http)).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  const start = (projectName: string) => t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt: 'A todo app', projectName });

  it('refuses a second generation of a project started at the same moment, naming the running one, and a save during it', async () => {
    const [a, b] = await Promise.all([start('same'), start('same')]);
    const [accepted, refused] = a.status === 201 ? [a, b] : [b, a];
    expect(accepted.status).toBe(201);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: `A generation of "same" is running (job ${accepted.body.jobId}). Wait for it to finish, or follow it in the workspace.`,
      code: 'project.busy',
    });
    const save = await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'same', files: { 'a.txt': 'x' } })
      .expect(409);
    expect(save.body.code).toBe('project.busy');
  });

  it("refuses a job beyond the account's number running at once, with Retry-After", async () => {
    await start('second').expect(201);
    const third = await start('third').expect(429);
    expect(third.body).toEqual({ error: 'You have 2 generations running, the most an account may run at once. Wait for one to finish.', code: 'rate_limited' });
    expect(third.headers['retry-after']).toBe('60');
    // Refused starts hold nothing: the project is free once the account has room.
    const other = await signUp(t.http);
    await t.http.post('/api/jobs/start').set('Cookie', other.cookie).send({ prompt: 'A todo app', projectName: 'third' }).expect(201);
  });
});
