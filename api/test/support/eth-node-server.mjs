// A Ganache chain in its own process, for api/test/support/eth-node.ts. Kept out of Jest's module
// sandbox (its vm realm trips up libraries that compare typed arrays across realms), and it dies
// with the test run: it exits when its parent closes stdin.
import ganache from 'ganache';

const accounts = JSON.parse(process.env.ETH_NODE_ACCOUNTS ?? '[]');
const server = ganache.server({
  logging: { quiet: true },
  chain: { chainId: Number(process.env.ETH_NODE_CHAIN_ID ?? 1337), hardfork: 'shanghai' },
  wallet: { accounts },
  // Every transaction gets its own block at once; tests add depth with evm_mine.
  miner: { instamine: 'eager' },
});
await server.listen(0, '127.0.0.1');
process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await server.close().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', close);
process.stdin.on('end', close);
process.stdin.resume();
