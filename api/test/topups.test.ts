// USDC top-ups end to end: a real local Ethereum node (Ganache) with a test token the test deploys,
// the real API and database. Wallets are linked by signing the server's message; transactions are
// credited once per (transaction, log index), whoever submits them and however often.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Address, type Hash, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ErrorCode } from '@forge/protocol/errors';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { parseUsdc } from '../src/topups/chain/usdc-amount.js';
import { TopUpsService } from '../src/topups/topups.service.js';
import { type EthNode, startEthNode } from './support/eth-node.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

const CONFIRMATIONS = 3;

let node: EthNode;
let t: TestApp;
let usdc: Address;
let otherToken: Address;
let deposit: Address;
let payer: EthNode['wallets'][number];
let stranger: EthNode['wallets'][number];
let alice: { cookie: string; userId: string };

beforeAll(async () => {
  node = await startEthNode({ wallets: 4 });
  [, payer, stranger] = node.wallets;
  deposit = node.wallets[3]!.address;
  // The deployer answers lower case; the settings and messages name addresses checksummed.
  usdc = getAddress(await node.deployToken());
  otherToken = await node.deployToken({ name: 'Other Dollar', symbol: 'ODOL' });
  for (const wallet of [payer, stranger]) {
    await node.mint(usdc, wallet!.address, parseUsdc('1000'));
    await node.mint(otherToken, wallet!.address, parseUsdc('1000'));
  }
  t = await startTestApp({ ETH_RPC_URL: node.rpcUrl, USDC_CONTRACT: usdc, USDC_DEPOSIT_ADDRESS: deposit, USDC_CONFIRMATIONS: String(CONFIRMATIONS) });
  alice = await signUp(t.http);
  await link(alice.cookie, payer!);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await node?.stop();
});

async function link(cookie: string, wallet: EthNode['wallets'][number]) {
  const { message } = (await t.http.post('/api/topups/wallets/challenge').set('Cookie', cookie).expect(200)).body as { message: string };
  const signature = await wallet.signMessage({ message });
  return t.http.post('/api/topups/wallets').set('Cookie', cookie).send({ address: wallet.address, message, signature });
}

const submit = (cookie: string, txHash: string) => t.http.post('/api/topups/deposits').set('Cookie', cookie).send({ txHash });
const balance = async (cookie: string) => ((await t.http.get('/api/credits').set('Cookie', cookie).expect(200)).body as { balanceMicroUsd: number }).balanceMicroUsd;

