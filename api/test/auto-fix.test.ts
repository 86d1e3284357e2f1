// The auto-fix loop end to end: a real build in Docker, a scripted model behind the real Anthropic SDK.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { TYPE_ERROR_APP, TYPE_ERROR_FIXED, viteApp } from './fixtures/sandbox-projects.js';
import { type FakeAnthropic, startFakeAnthropic } from './support/fake-anthropic.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let fake: FakeAnthropic;
let cookie: string;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  t = await startTestApp({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', AUTOFIX_MAX_ATTEMPTS: '3' });
  cookie = (await signUp(t.http)).cookie;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** The model requests made for one project since `from` (its name is in every fix request). */
function requestsFor(name: string, from: number) {
  return fake.requests.slice(from).filter((request) => JSON.stringify(request.body).includes(`Project name: ${name}`));
}

async function build(name: string) {
  const { events } = await readSse(`${t.baseUrl}/api/projects/${name}/build`, { Cookie: cookie }, 'POST');
  const parsed = parsedEvents(events);
  return {
    events: parsed,
    log: parsed.filter((e) => e.type === 'log').map((e) => String(e.data)),
    result: parsed.find((e) => e.type === 'result')?.data as { success: boolean; previewUrl: string | null },
  };
}

describe('the auto-fix loop', () => {
  it('fixes a type error on the second build, with the attempt and its diff in the build stream', async () => {
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'typo', files: viteApp('Counter', TYPE_ERROR_APP) })
      .expect(201);
    fake.script({ kind: 'stream', chunks: ['The count is a number.\n', '<<<FILE src/App.tsx>>>\n', TYPE_ERROR_FIXED, '<<<END FILE>>>\n'], stopReason: 'end_turn' });

    const { log, result } = await build('typo');
    const text = log.join('\n');
    expect(text).toMatch(/src\/App\.tsx\(2,9\): error TS2322/);
    expect(text).toMatch(/🔧 Auto-fix attempt 1\/3: 1 error to fix/);
    expect(text).toContain('   • src/App.tsx:2:9');
    expect(text).toContain('✏️ src/App.tsx:2  const count: [-string-]{+number+} = 42;');
    expect(text).toMatch(/🔁 Rebuilding with 1 changed file/);
    expect(result.success).toBe(true);
    // The fix's model call was charged on the build, and the build's log says what it cost (10 input + 20 output tokens at $3/$15 per million).
    expect(text).toContain('💰 Cost: $0.00033 (10 input + 20 output tokens)');

    // The model saw the error, the file it points at and the tree.
    const request = JSON.stringify(fake.requests.at(-1)!.body);
    expect(request).toContain('TS2322');
    expect(request).toContain('const count: string = 42;');
    expect(request).toContain('vite.config.ts');
    // The fix is saved in the project, not only in the sandbox.
    const saved = await t.http.get('/api/projects/typo/file/src/App.tsx').set('Cookie', cookie).expect(200);
    expect(saved.body.content).toBe(TYPE_ERROR_FIXED);
  }, 240_000);

  it("stops a hopeless project after the last attempt, with the spec's build error", async () => {
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'hopeless', files: viteApp('Never', TYPE_ERROR_APP) })
      .expect(201);
    // Every attempt trades the error for another one: progress of a sort, so only the cap stops it.
    const wrongTypes = ['boolean', 'bigint', 'symbol'];
    const stillWrong = (type: string) => TYPE_ERROR_APP.replace('string', type);
    fake.script(...wrongTypes.map((type) => ({ kind: 'stream' as const, chunks: ['<<<FILE src/App.tsx>>>\n', stillWrong(type), '<<<END FILE>>>\n'], stopReason: 'end_turn' as const })));

    const { events, log, result } = await build('hopeless');
    const text = log.join('\n');
    for (const n of [1, 2, 3]) expect(text).toContain(`🔧 Auto-fix attempt ${n}/3`);
    expect(text).toContain('[-string-]{+boolean+}');
    expect(text).toMatch(/🛑 Still failing after 3 automatic fix attempts; giving up\./);
    expect(text).toMatch(/💰 Fix attempt 3 used [\d,]+ input and [\d,]+ output tokens/);
    expect(result).toEqual({ success: false, previewUrl: null, failedAt: 'build' });
    expect(events).toContainEqual({
      type: 'error',
      data: { error: 'Build failed', details: expect.stringMatching(/^still failing after 3 automatic fix attempts: src\/App\.tsx:2 Type 'number' is not assignable to type 'symbol'/) },
    });
    expect(events.at(-1)).toEqual({ type: 'done' });
    const status = await t.http.get('/api/projects/hopeless/preview-status').set('Cookie', cookie).expect(200);
    expect(status.body).toEqual({ isBuilt: false, previewUrl: '' });
  }, 300_000);

  it('refuses the fix of an account without credit in the build stream, in the words of the 402, asking the model nothing', async () => {
    const broke = await signUp(t.http);
    const prisma = t.app.get(PrismaService);
    await prisma.creditEntry.create({ data: { accountId: broke.userId, kind: 'charge', amountMicroUsd: -10_000_000n, description: 'Test spending' } });
    await t.http
      .post('/api/projects/save')
      .set('Cookie', broke.cookie)
      .send({ projectName: 'unpaid', files: viteApp('Unpaid', TYPE_ERROR_APP) })
      .expect(201);
    const before = fake.requests.length;

    const { events } = await readSse(`${t.baseUrl}/api/projects/unpaid/build`, { Cookie: broke.cookie }, 'POST');
    const parsed = parsedEvents(events);
    const error = 'Your credit balance is $0.00: an automatic fix needs a positive balance. Top up your credits (or ask an operator for a grant) and try again.';
    expect(parsed).toContainEqual({ type: 'error', data: { error } });
    expect(parsed.filter((e) => e.type === 'log').map((e) => String(e.data))).toContain('💰 Cost: $0.00');
    expect(parsed).toContainEqual({ type: 'result', data: { success: false, previewUrl: null, failedAt: 'build' } });
    expect(fake.requests.length).toBe(before);
  }, 240_000);

  it('gives an error that survives an attempt a second try, then stops after exactly two model requests', async () => {
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'stuck', files: viteApp('Stuck', TYPE_ERROR_APP) })
      .expect(201);
    const sameError = (value: string) => ({ kind: 'stream' as const, chunks: ['<<<FILE src/App.tsx>>>\n', TYPE_ERROR_APP.replace('42', value), '<<<END FILE>>>\n'], stopReason: 'end_turn' as const });
    fake.script(sameError('43'), sameError('44'));
    const before = fake.requests.length;

    const { log, result } = await build('stuck');
    const text = log.join('\n');
    expect(requestsFor('stuck', before)).toHaveLength(2);
    expect(text).toContain('🔁 The same error is still there after attempt 1; one more attempt, told what that one changed');
    expect(text).toContain('🔧 Auto-fix attempt 2/3');
    expect(text).not.toContain('Auto-fix attempt 3');
    expect(text).toMatch(/🛑 The agent could not make progress on this error: src\/App\.tsx:2 Type 'number' is not assignable to type 'string'/);
    expect(result).toEqual({ success: false, previewUrl: null, failedAt: 'build' });
    // The second request told the model what the first attempt changed and that the error stayed.
    const [first, second] = requestsFor('stuck', before).map((request) => JSON.stringify(request.body));
    expect(first).not.toContain('The previous attempt did not fix this');
    expect(second).toContain('Attempt 1 changed src/App.tsx, and the build still fails with the same errors');
    // The build's record keeps what both attempts cost.
    const stored = await t.app.get(PrismaService).build.findFirst({ where: { project: { name: 'stuck' } }, orderBy: { createdAt: 'desc' } });
    expect(stored).toMatchObject({ failedAt: 'build', attempts: 3 });
    expect(stored!.inputTokens).toBeGreaterThan(0);
    const charges = await t.app.get(PrismaService).creditEntry.findMany({ where: { buildId: stored!.id } });
    expect(charges.reduce((sum, entry) => sum + entry.amountMicroUsd, 0n)).toBe(-BigInt(Math.ceil(stored!.inputTokens * 3 + stored!.outputTokens * 15)));
  }, 300_000);

  it('succeeds when the second attempt, told the first did not change the error, fixes it', async () => {
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'second-try', files: viteApp('SecondTry', TYPE_ERROR_APP) })
      .expect(201);
    // The first attempt fixes the wrong thing (a helper nobody imports); the second fixes the type.
    fake.script(
      { kind: 'stream', chunks: ['<<<FILE src/count.ts>>>\n', 'export const count = 42;\n', '<<<END FILE>>>\n'], stopReason: 'end_turn' },
      { kind: 'stream', chunks: ['<<<FILE src/App.tsx>>>\n', TYPE_ERROR_FIXED, '<<<END FILE>>>\n'], stopReason: 'end_turn' },
    );
    const before = fake.requests.length;

    const { log, result } = await build('second-try');
    const text = log.join('\n');
    expect(requestsFor('second-try', before)).toHaveLength(2);
    expect(text).toContain('🔁 The same error is still there after attempt 1; one more attempt, told what that one changed');
    expect(JSON.stringify(requestsFor('second-try', before)[1]!.body)).toContain('Attempt 1 changed src/count.ts, and the build still fails with the same errors');
    expect(result.success).toBe(true);
  }, 300_000);
});
