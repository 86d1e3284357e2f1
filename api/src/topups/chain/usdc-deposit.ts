// Checking a USDC top-up on chain through the operator's JSON-RPC endpoint: the transaction
// succeeded, it carries a Transfer log of the configured token from a linked wallet to the deposit
// address, and its block is deep enough. Crediting (once per transaction and log index) is the
// ledger's part; this answers what the chain says, as a typed outcome with a message for each case.

import {
  type Address,
  BaseError,
  ContractFunctionZeroDataError,
  type Hash,
  type PublicClient,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  createPublicClient,
  erc20Abi,
  getAddress,
  http,
  isAddressEqual,
  isHash,
  parseEventLogs,
} from 'viem';
import type { UsdcTopUpConfig } from '../../config/top-ups-config.js';
import { USDC_DECIMALS, formatUsdc, usdcUnitsToMicroUsd } from './usdc-amount.js';

/** What the top-up page and API say while the operator has not configured top-ups. */
export const TOP_UPS_OFF_MESSAGE = 'USDC top-ups are off on this server: the operator has not set ETH_RPC_URL, USDC_CONTRACT and USDC_DEPOSIT_ADDRESS.';

/** A connection to the operator's node with the top-up settings it is checked against. */
export interface UsdcChain {
  client: PublicClient;
  settings: UsdcTopUpConfig;
  /** The token's decimals are read once (first check) and must be USDC's six. */
  decimalsChecked?: Promise<void>;
}

export function connectUsdcChain(settings: UsdcTopUpConfig, opts: { timeoutMs?: number; retryCount?: number } = {}): UsdcChain {
  const client = createPublicClient({ transport: http(settings.rpcUrl, { timeout: opts.timeoutMs ?? 10_000, retryCount: opts.retryCount ?? 2 }) });
  return { client, settings };
}

/** One Transfer of the configured token to the deposit address, from a linked wallet. */
export interface UsdcTransfer {
  /** The token's `from` (the payer, also when a contract moved the funds), checksummed. */
  from: Address;
  /** Exactly the USDC amount: 1 USDC = 1_000_000 micro-dollars. */
  amountMicroUsd: bigint;
  /** With the transaction hash, what makes a credit unique. */
  logIndex: number;
  confirmations: number;
}

export type UsdcRefusal = 'invalid_hash' | 'not_found' | 'failed' | 'wrong_token' | 'wrong_recipient' | 'zero_amount' | 'not_linked';

export type UsdcDepositOutcome =
  /** Deep enough: credit each transfer once per (txHash, logIndex). */
  | { status: 'confirmed'; txHash: Hash; blockNumber: bigint; confirmations: number; transfers: UsdcTransfer[] }
  /** Valid so far but not deep enough (or not yet mined: no transfers known). Check again later. */
  | { status: 'pending'; txHash: Hash; blockNumber: bigint | null; confirmations: number; required: number; transfers: UsdcTransfer[]; message: string }
  /** Never creditable as it stands; `message` tells the user why and what to do. */
  | { status: 'refused'; txHash: string; reason: UsdcRefusal; message: string }
  /** The node did not answer: nothing was decided, try again. */
  | { status: 'unavailable'; txHash: string; message: string };

/** Whether a wallet (checksummed) is linked: to the submitting account, or to any, as the caller decides. */
export type IsLinked = (from: Address) => boolean | Promise<boolean>;

/** The operator pointed USDC_CONTRACT at a token whose amounts are not USDC's; crediting would be wrong by powers of ten. */
export class UsdcContractMisconfiguredError extends Error {
  constructor(contract: Address, decimals: number | string) {
    super(`USDC_CONTRACT ${contract} has ${decimals} decimals, not USDC's ${USDC_DECIMALS}: top-ups are not credited until it names USDC`);
    this.name = 'UsdcContractMisconfiguredError';
  }
}

/**
 * What the chain says about a top-up transaction. Never throws for the user's input or a node
 * that does not answer; throws `UsdcContractMisconfiguredError` when the operator's token is not a
 * 6-decimal one, and whatever `isLinked` throws. Read-only: calling it again, or concurrently, is
 * safe; crediting once per (txHash, logIndex) is the ledger's part.
 */
export async function verifyUsdcDeposit(chain: UsdcChain, txHash: string, isLinked: IsLinked): Promise<UsdcDepositOutcome> {
  const trimmed = txHash.trim();
  if (!isHash(trimmed)) return refuse(txHash, 'invalid_hash', 'That is not a transaction hash: expected 0x followed by 64 hex digits.');
  // One spelling per transaction: (txHash, logIndex) is the ledger's once-only key, and hex is case-blind.
  const hash = trimmed.toLowerCase() as Hash;
  try {
    return await check(chain, hash, isLinked);
  } catch (err) {
    // Only viem's errors are the node's; the caller's lookup failing, or a misconfiguration, is not.
    if (!(err instanceof BaseError)) throw err;
    // The RPC URL may carry the operator's API key: the message names neither it nor the node's reply.
    return { status: 'unavailable', txHash: hash, message: 'The Ethereum node did not answer. Nothing was credited; submit the transaction again in a minute.' };
  }
}

