import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { lookup } from 'node:dns/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { AppConfig, ProjectsDatabaseServer } from '../config/app-config.js';
import { startEmbeddedPostgres, stablePort } from '../platform-db/embedded-postgres.js';
import type { SandboxNetwork } from '../sandboxes/sandbox-network.js';
import { AccountConnectionGate, startRelay } from './database-relay.js';

export interface RunningProjectsServer extends ProjectsDatabaseServer {
  /** The platform started it (the default), rather than an operator's server. */
  embedded: boolean;
  stop(): Promise<void>;
}

type Log = (line: string) => void;

/**
 * The PostgreSQL server generated apps keep their data in, never the platform's: by default a
 * second embedded server under DATA_DIR listening on loopback and on the sandbox network's gateway
 * only; with PROJECTS_DATABASE_URL, the operator's server.
 */
export async function startProjectsDatabaseServer(config: AppConfig, network: SandboxNetwork | null, log: Log): Promise<RunningProjectsServer> {
  const server = config.projectDatabases.adminUrl ? await useOperatorServer(config.projectDatabases.adminUrl, config.dataDir, network, log) : await startEmbedded(config, network, log);
  if (!server.sandboxHost) log("Docker is not reachable: sandboxes cannot reach the projects' database server until the platform restarts with Docker");
  else if (server.sandboxHost === network?.gateway && config.sandboxHosts.length > 1) {
    log(
      `SANDBOX_HOSTS lists ${config.sandboxHosts.length} hosts, but sandboxes reach the projects' database server through this machine's sandbox network only: ` +
        'data apps placed on other hosts cannot reach their databases. Set PROJECTS_DATABASE_URL to a server on an address every host reaches.',
    );
  }
  return server;
}

/**
 * Who may connect: the platform's administrator from the host, and each project's role (named
 * like its database) into its own database only, from the host and from sandboxes.
 */
export function projectsHba(sandboxSubnet: string | null): string {
  return [
    '# Written by Forge at each start.',
    'host all postgres 127.0.0.1/32 scram-sha-256',
    'host sameuser all 127.0.0.1/32 scram-sha-256',
    ...(sandboxSubnet ? [`host sameuser all ${sandboxSubnet} scram-sha-256`] : []),
    '',
  ].join('\n');
}

async function startEmbedded(config: AppConfig, network: SandboxNetwork | null, log: Log): Promise<RunningProjectsServer> {
  const { serverConnections, reservedConnections, connectionMemoryMb } = config.projectDatabases;
  const server = await startEmbeddedPostgres(config.dataDir, log, {
    name: 'projects-postgres',
    database: null,
    listenAddresses: ['127.0.0.1', ...(network ? [network.gateway] : [])],
    hba: projectsHba(network?.subnet ?? null),
    stablePort: true,
    setting: 'PROJECTS_DATABASE_URL',
    settings: {
      max_connections: serverConnections,
      // The platform's administrator is its superuser: provisioning and the watchdog get in when apps hold every other connection.
      superuser_reserved_connections: reservedConnections,
      // The login check of accounts' budgets is PL/pgSQL: loaded once, not by every new connection (about 5 ms each).
      shared_preload_libraries: 'plpgsql',
    },
  });
  await limitConnectionMemory(server.pid, connectionMemoryMb).catch((err: Error) =>
    log(`The projects' PostgreSQL runs without a memory cap per connection (PROJECT_DATABASE_MEMORY_MB): prlimit failed: ${err.message.trim()}`),
  );
  // The server's own databases are nobody's but the administrator's.
  await withClient(server.url, async (admin) => {
    await admin.query('REVOKE CONNECT, TEMPORARY ON DATABASE postgres FROM PUBLIC');
    await admin.query('REVOKE CONNECT, TEMPORARY ON DATABASE template1 FROM PUBLIC');
  });
  const port = Number(new URL(server.url).port);
  return { adminUrl: server.url, sandboxHost: network?.gateway ?? null, sandboxPort: port, embedded: true, stop: () => server.stop() };
}

async function useOperatorServer(adminUrl: string, dataDir: string, network: SandboxNetwork | null, log: Log): Promise<RunningProjectsServer> {
  const version = await withClient(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ ok: boolean; version: number }>(
      "SELECT rolsuper OR (rolcreatedb AND rolcreaterole) AS ok, current_setting('server_version_num')::int AS version FROM pg_roles WHERE rolname = current_user",
    );
    if (!rows[0]?.ok) throw new Error('PROJECTS_DATABASE_URL must name a role that may create databases and roles (CREATEDB and CREATEROLE)');
    return rows[0].version;
  }).catch((err: Error) => {
    throw new Error(`The projects' database server (PROJECTS_DATABASE_URL) is not usable: ${err.message}`, { cause: err });
  });
  const url = new URL(adminUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || 5432);
  if (!isLoopback(host)) {
    // The firewall names addresses, not host names.
    const { address } = await lookup(host, { family: 4 });
    return { adminUrl, sandboxHost: address, sandboxPort: port, embedded: false, stop: async () => {} };
  }
  if (!network) return { adminUrl, sandboxHost: null, sandboxPort: port, embedded: false, stop: async () => {} };
  // A server on the host's loopback: sandboxes reach it through a relay on their network's gateway,
  // which checks accounts' connection budgets itself when the server cannot (no login triggers before 17).
  const gate = version < 170_000 ? new AccountConnectionGate(adminUrl) : null;
  if (gate) log(`The projects' PostgreSQL is ${Math.floor(version / 10_000)}: the relay in front of it checks accounts' connection budgets`);
  const relay = await startRelay(network.gateway, await relayPort(dataDir), { host, port }, gate);
  return { adminUrl, sandboxHost: network.gateway, sandboxPort: relay.port, embedded: false, stop: relay.close };
}

/**
 * Caps the private memory of each of the server's processes (RLIMIT_DATA, which its shared memory
 * does not count against), set on the postmaster so every connection's process inherits it: a
 * statement that needs more (an app's `SET work_mem = '2GB'`) fails with "out of memory" alone.
 * Lowering another process's limit takes its own user: root in a container may lack CAP_SYS_RESOURCE.
 */
async function limitConnectionMemory(pid: number, megabytes: number): Promise<void> {
  const bytes = megabytes * 1024 * 1024;
  const owner = process.getuid?.() === 0 ? await stat(`/proc/${pid}`) : null;
  await promisify(execFile)('prlimit', ['--pid', String(pid), `--data=${bytes}:${bytes}`], { timeout: 10_000, ...(owner ? { uid: owner.uid, gid: owner.gid } : {}) });
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

async function relayPort(dataDir: string): Promise<number> {
  const file = join(dataDir, 'projects-database-relay.json');
  const remembered = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as { port?: number }).port : undefined;
  return stablePort(remembered, (port) => writeFile(file, JSON.stringify({ port })));
}

async function withClient<T>(url: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}
