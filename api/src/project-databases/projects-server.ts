import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { lookup } from 'node:dns/promises';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import type { AppConfig, ProjectsDatabaseServer } from '../config/app-config.js';
import { startEmbeddedPostgres, stablePort } from '../platform-db/embedded-postgres.js';
import type { SandboxNetwork } from '../sandboxes/sandbox-network.js';

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
  const server = config.projectDatabases.adminUrl ? await useOperatorServer(config.projectDatabases.adminUrl, config.dataDir, network) : await startEmbedded(config.dataDir, network, log);
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

async function startEmbedded(dataDir: string, network: SandboxNetwork | null, log: Log): Promise<RunningProjectsServer> {
  const server = await startEmbeddedPostgres(dataDir, log, {
    name: 'projects-postgres',
    database: null,
    listenAddresses: ['127.0.0.1', ...(network ? [network.gateway] : [])],
    hba: projectsHba(network?.subnet ?? null),
    stablePort: true,
    setting: 'PROJECTS_DATABASE_URL',
  });
  // The server's own databases are nobody's but the administrator's.
  await withClient(server.url, async (admin) => {
    await admin.query('REVOKE CONNECT, TEMPORARY ON DATABASE postgres FROM PUBLIC');
    await admin.query('REVOKE CONNECT, TEMPORARY ON DATABASE template1 FROM PUBLIC');
  });
  const port = Number(new URL(server.url).port);
  return { adminUrl: server.url, sandboxHost: network?.gateway ?? null, sandboxPort: port, embedded: true, stop: () => server.stop() };
}

async function useOperatorServer(adminUrl: string, dataDir: string, network: SandboxNetwork | null): Promise<RunningProjectsServer> {
  await withClient(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ ok: boolean }>('SELECT rolsuper OR (rolcreatedb AND rolcreaterole) AS ok FROM pg_roles WHERE rolname = current_user');
    if (!rows[0]?.ok) throw new Error('PROJECTS_DATABASE_URL must name a role that may create databases and roles (CREATEDB and CREATEROLE)');
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
  // A server on the host's loopback: sandboxes reach it through a relay on their network's gateway.
  const relay = await startRelay(network.gateway, await relayPort(dataDir), host, port);
  return { adminUrl, sandboxHost: network.gateway, sandboxPort: relay.port, embedded: false, stop: relay.close };
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

async function relayPort(dataDir: string): Promise<number> {
  const file = join(dataDir, 'projects-database-relay.json');
  const remembered = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as { port?: number }).port : undefined;
  return stablePort(remembered, (port) => writeFile(file, JSON.stringify({ port })));
}

interface Relay {
  port: number;
  close(): Promise<void>;
}

/** Forwards each connection to the target, byte for byte; closing it ends every connection. */
function startRelay(listenHost: string, listenPort: number, targetHost: string, targetPort: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  const relay: Server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const close = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => relay.close(() => resolve()));
  };
  return new Promise((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(listenPort, listenHost, () => resolve({ port: (relay.address() as { port: number }).port, close }));
  });
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
