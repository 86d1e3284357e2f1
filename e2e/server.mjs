// The platform as the end-to-end tests see it: a fresh data directory and embedded PostgreSQL servers per run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdminAccount, removeAdminAccount } from './admin-account.mjs';
import { startE2eChain } from './eth-chain.mjs';
import { startScriptedModel } from './scripted-model.mjs';
import { browserNamespaceAvailable, browserSocketPath } from './support/browser-netns.mjs';
import socketRelay from './support/socket-relay.cjs';

const { relay } = socketRelay;

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'forge-e2e-'));
// The offline agent streams slowly enough that a test can reload in the middle of a generation.
// Every test signs up from the same address.
const env = {
  OFFLINE_AGENT_CHARS_PER_SECOND: '10000',
  // A generation can script its own answer and pace (the live preview's test: a model writing at 250 characters a second).
  FORGE_TEST_SCRIPTED_ANSWERS: '1',
  LIMIT_SIGNUPS_PER_HOUR: '100000',
  LIMIT_SIGNINS_PER_MINUTE: '100000',
  LIMIT_SHARE_VIEWS_PER_MINUTE: '100000',
  ...process.env,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3217',
};
delete env.ANTHROPIC_API_KEY;
delete env.LLM_PROVIDER;
// Never write test accounts into a database someone configured for real use.
delete env.DATABASE_URL;
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
// Project databases too: by default the second embedded server, as `npm start` runs it.
delete env.PROJECTS_DATABASE_URL;
if (process.env.E2E_PROJECTS_DATABASE_URL) env.PROJECTS_DATABASE_URL = process.env.E2E_PROJECTS_DATABASE_URL;
// One operator account for the operators' console tests; see admin-account.mjs.
let admin;
try {
  admin = createAdminAccount({ env, port: env.PORT });
} catch (err) {
  rmSync(dataDir, { recursive: true, force: true });
  throw err;
}
env.ADMIN_USER_IDS = admin.id;
// A local Ethereum node, so that USDC top-ups are on (tests/credits.spec.ts deploys the token).
const chain = await startE2eChain({ port: env.PORT });
Object.assign(env, chain.env);
// A model reached through the real Anthropic SDK, for projects named scripted-model-… (the others keep the offline agent).
const model = await startScriptedModel({ port: env.PORT });
env.FORGE_TEST_SCRIPTED_MODEL_URL = model.url;

// The browser in its own network namespace reaches the platform through this socket (support/browser-netns.mjs).
const browserRelay = browserNamespaceAvailable() ? relayBrowserSocket(Number(env.PORT)) : null;

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'api/dist/main.js')], { cwd: root, env, stdio: 'inherit' });
const stop = (signal) => server.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', async (code) => {
  browserRelay?.close();
  chain.stop();
  model.stop();
  await removeAdminAccount({ env, port: env.PORT, account: admin }).catch((err) => console.error(`Removing the e2e operator account: ${err.message}`));
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

function relayBrowserSocket(port) {
  const socketPath = browserSocketPath(port);
  rmSync(socketPath, { force: true });
  return createServer((client) => relay(client, connect(port, '127.0.0.1'))).listen(socketPath);
}
