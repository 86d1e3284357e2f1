// The credit ledger end to end: the real Anthropic SDK against a local server speaking its protocol,
// the real database, charges per model call, refusals at zero, grants from the operators' console.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CREDITS_RAN_OUT_MESSAGE } from '@forge/protocol/credits';
import { ErrorCode } from '@forge/protocol/errors';
import { AutoFixService } from '../src/auto-fix/auto-fix.service.js';
import { statusForCode } from '../src/common/errors/error-status.js';
import { CreditsService } from '../src/credits/credits.service.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { type FakeAnthropic, startFakeAnthropic } from './support/fake-anthropic.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, signUpWithId, startTestApp } from './support/test-app.js';

const ADMIN_ID = randomUUID();
// $3 and $15 per million tokens: 3 and 15 micro-dollars per token.
const price = (input: number, output: number) => input * 3 + output * 15;
const file = (path: string, content: string) => `<<<FILE ${path}>>>\n${content}<<<END FILE>>>\n`;

let fake: FakeAnthropic;
let t: TestApp;
let prisma: PrismaService;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  t = await startTestApp({ LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', ADMIN_USER_IDS: ADMIN_ID });
  prisma = t.app.get(PrismaService);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function credits(cookie: string, query = '') {
  return (await t.http.get(`/api/credits${query}`).set('Cookie', cookie).expect(200)).body as {
    balanceMicroUsd: number;
    entries: Array<{ id: string; kind: string; amountMicroUsd: number; description: string; createdAt: string; jobId: string | null }>;
    nextCursor: string | null;
  };
}

/** Brings the account's balance to `target` with one entry, as spending would. */
async function setBalance(userId: string, target: number): Promise<void> {
  const current = await t.app.get(CreditsService).balance(userId);
  await prisma.creditEntry.create({ data: { accountId: userId, kind: 'charge', amountMicroUsd: BigInt(target) - current, description: 'Test spending' } });
}

async function generate(cookie: string, projectName: string) {
  const start = await t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt: 'a counter', projectName }).expect(201);
  const { jobId } = start.body as { jobId: string };
  const { events } = await readSse(`${t.baseUrl}/api/jobs/${jobId}/stream`, { Cookie: cookie });
  return { jobId, events: parsedEvents(events) };
}

