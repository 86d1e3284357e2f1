// The operators' audit trail (#27): every operator action leaves one entry, listed newest first with its
// reason; the guards in front of grants, corrections and draining the last host.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { AdminAccountsResponse, AuditEntry, AuditResponse } from '@forge/protocol/admin';
import { ErrorCode } from '@forge/protocol/errors';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { SandboxesService } from '../src/sandboxes/sandboxes.service.js';
import { type TestApp, signUp, signUpWithId, startTestApp } from './support/test-app.js';

const ADMIN_ID = randomUUID();

describe('operators audit trail', () => {
  let t: TestApp;
  let admin: string;
  let prisma: PrismaService;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_USER_IDS: ADMIN_ID, GRANT_CONFIRM_ABOVE_USD: '100' });
    admin = (await signUpWithId(t, ADMIN_ID)).cookie;
    prisma = t.app.get(PrismaService);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    jest.restoreAllMocks();
    await prisma.auditEntry.deleteMany({});
  });

  const audit = async (query = ''): Promise<AuditResponse> => (await t.http.get(`/api/admin/audit${query}`).set('Cookie', admin).expect(200)).body as AuditResponse;
  const grant = (body: object) => t.http.post('/api/admin/credits/grant').set('Cookie', admin).send(body);

  it('writes one entry per operator action, listed newest first with who, what, on what and why', async () => {
    const service = t.app.get(SandboxesService);
    jest.spyOn(service, 'stop').mockResolvedValue();
    jest.spyOn(service, 'restart').mockResolvedValue('running');
    jest.spyOn(service, 'remove').mockResolvedValue();
    const { userId } = await signUp(t.http);
    const projectId = randomUUID();

    await grant({ accountId: userId, amountUsd: '5', reason: 'Conference demo' }).expect(201);
    await t.http.post(`/api/admin/sandboxes/${projectId}/stop`).set('Cookie', admin).expect(200);
    await t.http.post(`/api/admin/sandboxes/${projectId}/restart`).set('Cookie', admin).expect(200);
    await t.http.delete(`/api/admin/sandboxes/${projectId}`).set('Cookie', admin).expect(200);
    await t.http.post('/api/admin/nodes/local/drain').set('Cookie', admin).send({ confirmLastNode: true, reason: 'Kernel update' }).expect(200);
    await t.http.post('/api/admin/nodes/local/undrain').set('Cookie', admin).expect(200);
    await grant({ accountId: userId, amountUsd: '-2', reason: 'Typo in the demo grant' }).expect(201);

    const { entries, nextCursor } = await audit();
    expect(nextCursor).toBeNull();
    expect(entries.map((e) => e.action)).toEqual(['credits.correction', 'node.undrain', 'node.drain', 'sandbox.remove', 'sandbox.restart', 'sandbox.stop', 'credits.grant']);
    expect(entries.every((e) => e.operatorId === ADMIN_ID)).toBe(true);
    const byAction = Object.fromEntries(entries.map((e) => [e.action, e])) as Record<AuditEntry['action'], AuditEntry>;
    expect(byAction['credits.grant']).toMatchObject({ accountId: userId, summary: `Granted $5.00 to account ${userId}`, reason: 'Conference demo' });
    expect(byAction['credits.correction']).toMatchObject({ accountId: userId, summary: `Took back $2.00 from account ${userId} (a correction)`, reason: 'Typo in the demo grant' });
    expect(byAction['node.drain']).toMatchObject({ nodeId: 'local', summary: 'Drained sandbox host local', reason: 'Kernel update' });
    expect(byAction['sandbox.stop']).toMatchObject({ projectId, summary: `Stopped the sandbox of project ${projectId}` });
  });

  it('pages newest first with a cursor, and is for operators only', async () => {
    const { userId, cookie } = await signUp(t.http);
    for (const amount of ['1', '2', '3']) await grant({ accountId: userId, amountUsd: amount, reason: `grant ${amount}` }).expect(201);
    const first = await audit('?limit=2');
    expect(first.entries.map((e) => e.reason)).toEqual(['grant 3', 'grant 2']);
    const second = await audit(`?limit=2&before=${first.nextCursor}`);
    expect(second).toMatchObject({ entries: [expect.objectContaining({ reason: 'grant 1' })], nextCursor: null });
    expect((await t.http.get('/api/admin/audit?limit=0').set('Cookie', admin).expect(400)).body.code).toBe(ErrorCode.Validation);
    await t.http.get('/api/admin/audit').set('Cookie', cookie).expect(404);
    await t.http.get('/api/admin/audit').expect(401);
  });

  it('asks for confirmation of a grant above the threshold, with the amount written out, and of a repeated grant', async () => {
    const { userId } = await signUp(t.http);
    const large = await grant({ accountId: userId, amountUsd: '1000000', reason: 'Big customer' }).expect(409);
    expect(large.body).toEqual({ error: expect.stringContaining('Grant $1,000,000.00 to this account?'), code: ErrorCode.ConfirmationRequired });
    expect(await prisma.creditEntry.count({ where: { accountId: userId, kind: 'grant' } })).toBe(0);
    await grant({ accountId: userId, amountUsd: '1000000', reason: 'Big customer', confirmed: true }).expect(201);

    await grant({ accountId: userId, amountUsd: '7', reason: 'Support' }).expect(201);
    const repeat = await grant({ accountId: userId, amountUsd: '7', reason: 'Support' }).expect(409);
    expect(repeat.body.error).toMatch(/^This account was granted \$7\.00 less than a minute ago\. Grant \$7\.00 again\?/);
    await grant({ accountId: userId, amountUsd: '7', reason: 'Support, again on purpose', confirmed: true }).expect(201);
    // Refused requests leave no trace in the ledger nor the trail.
    expect(await prisma.creditEntry.count({ where: { accountId: userId, kind: 'grant' } })).toBe(3);
    expect((await audit()).entries).toHaveLength(3);
  });

  it('never lets a correction take a balance below zero', async () => {
    const { userId, cookie } = await signUp(t.http);
    const balance = async () => (await t.http.get('/api/credits').set('Cookie', cookie).expect(200)).body.balanceMicroUsd as number;
    expect(await balance()).toBe(10_000_000);
    const tooMuch = await grant({ accountId: userId, amountUsd: '-10.01', reason: 'Mistake' }).expect(400);
    expect(tooMuch.body.error).toBe('A correction cannot take the balance below zero: what the account has spent stays spent. The account has $10.00 left; correct by at most that much.');
    expect(await balance()).toBe(10_000_000);
    const all = await grant({ accountId: userId, amountUsd: '-10', reason: 'Mistake' }).expect(201);
    expect(all.body).toMatchObject({ entry: { kind: 'correction', amountMicroUsd: -10_000_000, description: 'Corrected by an operator: Mistake' }, balanceMicroUsd: 0 });
    await grant({ accountId: userId, amountUsd: '-0.01', reason: 'Mistake' }).expect(400);
    expect(await balance()).toBe(0);
    expect((await audit()).entries.map((e) => e.action)).toEqual(['credits.correction']);
  });

  it('answers 409 naming the consequence when draining the last host that takes work without confirmation', async () => {
    const res = await t.http.post('/api/admin/nodes/local/drain').set('Cookie', admin).send({}).expect(409);
    expect(res.body).toEqual({ error: expect.stringContaining('local is the last host taking work: once drained, no new project builds'), code: ErrorCode.ConfirmationRequired });
    expect((await t.http.get('/api/admin/nodes').set('Cookie', admin).expect(200)).body.nodes[0].draining).toBe(false);
    expect((await audit()).entries).toEqual([]);
    await t.http.post('/api/admin/nodes/local/drain').set('Cookie', admin).send({ confirmLastNode: true }).expect(200);
    // Still ready (the previews that run and the console stay reachable), but it says no host takes work.
    const ready = await t.http.get('/api/ready').expect(200);
    expect(ready.body).toMatchObject({ sandboxHosts: { takingWork: 0, total: 1 }, warnings: [expect.stringMatching(/^No sandbox host takes work/)] });
    await t.http.post('/api/admin/nodes/local/undrain').set('Cookie', admin).expect(200);
    expect((await t.http.get('/api/ready').expect(200)).body).toMatchObject({ sandboxHosts: { takingWork: 1, total: 1 }, warnings: [] });
  });

  it('finds an account by its id, its key hint or a project name, with what it uses', async () => {
    const owner = await signUp(t.http);
    const hint = (await prisma.user.findUniqueOrThrow({ where: { id: owner.userId } })).keyHint;
    await prisma.project.create({ data: { ownerId: owner.userId, name: 'quokka-tracker', files: { create: [{ path: 'index.html', sizeBytes: 2048, sha256: '0'.repeat(64) }] } } });
    const search = async (q: string) => ((await t.http.get('/api/admin/accounts').query({ q }).set('Cookie', admin).expect(200)).body as AdminAccountsResponse).accounts;

    const byHint = await search(hint);
    expect(byHint.map((a) => a.id)).toContain(owner.userId);
    expect(byHint.find((a) => a.id === owner.userId)).toEqual({
      id: owner.userId,
      keyHint: hint,
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      balanceMicroUsd: 10_000_000,
      spentMicroUsd: 0,
      jobs: 0,
      projects: 1,
      runningSandboxes: 0,
      storedBytes: 2048,
      limitsHit: 0,
      matchedProjects: [],
    });
    expect((await search(owner.userId.toUpperCase())).map((a) => a.id)).toEqual([owner.userId]);
    expect(await search('QUOKKA')).toEqual([expect.objectContaining({ id: owner.userId, matchedProjects: ['quokka-tracker'] })]);
    // LIKE wildcards are searched as text.
    expect(await search('quokka%tracker')).toEqual([]);
    expect((await search('')).length).toBeGreaterThan(0);
    const tooLong = await t.http
      .get('/api/admin/accounts')
      .query({ q: 'x'.repeat(101) })
      .set('Cookie', admin)
      .expect(400);
    expect(tooLong.body.error).toMatch(/^Search for at most 100 characters/);
  });
});