describe('USDC top-ups', () => {
  it('shows the deposit address and the linked wallet', async () => {
    const res = await t.http.get('/api/topups').set('Cookie', alice.cookie).expect(200);
    expect(res.body).toMatchObject({
      enabled: true,
      offMessage: null,
      depositAddress: deposit,
      usdcContract: usdc,
      confirmations: CONFIRMATIONS,
      wallets: [{ address: payer.address, linkedAt: expect.any(String) }],
      deposits: [],
    });
  });

  it('links a wallet only with a fresh signature of the message issued to this account', async () => {
    const bob = await signUp(t.http);
    const { message } = (await t.http.post('/api/topups/wallets/challenge').set('Cookie', bob.cookie).expect(200)).body as { message: string };
    expect(message).toContain(`Account: ${bob.userId}`);
    // Signed by another wallet than the one named.
    const wrong = await stranger.signMessage({ message });
    const refused = await t.http.post('/api/topups/wallets').set('Cookie', bob.cookie).send({ address: payer.address, message, signature: wrong }).expect(400);
    expect(refused.body).toMatchObject({ code: ErrorCode.WalletLinkRefused, error: expect.stringContaining(`The signature was not made by wallet ${payer.address}`) });
    // Alice's wallet cannot be taken over, even with a valid signature.
    const taken = await t.http
      .post('/api/topups/wallets')
      .set('Cookie', bob.cookie)
      .send({ address: payer.address, message, signature: await payer.signMessage({ message }) })
      .expect(409);
    expect(taken.body.error).toBe(`Wallet ${payer.address} is linked to another Forge account. Pay from a wallet of your own.`);
    // Refusals leave the message unused: the account links a wallet of its own with it, once.
    const own = privateKeyToAccount(generatePrivateKey());
    const signature = await own.signMessage({ message });
    expect((await t.http.post('/api/topups/wallets').set('Cookie', bob.cookie).send({ address: own.address, message, signature }).expect(201)).body).toEqual({
      wallet: { address: own.address, linkedAt: expect.any(String) },
    });
    const replay = await t.http.post('/api/topups/wallets').set('Cookie', bob.cookie).send({ address: own.address, message, signature }).expect(400);
    expect(replay.body.error).toBe('This link message was already used or replaced by a newer one. Ask for a new one.');
    // Another account's message is refused.
    const alices = (await t.http.post('/api/topups/wallets/challenge').set('Cookie', alice.cookie).expect(200)).body.message as string;
    const foreign = await t.http
      .post('/api/topups/wallets')
      .set('Cookie', bob.cookie)
      .send({ address: own.address, message: alices, signature: await own.signMessage({ message: alices }) })
      .expect(400);
    expect(foreign.body.error).toBe('This link message was issued to another account. Ask for a new one while signed in to this account.');
  });

  it("credits a linked wallet's transfer once after its confirmations; a second and a concurrent double submission credit nothing more", async () => {
    const before = await balance(alice.cookie);
    const hash = await node.transfer(usdc, payer, deposit, parseUsdc('12.345678'));
    await node.mine(CONFIRMATIONS - 1);

    const first = await submit(alice.cookie, hash).expect(200);
    expect(first.body).toMatchObject({ creditedNowMicroUsd: 12_345_678, deposit: { txHash: hash, status: 'credited', amountMicroUsd: 12_345_678, confirmations: CONFIRMATIONS } });
    expect(await balance(alice.cookie)).toBe(before + 12_345_678);

    const again = await submit(alice.cookie, hash.toUpperCase().replace('0X', '0x')).expect(200);
    expect(again.body).toMatchObject({ creditedNowMicroUsd: 0, deposit: { status: 'credited', message: `Transaction ${hash} was already credited (12.345678 USDC): nothing more was added.` } });

    const second = await node.transfer(usdc, payer, deposit, parseUsdc('2'));
    await node.mine(CONFIRMATIONS);
    const both = await Promise.all(Array.from({ length: 5 }, () => submit(alice.cookie, second)));
    expect(both.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(both.map((res) => res.body.creditedNowMicroUsd as number).sort()).toEqual([0, 0, 0, 0, 2_000_000]);
    expect(await balance(alice.cookie)).toBe(before + 14_345_678);

    const entries = await t.app.get(PrismaService).creditEntry.findMany({ where: { accountId: alice.userId, kind: 'topup' }, orderBy: { createdAt: 'asc' } });
    expect(entries.map((e) => [e.externalRef?.split(':').slice(0, 2).join(':'), Number(e.amountMicroUsd)])).toEqual([
      [`tx:${hash}`, 12_345_678],
      [`tx:${second}`, 2_000_000],
    ]);
    expect(entries[0]!.description).toBe(`USDC top-up: 12.345678 USDC from ${payer.address} (transaction ${hash})`);
  });

  it('shows a shallow transfer as pending and credits it by itself once it is deep enough', async () => {
    const before = await balance(alice.cookie);
    const hash = await node.transfer(usdc, payer, deposit, parseUsdc('5'));
    const pending = await submit(alice.cookie, hash).expect(200);
    expect(pending.body).toEqual({
      creditedNowMicroUsd: 0,
      deposit: expect.objectContaining({
        status: 'pending',
        confirmations: 1,
        required: CONFIRMATIONS,
        amountMicroUsd: 5_000_000,
        message: `5 USDC in transaction ${hash} has 1 of 3 confirmations. It is credited once it has 3; this finishes by itself.`,
      }),
    });
    expect(await balance(alice.cookie)).toBe(before);

    await node.mine(CONFIRMATIONS - 1);
    // The background sweep's work, with the clock moved past the deposit's next check.
    await t.app.get(TopUpsService).checkDue(new Date(Date.now() + 3_600_000));
    const overview = await t.http.get('/api/topups').set('Cookie', alice.cookie).expect(200);
    expect(overview.body.deposits.find((d: { txHash: string }) => d.txHash === hash)).toMatchObject({ status: 'credited', confirmations: CONFIRMATIONS });
    expect(await balance(alice.cookie)).toBe(before + 5_000_000);
  });

  it('refuses an unlinked sender, another token, another recipient and a failed transaction, each with its own message, crediting nothing', async () => {
    const before = await balance(alice.cookie);
    const unlinked = await node.transfer(usdc, stranger, deposit, parseUsdc('7'));
    const wrongToken = await node.transfer(otherToken, payer, deposit, parseUsdc('9'));
    const elsewhere = privateKeyToAccount(generatePrivateKey()).address;
    const wrongRecipient = await node.transfer(usdc, payer, elsewhere, parseUsdc('4'));
    const failed = await node.transfer(usdc, payer, deposit, parseUsdc('1000000'), { gas: 100_000n });
    await node.mine(CONFIRMATIONS);

    const cases: Array<[Hash, string]> = [
      [
        unlinked,
        `The USDC in transaction ${unlinked} comes from wallet ${stranger.address}, which is not linked to your Forge account. Link it first (sign the message on the top-up page), then submit the transaction again.`,
      ],
      [wrongToken, `Transaction ${wrongToken} moves no USDC (token contract ${usdc}). Only USDC on Ethereum tops up credits.`],
      [wrongRecipient, `Transaction ${wrongRecipient} sends USDC, but not to the deposit address ${deposit}. Only transfers to that address are credited.`],
      [failed, `Transaction ${failed} failed on chain (it reverted), so no USDC moved. Nothing was credited.`],
    ];
    for (const [hash, message] of cases) {
      const res = await submit(alice.cookie, hash).expect(422);
      expect(res.body).toEqual({ code: ErrorCode.TopUpRefused, error: message });
    }
    await submit(alice.cookie, 'not-a-hash').expect(422);
    expect(await balance(alice.cookie)).toBe(before);
  });

  it("credits nobody else for a linked wallet's transfer, whoever submits it", async () => {
    const mallory = await signUp(t.http);
    const hash = await node.transfer(usdc, payer, deposit, parseUsdc('3'));
    await node.mine(CONFIRMATIONS);
    const res = await submit(mallory.cookie, hash).expect(422);
    expect(res.body.error).toContain('which is not linked to your Forge account');
    expect(await balance(mallory.cookie)).toBe(10_000_000);
  });
});

describe('USDC top-ups while the operator has not set them up', () => {
  it('says they are off and refuses their actions with that message', async () => {
    const off = await startTestApp();
    try {
      const { cookie } = await signUp(off.http);
      const res = await off.http.get('/api/topups').set('Cookie', cookie).expect(200);
      expect(res.body).toMatchObject({ enabled: false, depositAddress: null, offMessage: expect.stringContaining('USDC top-ups are off on this server') });
      const challenge = await off.http.post('/api/topups/wallets/challenge').set('Cookie', cookie).expect(503);
      expect(challenge.body.error).toBe(res.body.offMessage);
    } finally {
      await off.close();
    }
  });
});
