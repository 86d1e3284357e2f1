// Runs: the run's own events behind `Forge-Events: run` on every spec stream endpoint, a run's
// summary and its stream from any event id (a build followed again after a reconnect), and job and
// build rows written before runs existed, still readable byte for byte after the migration.
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { RunEvent } from '@forge/protocol/runs';
import { RUN_EVENTS_HEADER, RUN_EVENTS_HEADER_VALUE } from '@forge/protocol/runs';
import { generateRecoveryKey, keyHint, sha256 } from '../src/auth/recovery-key.js';
import { MIGRATIONS_DIR, migrate, readMigrations } from '../src/platform-db/migrator.js';
import { viteApp } from './fixtures/sandbox-projects.js';
import { type FakeAnthropic, startFakeAnthropic } from './support/fake-anthropic.js';
import { readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';
import { createTestDatabase } from './support/test-database.js';

const RUN_EVENTS = { [RUN_EVENTS_HEADER]: RUN_EVENTS_HEADER_VALUE };

function runEvents(events: Array<{ id: number | null; data: string }>): RunEvent[] {
  return events.map((event) => JSON.parse(event.data) as RunEvent);
}

describe('runs', () => {
  let t: TestApp;
  let fake: FakeAnthropic;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
    t = await startTestApp({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', AUTOFIX_MAX_ATTEMPTS: '0', PREVIEW_CHECKS: 'off' });
    alice = (await signUp(t.http)).cookie;
    bob = (await signUp(t.http)).cookie;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("answers a generation's job stream as the run's own events when asked, and the run's summary to its owner only", async () => {
    fake.script({ kind: 'stream', chunks: ['<<<FILE src/App.tsx>>>\nexport const App = () => null;\n<<<END FILE>>>\n'], stopReason: 'end_turn' });
    const { jobId } = (await t.http.post('/api/jobs/start').set('Cookie', alice).send({ prompt: 'an app', projectName: 'run-gen' }).expect(201)).body as { jobId: string };

    const { status, events } = await readSse(`${t.baseUrl}/api/jobs/${jobId}/stream`, { Cookie: alice, ...RUN_EVENTS });
    expect(status).toBe(200);
    expect(events.map((event) => event.id)).toEqual(events.map((_, i) => i + 1));
    const run = runEvents(events);
    expect(run[0]).toEqual({ type: 'started', runId: jobId, kind: 'generation', projectName: 'run-gen', provider: 'anthropic' });
    expect(run).toContainEqual({ type: 'file', path: 'src/App.tsx', change: 'saved' });
    expect(run).toContainEqual({ type: 'log', level: 'info', message: expect.stringMatching(/^💰 Cost: /) });
    expect(run.slice(-2)).toEqual([{ type: 'result', success: true, filesSaved: 1 }, { type: 'end' }]);

    expect((await t.http.get(`/api/runs/${jobId}`).set('Cookie', alice).expect(200)).body).toEqual({ id: jobId, kind: 'generation', state: 'completed', projectName: 'run-gen', error: null });
    expect((await t.http.get(`/api/runs/${jobId}`).set('Cookie', bob).expect(404)).body).toEqual({ error: 'Run not found', code: 'not_found' });
    await t.http.get('/api/runs/not-a-run').set('Cookie', alice).expect(404);
    expect((await readSse(`${t.baseUrl}/api/runs/${jobId}/stream`, { Cookie: bob })).status).toBe(404);

    // From any event id, by header or by query.
    const all = await readSse(`${t.baseUrl}/api/runs/${jobId}/stream`, { Cookie: alice });
    expect(all.events).toEqual(events);
    expect((await readSse(`${t.baseUrl}/api/runs/${jobId}/stream`, { Cookie: alice, 'Last-Event-ID': '2' })).events).toEqual(events.slice(2));
    expect((await readSse(`${t.baseUrl}/api/runs/${jobId}/stream?lastEventId=3`, { Cookie: alice })).events).toEqual(events.slice(3));
  });

  it('answers a build as run events with levels set where each line was made, and follows it again from any id', async () => {
    await t.http
      .post('/api/projects/save')
      .set('Cookie', alice)
      .send({ projectName: 'run-build', files: viteApp('Runs') })
      .expect(201);
    const { status, events } = await readSse(`${t.baseUrl}/api/projects/run-build/build`, { Cookie: alice, ...RUN_EVENTS }, 'POST');
    expect(status).toBe(200);
    const run = runEvents(events);
    const started = run[0] as Extract<RunEvent, { type: 'started' }>;
    expect(started).toEqual({ type: 'started', runId: expect.any(String), kind: 'build', projectName: 'run-build' });
    expect(run).toContainEqual({ type: 'log', level: 'info', message: '🔨 Preparing the build of run-build...' });
    expect(run).toContainEqual({ type: 'log', level: 'success', message: expect.stringMatching(/^✅ Build successful in /) });
    expect(run).toContainEqual({ type: 'log', level: 'warning', message: expect.stringMatching(/^⚠️ The preview was not checked/) });
    expect(run.slice(-2)).toEqual([{ type: 'result', success: true, previewUrl: expect.any(String), check: 'skipped' }, { type: 'end' }]);

    // A viewer that lost its connection in the middle of the build comes back from its last id.
    const middle = events[Math.floor(events.length / 2)]!.id!;
    const resumed = await readSse(`${t.baseUrl}/api/runs/${started.runId}/stream`, { Cookie: alice, 'Last-Event-ID': String(middle) });
    expect(resumed.events).toEqual(events.filter((event) => event.id! > middle));
    expect((await t.http.get(`/api/runs/${started.runId}`).set('Cookie', alice).expect(200)).body).toEqual({
      id: started.runId,
      kind: 'build',
      state: 'completed',
      projectName: 'run-build',
      error: null,
    });
  }, 240_000);

  it('answers an edit as run events when asked', async () => {
    fake.script({ kind: 'stream', chunks: ['<<<EDIT src/App.tsx>>>\n<<<SEARCH>>>\n  return <h1>Runs</h1>;\n<<<REPLACE>>>\n  return <h1>Runs!</h1>;\n<<<END EDIT>>>\n'], stopReason: 'end_turn' });
    const { events } = await readSse(`${t.baseUrl}/api/projects/run-build/edit`, { Cookie: alice, ...RUN_EVENTS }, 'POST', { modificationRequest: 'Shout' });
    const run = runEvents(events);
    expect(run[0]).toEqual({ type: 'started', runId: expect.any(String), kind: 'edit', projectName: 'run-build' });
    // A line with inline diff markers says so.
    expect(run).toContainEqual({ type: 'log', level: 'info', message: expect.stringMatching(/^✏️ src\/App\.tsx:2 .*\{\+/), diff: true });
    expect(run).toContainEqual({ type: 'file', path: 'src/App.tsx', change: 'modified' });
    expect(run.at(-2)).toEqual({ type: 'result', success: true, message: expect.stringContaining('Changes applied') });
    expect(run.at(-1)).toEqual({ type: 'end' });
  }, 240_000);
});

describe('job and build rows from before runs', () => {
  it('are converted by the migration, and their spec streams replay byte for byte', async () => {
    const database = await createTestDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'forge-migrations-'));
    const migrations = await readMigrations();
    const runsMigration = migrations.findIndex((migration) => migration.name.endsWith('_runs'));
    for (const migration of migrations.slice(0, runsMigration)) await cp(join(MIGRATIONS_DIR, migration.name), join(dir, migration.name), { recursive: true });
    await migrate(database.url, () => {}, dir);

    // An account, its project, a generation, an edit and a build, as the code before runs wrote them.
    const recoveryKey = generateRecoveryKey();
    const [userId, projectId, generationId, editId, buildId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const generation = [
      '{"type":"status","status":"running","provider":"anthropic"}',
      '{"type":"content_block_delta","delta":{"type":"text_delta","text":"<<<FILE a.txt>>>\\nhello ✅\\n<<<END FILE>>>\\n"}}',
      '{"type":"response_start","continuation":true,"reason":"max_tokens"}',
      '{"type":"file_saved","path":"a.txt"}',
      '{"type":"log","level":"warning","message":"⚠️ Refused file \\"../x\\": path escapes the project"}',
      '{"type":"usage","inputTokens":10,"outputTokens":20}',
      '{"type":"log","level":"info","message":"💰 Cost: $0.00033 (10 input + 20 output tokens)"}',
      '{"type":"status","status":"completed","filesSaved":1}',
      '[DONE]',
    ];
    const edit = [
      `{"type":"started","jobId":"${editId}"}`,
      '{"type":"log","message":"🚀 Editing old: shout"}',
      '{"type":"file_changed","path":"a.txt","change":"modified"}',
      '{"type":"preview","previewUrl":"http://abcdefghijklmnopqrst.preview.localhost:3000/"}',
      '{"type":"complete","message":"✅ Changes applied (1 file changed (a.txt)); the preview is up to date."}',
      '[DONE]',
    ];
    const build = [
      '{"type":"log","data":"🔨 Preparing the build of old..."}',
      '{"type":"log","data":"src/App.tsx(2,9): error TS2322: nope"}',
      '{"type":"result","data":{"success":false,"previewUrl":null,"failedAt":"build"}}',
      '{"type":"error","data":{"error":"Build failed","details":"src/App.tsx:2 nope"}}',
      '{"type":"done"}',
    ];
    const typeOf = (data: string) => (data === '[DONE]' ? 'done' : (JSON.parse(data) as { type: string }).type);
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    await db.query('INSERT INTO users (id, key_hash, key_hint) VALUES ($1, $2, $3)', [userId, sha256(recoveryKey), keyHint(recoveryKey)]);
    await db.query("INSERT INTO projects (id, owner_id, name, updated_at) VALUES ($1, $2, 'old', now())", [projectId, userId]);
    await db.query(
      "INSERT INTO jobs (id, owner_id, project_id, project_name, kind, status, prompt, provider, input_tokens, output_tokens) VALUES ($1, $2, $3, 'old', 'generate', 'completed', 'old app', 'anthropic', 10, 20)",
      [generationId, userId, projectId],
    );
    await db.query("INSERT INTO jobs (id, owner_id, project_id, project_name, kind, status, prompt, provider) VALUES ($1, $2, $3, 'old', 'edit', 'completed', 'shout', 'anthropic')", [
      editId,
      userId,
      projectId,
    ]);
    await db.query("INSERT INTO builds (id, project_id, status, attempts, error, failed_at) VALUES ($1, $2, 'failed', 1, 'src/App.tsx:2 nope', 'build')", [buildId, projectId]);
    for (const [jobId, events] of [
      [generationId, generation],
      [editId, edit],
    ] as const) {
      for (const [i, data] of events.entries()) await db.query('INSERT INTO job_events (job_id, seq, type, data) VALUES ($1, $2, $3, $4)', [jobId, i + 1, typeOf(data), data]);
    }
    for (const [i, data] of build.entries()) await db.query('INSERT INTO build_events (build_id, seq, type, data) VALUES ($1, $2, $3, $4)', [buildId, i + 1, typeOf(data), data]);
    await db.query(
      "INSERT INTO credit_entries (id, account_id, kind, amount_micro_usd, description, job_id, input_tokens, output_tokens) VALUES ($1, $2, 'charge', -330, 'Generation of old', $3, 10, 20)",
      [randomUUID(), userId, generationId],
    );
    await db.end();

    const t = await startTestApp({}, { database });
    try {
      const login = await t.http.post('/api/auth/login').send({ recoveryKey }).expect(200);
      const cookie = (login.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
      const replay = async (path: string) => (await readSse(`${t.baseUrl}${path}`, { Cookie: cookie })).events;

      expect(await replay(`/api/jobs/${generationId}/stream`)).toEqual(generation.map((data, i) => ({ id: i + 1, data })));
      expect(await replay(`/api/jobs/${editId}/stream`)).toEqual(edit.map((data, i) => ({ id: i + 1, data })));
      expect((await t.http.get(`/api/jobs/${generationId}/status`).set('Cookie', cookie).expect(200)).body).toEqual({ status: 'completed' });

      // The build is a run now: its events in the run vocabulary, each log line with a level.
      const converted = runEvents(await replay(`/api/runs/${buildId}/stream`));
      expect(converted).toEqual([
        { type: 'log', level: 'info', message: '🔨 Preparing the build of old...' },
        { type: 'log', level: 'info', message: 'src/App.tsx(2,9): error TS2322: nope' },
        { type: 'result', success: false, previewUrl: null, failedAt: 'build' },
        { type: 'error', message: 'Build failed', details: 'src/App.tsx:2 nope' },
        { type: 'end' },
      ]);
      expect((await t.http.get(`/api/runs/${buildId}`).set('Cookie', cookie).expect(200)).body).toEqual({
        id: buildId,
        kind: 'build',
        state: 'failed',
        projectName: 'old',
        error: 'src/App.tsx:2 nope',
      });

      // The charge still names its generation.
      const credits = (await t.http.get('/api/credits').set('Cookie', cookie).expect(200)).body as { entries: Array<{ kind: string; jobId: string | null }> };
      expect(credits.entries).toContainEqual(expect.objectContaining({ kind: 'charge', jobId: generationId }));
      expect((await t.http.get('/api/credits/usage').set('Cookie', cookie).expect(200)).body.projects).toEqual([
        { projectName: 'old', exists: true, inputTokens: 10, outputTokens: 20, costMicroUsd: 330, calls: 1 },
      ]);
    } finally {
      await t.close();
      await rm(dir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