async function check(chain: UsdcChain, hash: Hash, isLinked: IsLinked): Promise<UsdcDepositOutcome> {
  const { client, settings } = chain;
  const receipt = await client.getTransactionReceipt({ hash }).catch((err: unknown) => {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  });
  if (!receipt) {
    // No receipt: either waiting in the mempool (pending) or unknown to the node.
    const known = await client.getTransaction({ hash }).then(
      () => true,
      (err: unknown) => {
        if (err instanceof TransactionNotFoundError) return false;
        throw err;
      },
    );
    if (!known) return refuse(hash, 'not_found', `No transaction ${hash} was found on Ethereum. Check the hash; if you sent it just now, submit it again in a minute.`);
    return pending(hash, null, 0, settings.confirmations, []);
  }
  if (receipt.status !== 'success') return refuse(hash, 'failed', `Transaction ${hash} failed on chain (it reverted), so no USDC moved. Nothing was credited.`);

  await (chain.decimalsChecked ??= checkDecimals(chain).catch((err: unknown) => {
    chain.decimalsChecked = undefined; // a node that did not answer is asked again next time
    throw err;
  }));

  const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs, strict: true });
  const ofToken = transfers.filter((log) => isAddressEqual(log.address, settings.usdcContract));
  if (ofToken.length === 0) return refuse(hash, 'wrong_token', `Transaction ${hash} moves no USDC (token contract ${settings.usdcContract}). Only USDC on Ethereum tops up credits.`);
  const toDeposit = ofToken.filter((log) => isAddressEqual(log.args.to, settings.depositAddress));
  if (toDeposit.length === 0)
    return refuse(hash, 'wrong_recipient', `Transaction ${hash} sends USDC, but not to the deposit address ${settings.depositAddress}. Only transfers to that address are credited.`);
  const paid = toDeposit.filter((log) => log.args.value > 0n);
  if (paid.length === 0) return refuse(hash, 'zero_amount', `Transaction ${hash} sends 0 USDC to the deposit address: there is nothing to credit.`);

  const linked: typeof paid = [];
  for (const log of paid) if (await isLinked(getAddress(log.args.from))) linked.push(log);
  if (linked.length === 0) {
    const from = getAddress(paid[0].args.from);
    return refuse(
      hash,
      'not_linked',
      `The USDC in transaction ${hash} comes from wallet ${from}, which is not linked to your Forge account. Link it first (sign the message on the top-up page), then submit the transaction again.`,
    );
  }

  const latest = await client.getBlockNumber({ cacheTime: 0 });
  const confirmations = Math.max(0, Number(latest - receipt.blockNumber) + 1);
  const found = linked.map((log) => ({ from: getAddress(log.args.from), amountMicroUsd: usdcUnitsToMicroUsd(log.args.value), logIndex: log.logIndex, confirmations }));
  if (confirmations < settings.confirmations) return pending(hash, receipt.blockNumber, confirmations, settings.confirmations, found);
  return { status: 'confirmed', txHash: hash, blockNumber: receipt.blockNumber, confirmations, transfers: found };
}

async function checkDecimals({ client, settings }: UsdcChain): Promise<void> {
  const decimals = await client.readContract({ address: settings.usdcContract, abi: erc20Abi, functionName: 'decimals' }).catch((err: unknown) => {
    // No code at that address (or no decimals()): a wrong setting, not a node that failed to answer.
    if (err instanceof BaseError && err.walk((cause) => cause instanceof ContractFunctionZeroDataError)) throw new UsdcContractMisconfiguredError(settings.usdcContract, 'no readable');
    throw err;
  });
  if (decimals !== USDC_DECIMALS) throw new UsdcContractMisconfiguredError(settings.usdcContract, decimals);
}

/** Mainnet's slot time: a new block about every 12 seconds. */
export const ETHEREUM_BLOCK_SECONDS = 12;

/**
 * When to check a pending top-up again, so it finishes by itself: once the missing blocks should
 * exist (at least one block's time, at most ten minutes between checks).
 */
export function pendingRecheckDelayMs(outcome: { confirmations: number; required: number }): number {
  const missing = Math.max(1, outcome.required - outcome.confirmations);
  return Math.min(missing * ETHEREUM_BLOCK_SECONDS * 1000, 10 * 60_000);
}

function pending(hash: Hash, blockNumber: bigint | null, confirmations: number, required: number, transfers: UsdcTransfer[]): UsdcDepositOutcome {
  const total = transfers.reduce((sum, t) => sum + t.amountMicroUsd, 0n);
  const what = transfers.length > 0 ? `${formatUsdc(total)} USDC in transaction ${hash}` : `Transaction ${hash}`;
  const message =
    blockNumber === null
      ? `${what} is waiting to be included in a block. It is credited once it is ${required} blocks deep; this finishes by itself.`
      : `${what} has ${confirmations} of ${required} confirmations. It is credited once it has ${required}; this finishes by itself.`;
  return { status: 'pending', txHash: hash, blockNumber, confirmations, required, transfers, message };
}

function refuse(txHash: string, reason: UsdcRefusal, message: string): UsdcDepositOutcome {
  return { status: 'refused', txHash, reason, message };
}
