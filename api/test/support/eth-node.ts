// A real local Ethereum node for the top-up tests: Ganache 7 from npm, in a child process on a
// free port, with funded wallets whose keys the test holds, and a 6-decimal ERC-20 compiled from
// contracts/TestUsdc.sol by solc-js (no compiler download) and deployed by the test.
//
// Why Ganache: one self-contained JavaScript package with no native binary and no project files,
// started with a single call on port 0 in under a second; it mines on demand (evm_mine) and can
// hold transactions in its mempool (miner_stop). Hardhat 3's node needs a Hardhat project and its
// CLI (a large dependency tree), and EDR alone is an in-process provider without a JSON-RPC server.
// Ganache's last hardfork is Shanghai, so the token is compiled for it.

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  type Abi,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
  type WalletClient,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  parseEther,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

const TOKEN_SOURCE = fileURLToPath(new URL('./contracts/TestUsdc.sol', import.meta.url));
const SERVER_SCRIPT = fileURLToPath(new URL('./eth-node-server.mjs', import.meta.url));

export interface EthNode {
  rpcUrl: string;
  chain: Chain;
  client: PublicClient;
  /** Funded with 100 ETH each; the test holds their keys. */
  wallets: PrivateKeyAccount[];
  walletClient(account: PrivateKeyAccount): WalletClient;
  /** Adds `blocks` empty blocks (confirmations for what is already mined). */
  mine(blocks?: number): Promise<void>;
  /** Holds new transactions in the mempool until `resumeMining`. */
  pauseMining(): Promise<void>;
  resumeMining(): Promise<void>;
  /** Deploys a fresh TestUsdc from `wallets[0]`. */
  deployToken(opts?: { name?: string; symbol?: string; decimals?: number }): Promise<Address>;
  mint(token: Address, to: Address, units: bigint): Promise<Hash>;
  /**
   * An ERC-20 `transfer` from `from`. With `gas` the node is not asked to estimate it first, so a
   * transfer that reverts is still sent and mined (as a failed transaction).
   */
  transfer(token: Address, from: PrivateKeyAccount, to: Address, units: bigint, opts?: SendOptions): Promise<Hash>;
  /** Any TestUsdc function (approve, transferFrom, ...) called by `from`. */
  callToken(token: Address, from: PrivateKeyAccount, functionName: string, args: unknown[], opts?: SendOptions): Promise<Hash>;
  stop(): Promise<void>;
}

export interface SendOptions {
  gas?: bigint;
  /** false: return the hash without waiting for a receipt (a paused miner never gives one). */
  wait?: boolean;
}

interface CompiledToken {
  abi: Abi;
  bytecode: Hex;
}

let compiled: Promise<CompiledToken> | undefined;

/**
 * TestUsdc's ABI and bytecode. solc-js takes about two seconds to load and compile, so the result
 * is kept in the temp folder under a hash of the source, the compiler's version and the settings:
 * any change to one of them compiles afresh.
 */
export function compileTestToken(): Promise<CompiledToken> {
  return (compiled ??= compileOrReuse());
}

async function compileOrReuse(): Promise<CompiledToken> {
  const source = readFileSync(TOKEN_SOURCE, 'utf8');
  const settings = { evmVersion: 'shanghai', optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { TestUsdc: ['abi', 'evm.bytecode.object'] } } };
  const solcVersion = (createRequire(import.meta.url)('solc/package.json') as { version: string }).version;
  const key = createHash('sha256')
    .update(JSON.stringify([source, solcVersion, settings]))
    .digest('hex')
    .slice(0, 16);
  const cached = join(tmpdir(), `forge-test-usdc-${key}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as CompiledToken;

  const { default: solc } = await import('solc');
  const input = { language: 'Solidity', sources: { 'TestUsdc.sol': { content: source } }, settings };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`TestUsdc.sol does not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts!['TestUsdc.sol'].TestUsdc;
  const result: CompiledToken = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  // Written whole, then renamed: a parallel run never reads half a file.
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(result));
  renameSync(partial, cached);
  return result;
}

export async function startEthNode(opts: { wallets?: number } = {}): Promise<EthNode> {
  const keys = Array.from({ length: opts.wallets ?? 5 }, () => generatePrivateKey());
  const chainId = 1337;
  const child = spawn(process.execPath, [SERVER_SCRIPT], {
    env: { ...process.env, ETH_NODE_CHAIN_ID: String(chainId), ETH_NODE_ACCOUNTS: JSON.stringify(keys.map((secretKey) => ({ secretKey, balance: `0x${parseEther('100').toString(16)}` }))) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // The token compiles (or comes from the cache) while the node starts in its own process.
  const [port, token] = await Promise.all([readPort(child), compileTestToken()]).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = defineChain({ id: chainId, name: 'Ganache', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const client = createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 0 }) }) as PublicClient;
  const wallets = keys.map((key) => privateKeyToAccount(key));
  const walletClient = (account: PrivateKeyAccount) => createWalletClient({ account, chain, transport: http(rpcUrl, { retryCount: 0 }) });
  const rpc = (method: string, params: unknown[] = []) => client.request({ method, params } as never);

  async function send(from: PrivateKeyAccount, to: Address, data: Hex, gas?: bigint, wait = true): Promise<Hash> {
    const hash = await walletClient(from).sendTransaction({ account: from, chain, to, data, gas });
    if (wait) await receiptOf(hash);
    return hash;
  }

  // Mining is eager: a sent transaction has its receipt at once unless mining is paused.
  async function receiptOf(hash: Hash) {
    return (await client.getTransactionReceipt({ hash }).catch(() => null)) ?? client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  }

  const callToken: EthNode['callToken'] = (tokenAddress, from, functionName, args, { gas, wait = true } = {}) =>
    send(from, tokenAddress, encodeFunctionData({ abi: token.abi, functionName, args }), gas, wait);

  return {
    rpcUrl,
    chain,
    client,
    wallets,
    walletClient,
    async mine(blocks = 1) {
      await rpc('evm_mine', [{ blocks }]);
    },
    async pauseMining() {
      await rpc('miner_stop');
    },
    async resumeMining() {
      await rpc('miner_start');
    },
    async deployToken({ name = 'Test USD Coin', symbol = 'USDC', decimals = 6 } = {}) {
      const { abi, bytecode } = token;
      const hash = await walletClient(wallets[0]).deployContract({ account: wallets[0], chain, abi, bytecode, args: [name, symbol, decimals] });
      const receipt = await receiptOf(hash);
      if (!receipt.contractAddress) throw new Error(`Deploying ${symbol} created no contract`);
      return receipt.contractAddress;
    },
    mint: (token, to, units) => callToken(token, wallets[0], 'mint', [to, units]),
    transfer: (token, from, to, units, opts) => callToken(token, from, 'transfer', [to, units], opts),
    callToken,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The port the node printed, or what it said before failing. */
async function readPort(child: ChildProcess): Promise<number> {
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`The Ethereum node exited (${code}) before listening:\n${stderr}`);
  });
  const first = new Promise<string>((resolveLine) => lines.once('line', resolveLine));
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`The Ethereum node did not start within 20 s:\n${stderr}`)), 20_000).unref());
  const line = await Promise.race([first, exited, timeout]);
  return (JSON.parse(line) as { port: number }).port;
}
