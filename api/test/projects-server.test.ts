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

    const driver = new ProjectsServerDriver(config, server);
    const first = { name: 'forge_p_first', password: 'first-password-123' };
    const second = { name: 'forge_p_second', password: 'second-password-456' };
    await driver.provision(first);
    await driver.provision(second);
    // Twice is harmless.
    await driver.provision(first);
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
    await driver.onModuleDestroy();
  }, 60_000);

  it('keeps its port across a restart, so running previews keep their DATABASE_URL', async () => {
    const port = server!.sandboxPort;
    await server!.stop();
    server = await startProjectsDatabaseServer(loadConfig({ DATA_DIR: dataDir }), await findSandboxNetwork(loadConfig({ DATA_DIR: dataDir })), () => {});
    expect(server.sandboxPort).toBe(port);
  }, 60_000);
});
