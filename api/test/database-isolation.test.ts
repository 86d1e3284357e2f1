// One project's database credentials reach that database and nothing else: not another project's,
// not the platform's tables, not the right to create databases or roles; table names and paging
// values never become SQL; a sandbox reaches the database port and no other port on the host.
import { createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { PROJECTS_DATABASE_SERVER, type ProjectsDatabaseServer } from '../src/config/app-config.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { DatabaseSetupService } from '../src/project-databases/database-setup.service.js';
import { probeBuild, tinyDataApp } from './fixtures/data-projects.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let owner: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // Listening on every interface, as a real server does: only the sandbox firewall keeps containers out.
  t = await startTestApp({ AUTOFIX_MAX_ATTEMPTS: '0' }, { host: '0.0.0.0' });
  owner = (await signUp(t.http)).cookie;
  for (const name of ['alpha', 'beta']) {
    await t.http
      .post('/api/projects/save')
      .set('Cookie', owner)
      .send({ projectName: name, files: tinyDataApp({ rows: 5 }) })
      .expect(201);
    await t.http.post(`/api/projects/${name}/database/initialize`).set('Cookie', owner).send({ runSeed: true, useAutoUrl: true }).expect(200);
    ids[name] = (await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name } })).id;
  }
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** Project `name`'s own credentials, pointed at `database` on the projects' server as the host reaches it. */
async function connectAs(name: string, database?: string): Promise<pg.Client> {
  const url = new URL((await t.app.get(DatabaseSetupService).appEnvironment(ids[name]!)).DATABASE_URL!);
  const admin = new URL(t.app.get<ProjectsDatabaseServer>(PROJECTS_DATABASE_SERVER).adminUrl);
  url.hostname = admin.hostname;
  url.port = admin.port;
  if (database) url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function platformDatabaseName(): Promise<string> {
  return (await t.app.get(PrismaService).$queryRaw<Array<{ name: string }>>`SELECT current_database() AS name`)[0]!.name;
}

/** The error message of an action that must fail; a connection it made anyway is closed. */
async function refused(action: () => Promise<unknown>): Promise<string> {
  let result: unknown;
  try {
    result = await action();
  } catch (err) {
    return (err as Error).message;
  }
  if (result instanceof pg.Client) await result.end();
  throw new Error('expected a refusal');
}

describe("a project's database credentials", () => {
  it("work for the project's own database", async () => {
    const client = await connectAs('alpha');
    expect((await client.query('SELECT count(*)::int AS n FROM notes')).rows[0].n).toBe(5);
    await client.end();
  });

  it("cannot connect to another project's database, nor read anything in the server's own or the platform's", async () => {
    const beta = (await t.app.get(PrismaService).projectDatabase.findUniqueOrThrow({ where: { projectId: ids.beta! } })).providedName!;
    expect(await refused(() => connectAs('alpha', beta))).toMatch(/permission denied|no pg_hba\.conf entry/);
    const platformDatabase = new URL(process.env.FORGE_TEST_SERVER_URL!).host === new URL(process.env.FORGE_TEST_PROJECTS_SERVER_URL!).host ? await platformDatabaseName() : null;
    for (const database of ['postgres', 'template1', ...(platformDatabase ? [platformDatabase] : [])]) {
      // An operator's server may let anyone into its own databases; there is nothing to read there.
      const client = await connectAs('alpha', database).catch((err: Error) => err);
      if (client instanceof Error) {
        expect(client.message).toMatch(/permission denied|does not exist|no pg_hba\.conf entry/);
        continue;
      }
      expect(await refused(() => client.query('SELECT * FROM users'))).toMatch(/permission denied|does not exist/);
      await client.end();
    }
  });

  it("find no platform database on the projects' own server when it is separate, as by default", async () => {
    if (new URL(process.env.FORGE_TEST_SERVER_URL!).host === new URL(process.env.FORGE_TEST_PROJECTS_SERVER_URL!).host) return;
    const admin = new pg.Client({ connectionString: process.env.FORGE_TEST_PROJECTS_SERVER_URL });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database');
    await admin.end();
    expect(rows.map((row) => row.datname)).not.toContain(await platformDatabaseName());
  });

  it("find other tenants' databases, roles and sessions named by nothing that tells whose they are", async () => {
    const alpha = await connectAs('alpha');
    const beta = await connectAs('beta');
    const seen = [
      ...(await alpha.query<{ name: string }>('SELECT datname AS name FROM pg_database')).rows,
      ...(await alpha.query<{ name: string }>('SELECT rolname AS name FROM pg_roles')).rows,
      ...(await alpha.query<{ name: string }>("SELECT concat_ws(' ', datname, usename, application_name) AS name FROM pg_stat_activity")).rows,
    ].map((row) => row.name);
    // beta's session is there, under a name that is not its project's id, nor its owner's.
    const betaName = (await t.app.get(PrismaService).projectDatabase.findUniqueOrThrow({ where: { projectId: ids.beta! } })).providedName!;
    expect(seen.some((name) => name?.includes(betaName))).toBe(true);
    const users = await t.app.get(PrismaService).user.findMany({ select: { id: true } });
    for (const id of [...Object.values(ids), ...users.map((user) => user.id)]) {
      for (const form of [id, id.replace(/-/g, ''), id.replace(/-/g, '').slice(0, 12)]) expect(seen.join('\n')).not.toContain(form);
    }
    await Promise.all([alpha.end(), beta.end()]);
  });

  it("find none of the platform's tables, and may create neither databases nor roles", async () => {
    const client = await connectAs('alpha');
    for (const table of ['users', 'sessions', 'projects', 'project_secrets', 'project_databases']) {
      expect(await refused(() => client.query(`SELECT * FROM ${table}`))).toMatch(/does not exist/);
    }
    expect(await refused(() => client.query('CREATE DATABASE stolen'))).toMatch(/permission denied to create database/);
    expect(await refused(() => client.query('CREATE ROLE intruder LOGIN'))).toMatch(/permission denied to create role/);
    expect(await refused(() => client.query('ALTER ROLE CURRENT_USER CREATEDB'))).toMatch(/permission denied/);
    const { rows } = await client.query<{ rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean; rolconnlimit: number }>(
      'SELECT rolsuper, rolcreatedb, rolcreaterole, rolconnlimit FROM pg_roles WHERE rolname = current_user',
    );
    expect(rows[0]).toEqual({ rolsuper: false, rolcreatedb: false, rolcreaterole: false, rolconnlimit: 10 });
    expect((await client.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0]!.statement_timeout).toBe('30s');
    await client.end();
  });
});

describe('table names and paging values', () => {
  it('with SQL in them change nothing and answer 4xx', async () => {
    const base = '/api/projects/alpha/database/tables';
    const attempts = [
      `${base}/${encodeURIComponent('notes; DROP TABLE notes; --')}/data?page=1&pageSize=10`,
      `${base}/${encodeURIComponent('notes" ; DROP TABLE notes; --')}/data`,
      `${base}/${encodeURIComponent('pg_catalog.pg_authid')}/data`,
      `${base}/notes/data?page=${encodeURIComponent('1; DROP TABLE notes')}&pageSize=10`,
      `${base}/notes/data?page=1&pageSize=${encodeURIComponent('10 OR 1=1')}`,
      `${base}/notes/data?page=1&pageSize=101`,
      `${base}/notes/data?page=0&pageSize=10`,
      `${base}/notes/data?page=1&page=2`,
    ];
    for (const path of attempts) {
      const res = await t.http.get(path).set('Cookie', owner);
      expect([400, 404]).toContain(res.status);
    }
    const page = await t.http.get(`${base}/notes/data?page=1&pageSize=100`).set('Cookie', owner).expect(200);
    expect(page.body.total).toBe(5);
    expect(page.body.rows[2]).toEqual({ id: 3, body: 'note 3', pinned: null });
  });
});

describe('a sandbox on the host', () => {
  let listener: Server;
  afterAll(() => {
    listener?.close();
  });

  it("reaches the projects' database port and no other port", async () => {
    listener = createServer((socket) => socket.end('hello\n'));
    await new Promise<void>((resolve) => listener.listen(0, '0.0.0.0', resolve));
    const otherPort = (listener.address() as { port: number }).port;
    const platformPort = (t.app.getHttpServer().address() as { port: number }).port;
    const server = t.app.get<ProjectsDatabaseServer>(PROJECTS_DATABASE_SERVER);
    expect(server.sandboxHost).toBeTruthy();
    const hostAddresses = Object.values(networkInterfaces())
      .flat()
      .filter((address) => address && address.family === 'IPv4' && !address.internal)
      .map((address) => address!.address);
    const blocked = hostAddresses.flatMap((address) => [`${address}:${otherPort}`, `${address}:${platformPort}`]);
    const allowed = `${server.sandboxHost}:${server.sandboxPort}`;
    const files = { ...tinyDataApp({ build: 'bash build.sh' }), 'build.sh': probeBuild([allowed, ...blocked]) };
    await t.http.post('/api/projects/save').set('Cookie', owner).send({ projectName: 'prober', files }).expect(201);
    const { events } = await readSse(`${t.baseUrl}/api/projects/prober/build`, { Cookie: owner }, 'POST');
    const log = parsedEvents(events)
      .filter((e) => e.type === 'log')
      .map((e) => String(e.data))
      .join('\n');
    expect(log).toContain(`REACHED ${allowed}`);
    for (const target of blocked) expect(log).toMatch(new RegExp(`refused ${target.replace(/\./g, '\\.')} `));
    expect(log.match(/REACHED/g)).toHaveLength(1);
  }, 180_000);
});