describe('credits', () => {
  it('gives a new account its welcome credit, in the ledger with it', async () => {
    const { cookie, userId } = await signUp(t.http);
    const ledger = await credits(cookie);
    expect(ledger).toEqual({
      balanceMicroUsd: 10_000_000,
      entries: [{ id: expect.any(String), kind: 'welcome', amountMicroUsd: 10_000_000, description: 'Welcome credit', createdAt: expect.any(String), jobId: null }],
      nextCursor: null,
    });
    expect(await prisma.creditEntry.count({ where: { accountId: userId } })).toBe(1);
    await t.http.get('/api/credits').expect(401);
  });

  it('charges each model call of a generation at its reported usage × price, exactly, in the transaction of the usage', async () => {
    const { cookie, userId } = await signUp(t.http);
    fake.script(
      { kind: 'stream', chunks: ['<<<FILE src/App.tsx>>>\nexport const ans'], stopReason: 'max_tokens', inputTokens: 1234, outputTokens: 5678 },
      { kind: 'stream', chunks: ['<<<FILE src/App.tsx>>>\nwer = 42;\n<<<END FILE>>>\n', file('README.md', '# Counter\n')], stopReason: 'end_turn', inputTokens: 7001, outputTokens: 333 },
    );
    const { jobId, events } = await generate(cookie, 'counter');
    expect(events.at(-1)).toEqual({ type: 'status', status: 'completed', filesSaved: 2 });

    const first = price(1234, 5678);
    const second = price(7001, 333);
    const ledger = await credits(cookie);
    expect(ledger.balanceMicroUsd).toBe(10_000_000 - first - second);
    // Newest first: the second call's charge, the first's, the welcome credit.
    expect(ledger.entries.map((e) => [e.kind, e.amountMicroUsd, e.jobId])).toEqual([
      ['charge', -second, jobId],
      ['charge', -first, jobId],
      ['welcome', 10_000_000, null],
    ]);
    expect(ledger.entries[0]!.description).toBe('Generation of counter: 7,001 input + 333 output tokens');
    // The job's usage is the sum of what was charged.
    const job = await prisma.run.findUniqueOrThrow({ where: { id: jobId } });
    expect([job.inputTokens, job.outputTokens]).toEqual([1234 + 7001, 5678 + 333]);
    const charged = await prisma.creditEntry.aggregate({ where: { accountId: userId, kind: 'charge' }, _sum: { inputTokens: true, outputTokens: true } });
    expect(charged._sum).toEqual({ inputTokens: job.inputTokens, outputTokens: job.outputTokens });
    // The job's log says what it cost.
    expect(first + second).toBe(114_870);
    expect(events).toContainEqual({ type: 'log', level: 'info', message: '💰 Cost: $0.11487 (8,235 input + 6,011 output tokens)' });

    const usage = (await t.http.get('/api/credits/usage').set('Cookie', cookie).expect(200)).body;
    expect(usage).toEqual({ projects: [{ projectName: 'counter', exists: true, inputTokens: 8235, outputTokens: 6011, costMicroUsd: first + second, calls: 2 }] });
  });

  it('never loses or doubles one of 100 concurrent charges on one account', async () => {
    const { userId } = await signUp(t.http);
    const job = await prisma.run.create({ data: { ownerId: userId, kind: 'generation', projectName: 'many', prompt: 'many', provider: 'anthropic' } });
    const service = t.app.get(CreditsService);
    const calls = Array.from({ length: 100 }, (_, i) => ({ inputTokens: 1000 + i, outputTokens: 10 * i }));
    const balances = await Promise.all(calls.map((call) => service.recordCall(userId, { runId: job.id }, call, 'Generation of many')));

    const expected = calls.reduce((sum, call) => sum + price(call.inputTokens, call.outputTokens), 0);
    expect(await service.balance(userId)).toBe(BigInt(10_000_000 - expected));
    const entries = await prisma.creditEntry.findMany({ where: { accountId: userId, kind: 'charge' } });
    expect(entries).toHaveLength(100);
    expect(entries.map((e) => Number(-e.amountMicroUsd)).sort((a, b) => a - b)).toEqual(calls.map((c) => price(c.inputTokens, c.outputTokens)).sort((a, b) => a - b));
    const after = await prisma.run.findUniqueOrThrow({ where: { id: job.id } });
    expect(after.inputTokens).toBe(calls.reduce((sum, c) => sum + c.inputTokens, 0));
    expect(after.outputTokens).toBe(calls.reduce((sum, c) => sum + c.outputTokens, 0));
    // Each answered balance includes at least its own charge; the lowest is the final one.
    expect(balances.map(Number).sort((a, b) => a - b)[0]).toBe(10_000_000 - expected);
  });

  it('answers 402 to a generation, an edit and a fix when the balance is not positive, and asks the model nothing', async () => {
    const { cookie, userId } = await signUp(t.http);
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'broke', files: { 'src/App.tsx': 'export const x = 1;\n' } })
      .expect(201);
    await setBalance(userId, 0);
    const requests = fake.requests.length;

    const job = await t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt: 'an app', projectName: 'broke2' }).expect(402);
    expect(job.body).toEqual({
      code: ErrorCode.CreditsExhausted,
      error: 'Your credit balance is $0.00: a generation needs a positive balance. Top up your credits (or ask an operator for a grant) and try again.',
    });
    const edit = await t.http.post('/api/projects/broke/edit').set('Cookie', cookie).send({ modificationRequest: 'make it blue' }).expect(402);
    expect(edit.body).toMatchObject({ code: ErrorCode.CreditsExhausted, error: expect.stringContaining('an edit needs a positive balance') });

    // A fix starts inside a build when the build fails; it is refused with the same error, which the build's stream reports.
    const project = await prisma.project.findFirstOrThrow({ where: { ownerId: userId, name: 'broke' } });
    const fix = t.app.get(AutoFixService).attempt({
      ownerId: userId,
      buildId: randomUUID(),
      projectId: project.id,
      projectName: 'broke',
      buildLog: 'src/App.tsx(1,1): error TS1: broken',
      attempt: 1,
      log: () => {},
      signal: new AbortController().signal,
    });
    await expect(fix).rejects.toMatchObject({ code: ErrorCode.CreditsExhausted, message: expect.stringContaining('an automatic fix needs a positive balance') });
    expect(statusForCode(ErrorCode.CreditsExhausted)).toBe(402);

    expect(fake.requests.length).toBe(requests);
    expect(await prisma.run.count({ where: { ownerId: userId } })).toBe(0);

    // A negative balance is refused the same way.
    await setBalance(userId, -5);
    await t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt: 'an app', projectName: 'broke2' }).expect(402);
  });

  it('stops a generation that crosses zero after the file it was writing, and says so', async () => {
    const { cookie, userId } = await signUp(t.http);
    await setBalance(userId, 1_000);
    fake.script(
      // The first call costs more than the balance and is cut inside src/b.ts.
      { kind: 'stream', chunks: [file('src/a.ts', 'export const a = 1;\n'), '<<<FILE src/b.ts>>>\nexport const b'], stopReason: 'max_tokens', inputTokens: 100, outputTokens: 100 },
      // The continuation finishes src/b.ts, then goes on to a file that is never written.
      { kind: 'stream', chunks: ['<<<FILE src/b.ts>>>\n = 2;\n<<<END FILE>>>\n', file('src/c.ts', 'export const c = 3;\n'), 'Done.\n'], stopReason: 'end_turn', inputTokens: 50, outputTokens: 50 },
    );
    const before = fake.requests.length;
    const { jobId, events } = await generate(cookie, 'crossing');

    expect(events.filter((e) => e.type === 'file_saved').map((e) => e.path)).toEqual(['src/a.ts', 'src/b.ts']);
    expect(events).toContainEqual({ type: 'log', level: 'warning', message: '⚠️ Your credits ran out: finishing src/b.ts, then stopping.' });
    expect(events.slice(-2)).toEqual([
      { type: 'error', message: CREDITS_RAN_OUT_MESSAGE },
      { type: 'status', status: 'failed', filesSaved: 2 },
    ]);
    expect((await t.http.get(`/api/jobs/${jobId}/status`).set('Cookie', cookie).expect(200)).body).toEqual({ status: 'failed', error: CREDITS_RAN_OUT_MESSAGE });
    const tree = await t.http.get('/api/projects/crossing/tree').set('Cookie', cookie).expect(200);
    expect(tree.body.tree).toEqual(['src/a.ts', 'src/b.ts']);
    const b = await t.http.get('/api/projects/crossing/file/src/b.ts').set('Cookie', cookie).expect(200);
    expect(b.body.content).toBe('export const b = 2;\n');
    expect(fake.requests.length - before).toBe(2);
    // Only the first call reported its usage: the second was stopped before it ended.
    expect((await credits(cookie)).balanceMicroUsd).toBe(1_000 - price(100, 100));

    // The next job is refused.
    await t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt: 'more', projectName: 'crossing2' }).expect(402);
  });

  it('stops at once when the answer was cut between two files', async () => {
    const { cookie, userId } = await signUp(t.http);
    await setBalance(userId, 10);
    // Nothing is scripted after the cut: a continuation would be asked and answered with an error.
    fake.script({ kind: 'stream', chunks: [file('src/a.ts', 'export const a = 1;\n')], stopReason: 'max_tokens', inputTokens: 10, outputTokens: 10 });
    const before = fake.requests.length;
    const { events } = await generate(cookie, 'between');
    expect(events.filter((e) => e.type === 'file_saved').map((e) => e.path)).toEqual(['src/a.ts']);
    expect(events.slice(-2)).toEqual([
      { type: 'error', message: CREDITS_RAN_OUT_MESSAGE },
      { type: 'status', status: 'failed', filesSaved: 1 },
    ]);
    expect(fake.requests.length - before).toBe(1);
  });

  it('charges an edit per call and, once its balance is gone, makes no further call and changes nothing', async () => {
    const { cookie, userId } = await signUp(t.http);
    await t.http
      .post('/api/projects/save')
      .set('Cookie', cookie)
      .send({ projectName: 'edited', files: { 'src/App.tsx': 'export const x = 1;\n' } })
      .expect(201);
    await setBalance(userId, 500);
    // Cut inside the EDIT block: finishing it would need a second call, which the balance no longer allows.
    fake.script({ kind: 'stream', chunks: ['<<<EDIT src/App.tsx>>>\n<<<SEARCH>>>\nexport const x = 1;\n<<<REPLACE>>>\nexport const x'], stopReason: 'max_tokens', inputTokens: 100, outputTokens: 20 });
    const before = fake.requests.length;
    const { status, events } = await readSse(`${t.baseUrl}/api/projects/edited/edit`, { Cookie: cookie }, 'POST', { modificationRequest: 'make x 2' });
    expect(status).toBe(200);
    const parsed = parsedEvents(events);
    expect(parsed.at(-1)).toEqual({ type: 'error', message: 'Your credits ran out while the agent was answering, so nothing was changed. Top up your credits and try again.' });
    expect(parsed).toContainEqual({ type: 'log', message: '💰 Cost: $0.0006 (100 input + 20 output tokens)' });
    expect(fake.requests.length - before).toBe(1);
    expect((await t.http.get('/api/projects/edited/file/src/App.tsx').set('Cookie', cookie).expect(200)).body.content).toBe('export const x = 1;\n');
    const ledger = await credits(cookie);
    expect(ledger.balanceMicroUsd).toBe(500 - price(100, 20));
    const jobId = (parsed[0] as { jobId: string }).jobId;
    expect(ledger.entries[0]).toMatchObject({ kind: 'charge', amountMicroUsd: -price(100, 20), jobId, description: 'Edit of edited: 100 input + 20 output tokens' });
  });

  it('lets operators grant credits from the console, recording who granted them', async () => {
    const admin = await signUpWithId(t, ADMIN_ID);
    const { cookie, userId } = await signUp(t.http);
    const res = await t.http.post('/api/admin/credits/grant').set('Cookie', admin.cookie).send({ accountId: userId, amountUsd: '2.50', reason: 'Conference demo' }).expect(201);
    expect(res.body).toEqual({
      entry: { id: expect.any(String), kind: 'grant', amountMicroUsd: 2_500_000, description: 'Granted by an operator: Conference demo', createdAt: expect.any(String), jobId: null },
      balanceMicroUsd: 12_500_000,
    });
    const stored = await prisma.creditEntry.findUniqueOrThrow({ where: { id: res.body.entry.id } });
    expect(stored.grantedBy).toBe(ADMIN_ID);
    expect((await credits(cookie)).entries[0]).toEqual(res.body.entry);

    // Not an operator: the route does not exist for them.
    await t.http.post('/api/admin/credits/grant').set('Cookie', cookie).send({ accountId: userId, amountUsd: '100', reason: 'me' }).expect(404);
    const bad: Array<[object, number, string]> = [
      [{ accountId: userId, amountUsd: '0', reason: 'x' }, 400, 'Enter an amount in dollars'],
      [{ accountId: userId, amountUsd: '-0', reason: 'x' }, 400, 'Enter an amount in dollars'],
      [{ accountId: userId, amountUsd: '-30', reason: 'x' }, 400, 'cannot take the balance below zero'],
      [{ accountId: userId, amountUsd: '1.0000001', reason: 'x' }, 400, 'up to 6 decimals'],
      [{ accountId: userId, amountUsd: '5', reason: ' ' }, 400, 'Say why the credits are granted.'],
      [{ accountId: 'nobody', amountUsd: '5', reason: 'x' }, 400, 'Enter the account id'],
      [{ accountId: randomUUID(), amountUsd: '5', reason: 'x' }, 404, 'No account has this id.'],
    ];
    for (const [body, status, message] of bad) {
      const answer = await t.http.post('/api/admin/credits/grant').set('Cookie', admin.cookie).send(body).expect(status);
      expect(answer.body.error).toContain(message);
    }
    expect((await credits(cookie)).balanceMicroUsd).toBe(12_500_000);
  });

  it('pages the ledger newest first with a cursor', async () => {
    const { cookie, userId } = await signUp(t.http);
    for (let i = 1; i <= 4; i++) await prisma.creditEntry.create({ data: { accountId: userId, kind: 'grant', amountMicroUsd: BigInt(i), description: `grant ${i}` } });
    const first = await credits(cookie, '?limit=2');
    expect(first.entries.map((e) => e.description)).toEqual(['grant 4', 'grant 3']);
    expect(first.balanceMicroUsd).toBe(10_000_010);
    const second = await credits(cookie, `?limit=2&before=${first.nextCursor}`);
    expect(second.entries.map((e) => e.description)).toEqual(['grant 2', 'grant 1']);
    const last = await credits(cookie, `?limit=2&before=${second.nextCursor}`);
    expect(last.entries.map((e) => e.description)).toEqual(['Welcome credit']);
    expect(last.nextCursor).toBeNull();
    await t.http.get('/api/credits?limit=0').set('Cookie', cookie).expect(400);
    await t.http.get('/api/credits?before=nope').set('Cookie', cookie).expect(400);
  });
});
