import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Address, type Hash, getAddress, keccak256, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { UsdcTopUpConfig } from '../src/config/top-ups-config.js';
import { parseUsdc } from '../src/topups/chain/usdc-amount.js';
import { UsdcContractMisconfiguredError, type UsdcChain, connectUsdcChain, verifyUsdcDeposit } from '../src/topups/chain/usdc-deposit.js';
import { newWalletLinkChallenge, verifyWalletLink } from '../src/topups/chain/wallet-link.js';
import { type EthNode, startEthNode } from './support/eth-node.js';

// A real Ganache chain with a TestUsdc token the test deploys: the verifier reads receipts, logs
// and block numbers over JSON-RPC exactly as it would from the operator's node.

const CONFIRMATIONS = 3;

let node: EthNode;
let usdc: Address;
let otherToken: Address;
let settings: UsdcTopUpConfig;
let chain: UsdcChain;
let payer: EthNode['wallets'][number];
let stranger: EthNode['wallets'][number];
let deposit: Address;
let elsewhere: Address;
const linked = new Set<Address>();
const isLinked = (from: Address) => linked.has(from);

beforeAll(async () => {
  const started = Date.now();
  node = await startEthNode({ wallets: 4 });
  [, payer, stranger] = node.wallets;
  deposit = node.wallets[3].address;
  elsewhere = privateKeyToAccount(generatePrivateKey()).address;
  usdc = await node.deployToken();
  otherToken = await node.deployToken({ name: 'Other Dollar', symbol: 'ODOL' });
  for (const wallet of [payer, stranger]) {
    await node.mint(usdc, wallet.address, parseUsdc('1000'));
    await node.mint(otherToken, wallet.address, parseUsdc('1000'));
  }
  linked.add(payer.address);
  settings = { rpcUrl: node.rpcUrl, usdcContract: usdc, depositAddress: deposit, confirmations: CONFIRMATIONS };
  chain = connectUsdcChain(settings);
  console.log(`Ethereum node up with two tokens deployed in ${Date.now() - started} ms`);
});

afterAll(async () => {
  await node?.stop();
});

