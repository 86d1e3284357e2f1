// The Ethereum chain of the end-to-end run, so that USDC top-ups are on: a fresh Ganache node (the
// API tests' own, api/test/support/eth-node-server.mjs) with one funded deployer. The token is deployed
// by the top-up test (fixtures/chain.ts) as the deployer's first transaction, so its address is known
// before the platform starts and can be its USDC_CONTRACT.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { getContractAddress, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

const NODE_SCRIPT = fileURLToPath(new URL('../api/test/support/eth-node-server.mjs', import.meta.url));
export const E2E_CONFIRMATIONS = 2;

export function chainFile(port) {
  return fileURLToPath(new URL(`./.artifacts/eth-chain-${port}.json`, import.meta.url));
}

/** Starts the node; answers the platform's top-up settings. The node exits with this process. */
export async function startE2eChain({ port }) {
  const deployerKey = generatePrivateKey();
  const deployer = privateKeyToAccount(deployerKey);
  const child = spawn(process.execPath, [NODE_SCRIPT], {
    env: { ...process.env, ETH_NODE_CHAIN_ID: '1337', ETH_NODE_ACCOUNTS: JSON.stringify([{ secretKey: deployerKey, balance: `0x${parseEther('1000').toString(16)}` }]) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`The e2e Ethereum node exited (${code}) before listening`)));
  });
  const rpcUrl = `http://127.0.0.1:${JSON.parse(line).port}`;
  const chain = {
    rpcUrl,
    deployerKey,
    token: getContractAddress({ from: deployer.address, nonce: 0n }),
    deposit: privateKeyToAccount(generatePrivateKey()).address,
    confirmations: E2E_CONFIRMATIONS,
  };
  const file = chainFile(port);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(chain), { mode: 0o600 });
  return {
    env: { ETH_RPC_URL: rpcUrl, USDC_CONTRACT: chain.token, USDC_DEPOSIT_ADDRESS: chain.deposit, USDC_CONFIRMATIONS: String(E2E_CONFIRMATIONS) },
    stop: () => child.kill('SIGTERM'),
  };
}
