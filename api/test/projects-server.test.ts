// The projects' database server as `npm start` runs it by default: a second embedded PostgreSQL
// under DATA_DIR, on loopback and the sandbox network's gateway, each project's role admitted to
// its own database only, on the same port after a restart.
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { loadConfig } from '../src/config/app-config.js';
import { type RunningProjectsServer, startProjectsDatabaseServer } from '../src/project-databases/projects-server.js';
import { DatabaseLimitsDriver } from '../src/project-databases/database-limits.driver.js';
import { AccountConnectionGate, startRelay } from '../src/project-databases/database-relay.js';
import { ProjectsServerConnections } from '../src/project-databases/projects-server.connections.js';
import { ProjectsServerDriver } from '../src/project-databases/projects-server.driver.js';
import { findSandboxNetwork } from '../src/sandboxes/sandbox-network.js';

let dataDir: string;
let server: RunningProjectsServer | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'forge-projects-pg-'));
});

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const ACCOUNT = `forge_a_${'a'.repeat(24)}`;
const projectName = (n: number) => `forge_p_${String(n).repeat(24).slice(0, 24)}`;

function drivers(config: ReturnType<typeof loadConfig>, running: RunningProjectsServer) {
  const connections = new ProjectsServerConnections(running);
  const limits = new DatabaseLimitsDriver(config, connections);
  return { connections, limits, driver: new ProjectsServerDriver(config, connections, limits) };
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

async function connectAs(host: string, port: number, user: string, password: string, database: string): Promise<string> {
  const client = new pg.Client({ host, port, user, password, database });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
  } catch (err) {
    return `refused: ${(err as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe("the embedded projects' server", () => {
  it("listens on loopback and the sandbox gateway, and admits a project's role to its own database only", async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const network = await findSandboxNetwork(config);
    server = await startProjectsDatabaseServer(config, network, () => {});
    expect(server.embedded).toBe(true);
    expect(server.adminUrl).toMatch(/^postgresql:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
    expect(await reachable('127.0.0.1', server.sandboxPort)).toBe(true);
    if (network) {
      expect(server.sandboxHost).toBe(network.gateway);
      expect(await reachable(network.gateway, server.sandboxPort)).toBe(true);
    }

    const { driver, connections } = drivers(config, server);
    const first = { name: projectName(1), password: 'first-password-123' };
    const second = { name: projectName(2), password: 'second-password-456' };
    await driver.provision(first, ACCOUNT);
    await driver.provision(second, ACCOUNT);
    // Twice is harmless.
    await driver.provision(first, ACCOUNT);
    // From the host itself; sandboxes connect from their subnet, which the build and end-to-end tests cover.
    const host = '127.0.0.1';
    expect(await connectAs(host, server.sandboxPort, first.name, first.password, first.name)).toBe(first.name);
    expect(await connectAs(host, server.sandboxPort, first.name, first.password, second.name)).toMatch(/^refused: .*(no pg_hba\.conf entry|permission denied)/);
    expect(await connectAs(host, server.sandboxPort, first.name, first.password, 'postgres')).toMatch(/^refused/);
    expect(await connectAs(host, server.sandboxPort, first.name, 'wrong', first.name)).toMatch(/^refused: .*password authentication failed/);
    // The administrator only from the host's loopback, never by the address sandboxes use.
    if (network) expect(await connectAs(network.gateway, server.sandboxPort, 'postgres', new URL(server.adminUrl).password, 'postgres')).toMatch(/^refused: no pg_hba\.conf entry/);

    await driver.drop(second.name);
    expect(await driver.exists(second.name)).toEqual({ database: false, role: false });
    await connections.onModuleDestroy();
  }, 60_000);

  it('keeps its port across a restart, so running previews keep their DATABASE_URL', async () => {
    const port = server!.sandboxPort;
    await server!.stop();
    server = await startProjectsDatabaseServer(loadConfig({ DATA_DIR: dataDir }), await findSandboxNetwork(loadConfig({ DATA_DIR: dataDir })), () => {});
    expect(server.sandboxPort).toBe(port);
  }, 60_000);
});

describe("the embedded projects' server's own limits", () => {
  const settings = { PROJECTS_DATABASE_MAX_CONNECTIONS: '20', PROJECTS_DATABASE_RESERVED_CONNECTIONS: '5', PROJECT_DATABASE_CONNECTIONS: '50', PROJECT_DATABASE_MEMORY_MB: '64' };
  let config: ReturnType<typeof loadConfig>;
  let pools: ReturnType<typeof drivers>;
  const app = { name: projectName(3), password: 'third-password-789' };

  beforeAll(async () => {
    await server?.stop();
    config = loadConfig({ DATA_DIR: dataDir, ...settings });
    server = await startProjectsDatabaseServer(config, await findSandboxNetwork(config), () => {});
    pools = drivers(config, server);
    await pools.driver.provision(app, ACCOUNT);
  }, 60_000);

  afterAll(async () => {
    await pools?.connections.onModuleDestroy();
  });

  const connectApp = async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: server!.sandboxPort, user: app.name, password: app.password, database: app.name });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };

  it("keeps connections for the platform's administrator when apps hold all the others", async () => {
    const held: pg.Client[] = [];
    let refusal = '';
    try {
      for (let i = 0; i < 20 && !refusal; i++) {
        await connectApp().then(
          (client) => held.push(client),
          (err: Error) => (refusal = err.message),
        );
      }
      // Apps get max_connections less the reserve (and the server's own background sessions).
      expect(refusal).toMatch(/remaining connection slots are reserved/);
      expect(held.length).toBeLessThanOrEqual(15);
      // A new project is still provisioned and its role can connect once an app lets one go.
      const next = { name: projectName(4), password: 'fourth-password-000' };
      await pools.driver.provision(next, ACCOUNT);
      await held.pop()!.end();
      expect(await connectAs('127.0.0.1', server!.sandboxPort, next.name, next.password, next.name)).toBe(next.name);
    } finally {
      await Promise.all(held.map((client) => client.end().catch(() => undefined)));
    }
  }, 60_000);

  it('lets a connection that raises its work_mem fail for want of memory, never the server or other connections', async () => {
    const greedy = await connectApp();
    const started = (await greedy.query<{ at: Date }>('SELECT pg_postmaster_start_time() AS at')).rows[0]!.at;
    await greedy.query("SET work_mem = '2GB'");
    await greedy.query('SET statement_timeout = 0');
    const sorting = greedy.query('SELECT count(*) FROM (SELECT g, md5(g::text) FROM generate_series(1, 4000000) g ORDER BY 2 DESC) s');
    await expect(sorting).rejects.toThrow(/out of memory/);
    const other = await connectApp();
    expect((await other.query<{ at: Date }>('SELECT pg_postmaster_start_time() AS at')).rows[0]!.at).toEqual(started);
    await Promise.all([greedy.end(), other.end()]);
  }, 60_000);
});

describe('the relay in front of a server too old for login checks (before PostgreSQL 17)', () => {
  it("refuses a connection past the account's budget itself, with PostgreSQL's own error", async () => {
    const config = loadConfig({ DATA_DIR: dataDir, PROJECT_DATABASE_ACCOUNT_CONNECTIONS: '3' });
    const { driver, connections } = drivers(config, server!);
    const account = `forge_a_${'b'.repeat(24)}`;
    const apps = [
      { name: projectName(5), password: 'fifth-password-555' },
      { name: projectName(6), password: 'sixth-password-666' },
    ];
    for (const app of apps) {
      await driver.provision(app, account);
      // As on PostgreSQL 15, whose databases have no login trigger.
      await connections.asAdmin((admin) => admin.query('DROP EVENT TRIGGER forge_account_connections'), app.name);
    }
    const relay = await startRelay('127.0.0.1', 0, { host: '127.0.0.1', port: server!.sandboxPort }, new AccountConnectionGate(server!.adminUrl));
    const through = async (app: { name: string; password: string }) => {
      const client = new pg.Client({ host: '127.0.0.1', port: relay.port, user: app.name, password: app.password, database: app.name });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    };
    try {
      // Together they all go through at once; one of them past the budget, whichever, is refused.
      const attempts = await Promise.allSettled([through(apps[0]!), through(apps[1]!), through(apps[0]!), through(apps[1]!)]);
      const held = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
      const refused = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason as Error & { code?: string }] : []));
      expect(held).toHaveLength(3);
      expect(refused.map((err) => [err.code, err.message])).toEqual([['53300', "this account's apps already hold all 3 database connections it may use at once"]]);
      await held.pop()!.end();
      // Its server process goes a moment after the client has said goodbye (as with PostgreSQL's own
      // limits); then the budget has room again.
      held.push(await eventually(() => through(apps[1]!)));
      await Promise.all(held.map((client) => client.end()));
      // A client that asks for TLS first is told no, then logs in as usual.
      expect(await sslAnswer(relay.port)).toBe('N');
    } finally {
      await relay.close();
      for (const app of apps) await driver.drop(app.name);
      await connections.onModuleDestroy();
    }
  }, 60_000);

  it('counts a login whose backend has started once, not also as pending, while its answer is on the way', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, PROJECT_DATABASE_ACCOUNT_CONNECTIONS: '3' });
    const { driver, connections } = drivers(config, server!);
    const account = `forge_a_${'c'.repeat(24)}`;
    const app = { name: projectName(7), password: 'seventh-password-777' };
    await driver.provision(app, account);
    const gate = new AccountConnectionGate(server!.adminUrl);
    const direct = new pg.Client({ host: '127.0.0.1', port: server!.sandboxPort, user: app.name, password: app.password, database: app.name });
    try {
      // A login let through whose backend is up (in pg_stat_activity) before the server's answer reached
      // the relay, as on a loaded host: that backend is this client's, from the address and port the login connected from.
      const first = await gate.admit(app.name);
      expect(first.refusal).toBeNull();
      await direct.connect();
      const { rows } = await direct.query<{ origin: string }>("SELECT host(inet_client_addr()) || ':' || inet_client_port() AS origin");
      first.login!.connectedFrom(rows[0]!.origin);
      // Two more fit the budget of three; the one after them does not.
      const second = await gate.admit(app.name);
      const third = await gate.admit(app.name);
      expect([second.refusal, third.refusal]).toEqual([null, null]);
      expect((await gate.admit(app.name)).refusal?.message).toBe("this account's apps already hold all 3 database connections it may use at once");
    } finally {
      await direct.end().catch(() => undefined);
      await gate.close();
      await driver.drop(app.name);
      await connections.onModuleDestroy();
    }
  }, 60_000);
});

/** Tries `attempt` until it succeeds, for up to 5 s. */
async function eventually<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function sslAnswer(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const request = Buffer.alloc(8);
      request.writeInt32BE(8, 0);
      request.writeInt32BE(80_877_103, 4);
      socket.write(request);
    });
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString());
    });
    socket.on('error', reject);
  });
}