describe('verifyUsdcDeposit', () => {
  it("accepts a linked wallet's transfer to the deposit address with the exact amount once it is deep enough", async () => {
    const hash = await node.transfer(usdc, payer, deposit, parseUsdc('12.345678'));
    await node.mine(CONFIRMATIONS - 1);
    const receipt = await node.client.getTransactionReceipt({ hash });

    const outcome = await verifyUsdcDeposit(chain, hash, isLinked);

    expect(outcome).toEqual({
      status: 'confirmed',
      txHash: hash,
      blockNumber: receipt.blockNumber,
      confirmations: CONFIRMATIONS,
      transfers: [{ from: payer.address, amountMicroUsd: 12_345_678n, logIndex: receipt.logs[0].logIndex, confirmations: CONFIRMATIONS }],
    });
    // However the hash is written, the outcome names the transaction one way (the ledger's key).
    expect(await verifyUsdcDeposit(chain, ` ${hash.toUpperCase().replace('0X', '0x')} `, isLinked)).toEqual(outcome);
  });

  it('reports a shallow transfer as pending with its depth, then accepts it once mined deeper', async () => {
    const hash = await node.transfer(usdc, payer, deposit, parseUsdc('5'));

    const shallow = await verifyUsdcDeposit(chain, hash, isLinked);
    expect(shallow).toMatchObject({ status: 'pending', confirmations: 1, required: CONFIRMATIONS, transfers: [{ from: payer.address, amountMicroUsd: 5_000_000n }] });
    expect(shallow.status === 'pending' && shallow.message).toBe(`5 USDC in transaction ${hash} has 1 of 3 confirmations. It is credited once it has 3; this finishes by itself.`);

    await node.mine(1);
    expect(await verifyUsdcDeposit(chain, hash, isLinked)).toMatchObject({ status: 'pending', confirmations: 2 });
    await node.mine(1);
    expect(await verifyUsdcDeposit(chain, hash, isLinked)).toMatchObject({ status: 'confirmed', confirmations: 3, transfers: [{ amountMicroUsd: 5_000_000n }] });
  });

  it('reports a transaction still waiting in the mempool as pending, not as unknown', async () => {
    await node.pauseMining();
    let hash: Hash;
    try {
      hash = await node.transfer(usdc, payer, deposit, parseUsdc('1'), { gas: 100_000n, wait: false });
      const outcome = await verifyUsdcDeposit(chain, hash, isLinked);
      expect(outcome).toMatchObject({ status: 'pending', blockNumber: null, confirmations: 0, transfers: [] });
      expect(outcome.status === 'pending' && outcome.message).toMatch(/is waiting to be included in a block/);
    } finally {
      await node.resumeMining();
    }
    await node.client.waitForTransactionReceipt({ hash: hash!, pollingInterval: 50 });
    await node.mine(CONFIRMATIONS);
    expect(await verifyUsdcDeposit(chain, hash!, isLinked)).toMatchObject({ status: 'confirmed', transfers: [{ amountMicroUsd: 1_000_000n }] });
  });

  it("credits the payer named by the token's Transfer log when a spender moves the funds (transferFrom)", async () => {
    await node.callToken(usdc, payer, 'approve', [stranger.address, parseUsdc('3')]);
    const hash = await node.callToken(usdc, stranger, 'transferFrom', [payer.address, deposit, parseUsdc('3')]);
    await node.mine(CONFIRMATIONS);
    expect(await verifyUsdcDeposit(chain, hash, isLinked)).toMatchObject({ status: 'confirmed', transfers: [{ from: payer.address, amountMicroUsd: 3_000_000n }] });
  });

  it('counts each Transfer log of one transaction to the deposit address on its own, with its log index', async () => {
    const hash = await node.callToken(usdc, payer, 'transferMany', [
      [deposit, elsewhere, deposit],
      [parseUsdc('1.5'), parseUsdc('2'), parseUsdc('0.25')],
    ]);
    await node.mine(CONFIRMATIONS);
    const logs = (await node.client.getTransactionReceipt({ hash })).logs;
    expect(await verifyUsdcDeposit(chain, hash, isLinked)).toMatchObject({
      status: 'confirmed',
      transfers: [
        { from: payer.address, amountMicroUsd: 1_500_000n, logIndex: logs[0].logIndex },
        { from: payer.address, amountMicroUsd: 250_000n, logIndex: logs[2].logIndex },
      ],
    });
  });

  it('refuses a transfer from a wallet that is not linked, saying to link it first', async () => {
    const hash = await node.transfer(usdc, stranger, deposit, parseUsdc('7'));
    await node.mine(CONFIRMATIONS);
    expect(await verifyUsdcDeposit(chain, hash, isLinked)).toEqual({
      status: 'refused',
      txHash: hash,
      reason: 'not_linked',
      message: `The USDC in transaction ${hash} comes from wallet ${stranger.address}, which is not linked to your Forge account. Link it first (sign the message on the top-up page), then submit the transaction again.`,
    });
    // The caller's lookup failing is its own error, not "the node did not answer".
    await expect(verifyUsdcDeposit(chain, hash, () => Promise.reject(new Error('accounts database down')))).rejects.toThrow('accounts database down');
    // Once linked, the same transaction is accepted: the refusal decided nothing for good.
    expect(await verifyUsdcDeposit(chain, hash, (from) => from === stranger.address)).toMatchObject({ status: 'confirmed', transfers: [{ from: stranger.address }] });
  });

  it('refuses a transfer of another token to the deposit address', async () => {
    const hash = await node.transfer(otherToken, payer, deposit, parseUsdc('9'));
    await node.mine(CONFIRMATIONS);
    expect(await verifyUsdcDeposit(chain, hash, isLinked)).toMatchObject({
      status: 'refused',
      reason: 'wrong_token',
      message: `Transaction ${hash} moves no USDC (token contract ${usdc}). Only USDC on Ethereum tops up credits.`,
    });
  });

  it('refuses USDC sent to an address other than the deposit address', async () => {
    const hash = await node.transfer(usdc, payer, elsewhere, parseUsdc('4'));
    await node.mine(CONFIRMATIONS);
    expect(await verifyUsdcDeposit(chain, hash, isLinked)).toMatchObject({
      status: 'refused',
      reason: 'wrong_recipient',
      message: `Transaction ${hash} sends USDC, but not to the deposit address ${deposit}. Only transfers to that address are credited.`,
    });
  });

  it('refuses a failed (reverted) transaction', async () => {
    // More than the payer holds: the token reverts, and the explicit gas limit sends it anyway.
    const hash = await node.transfer(usdc, payer, deposit, parseUsdc('1000000'), { gas: 100_000n });
    await node.mine(CONFIRMATIONS);
    expect((await node.client.getTransactionReceipt({ hash })).status).toBe('reverted');
    expect(await verifyUsdcDeposit(chain, hash, isLinked)).toMatchObject({
      status: 'refused',
      reason: 'failed',
      message: `Transaction ${hash} failed on chain (it reverted), so no USDC moved. Nothing was credited.`,
    });
  });

  it('refuses a zero-amount transfer, an unknown transaction and text that is no hash', async () => {
    const zero = await node.transfer(usdc, payer, deposit, 0n);
    await node.mine(CONFIRMATIONS);
    expect(await verifyUsdcDeposit(chain, zero, isLinked)).toMatchObject({ status: 'refused', reason: 'zero_amount' });

    const unknown = keccak256(toHex('no such transaction'));
    expect(await verifyUsdcDeposit(chain, unknown, isLinked)).toMatchObject({
      status: 'refused',
      reason: 'not_found',
      message: `No transaction ${unknown} was found on Ethereum. Check the hash; if you sent it just now, submit it again in a minute.`,
    });
    expect(await verifyUsdcDeposit(chain, '0x1234', isLinked)).toMatchObject({
      status: 'refused',
      reason: 'invalid_hash',
      message: 'That is not a transaction hash: expected 0x followed by 64 hex digits.',
    });
  });

  it('answers unavailable, naming no URL, when the node does not answer', async () => {
    const down = connectUsdcChain({ ...settings, rpcUrl: 'http://127.0.0.1:9/secret-key' }, { retryCount: 0, timeoutMs: 2000 });
    const outcome = await verifyUsdcDeposit(down, keccak256(toHex('anything')), isLinked);
    expect(outcome).toMatchObject({ status: 'unavailable' });
    expect(JSON.stringify(outcome)).not.toMatch(/secret-key|127\.0\.0\.1/);
  });

  it('stops with a configuration error when USDC_CONTRACT is not a 6-decimal token', async () => {
    const eighteen = await node.deployToken({ name: 'Wrong Decimals', symbol: 'W18', decimals: 18 });
    await node.mint(eighteen, payer.address, 10n ** 18n);
    const hash = await node.transfer(eighteen, payer, deposit, 10n ** 18n);
    await node.mine(CONFIRMATIONS);
    await expect(verifyUsdcDeposit(connectUsdcChain({ ...settings, usdcContract: eighteen }), hash, isLinked)).rejects.toThrow(UsdcContractMisconfiguredError);
    // An address without code is no token at all.
    await expect(verifyUsdcDeposit(connectUsdcChain({ ...settings, usdcContract: elsewhere }), hash, isLinked)).rejects.toThrow(/USDC_CONTRACT .* has no readable decimals/);
  });
});

describe('verifyWalletLink', () => {
  const accountId = '6f1c1f8e-4a5b-4a7e-9d2c-3b1e2f4a5c6d';
  const domain = 'forge.test';

  it("accepts the account's own message signed by the wallet, with the address in any case", async () => {
    const challenge = newWalletLinkChallenge(accountId, domain);
    const signature = await payer.signMessage({ message: challenge.message });
    const verdict = await verifyWalletLink(payer.address.toLowerCase(), challenge.message, signature, { accountId, domain, nonce: challenge.nonce });
    expect(verdict).toEqual({ ok: true, address: getAddress(payer.address), challenge: { domain, accountId, nonce: challenge.nonce, expiresAt: challenge.expiresAt } });
  });

  it('refuses a signature by another wallet, a malformed signature and an edited message', async () => {
    const challenge = newWalletLinkChallenge(accountId, domain);
    const bySomeoneElse = await stranger.signMessage({ message: challenge.message });
    expect(await verifyWalletLink(payer.address, challenge.message, bySomeoneElse, { accountId })).toEqual({
      ok: false,
      reason: 'invalid_signature',
      message: `The signature was not made by wallet ${payer.address} over this message. Sign the message with the wallet you pay from.`,
    });
    expect(await verifyWalletLink(payer.address, challenge.message, '0xdeadbeef', { accountId })).toMatchObject({ ok: false, reason: 'invalid_signature' });
    expect(await verifyWalletLink(payer.address, challenge.message, 'not hex', { accountId })).toMatchObject({ ok: false, reason: 'invalid_signature' });

    const signature = await payer.signMessage({ message: challenge.message });
    const edited = challenge.message.replace('Sign this only on', 'Sign this anywhere, even on');
    expect(await verifyWalletLink(payer.address, edited, signature, { accountId })).toMatchObject({ ok: false, reason: 'malformed_message' });
    expect(await verifyWalletLink('0xnot-an-address', challenge.message, signature, { accountId })).toMatchObject({ ok: false, reason: 'invalid_address' });
  });

  it('refuses an expired message', async () => {
    const issuedAt = new Date('2026-01-01T00:00:00Z');
    const challenge = newWalletLinkChallenge(accountId, domain, { now: issuedAt, ttlMs: 60_000 });
    const signature = await payer.signMessage({ message: challenge.message });
    expect(await verifyWalletLink(payer.address, challenge.message, signature, { accountId, now: new Date(issuedAt.getTime() + 59_000) })).toMatchObject({ ok: true });
    expect(await verifyWalletLink(payer.address, challenge.message, signature, { accountId, now: new Date(issuedAt.getTime() + 60_000) })).toEqual({
      ok: false,
      reason: 'expired',
      message: 'This link message has expired. Ask for a new one and sign it right away.',
    });
  });

  it('refuses a message issued to another account, another site or with a spent nonce', async () => {
    const challenge = newWalletLinkChallenge(accountId, domain);
    const signature = await payer.signMessage({ message: challenge.message });
    expect(await verifyWalletLink(payer.address, challenge.message, signature, { accountId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      ok: false,
      reason: 'wrong_account',
      message: 'This link message was issued to another account. Ask for a new one while signed in to this account.',
    });
    expect(await verifyWalletLink(payer.address, challenge.message, signature, { accountId, domain: 'phish.example' })).toMatchObject({ ok: false, reason: 'wrong_site' });
    expect(await verifyWalletLink(payer.address, challenge.message, signature, { accountId, nonce: 'f'.repeat(32) })).toMatchObject({ ok: false, reason: 'wrong_nonce' });
  });
});
