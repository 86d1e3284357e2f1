// Restore points of a project's database on the projects' own server (PostgreSQL 18, embedded): its
// schema and rows written to a file and brought back exactly, swapped in whole, or not at all.
import { mkdtemp, rm, truncate, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { loadConfig } from '../src/config/app-config.js';
import { DatabaseLimitsDriver } from '../src/project-databases/database-limits.driver.js';
import { DatabaseSnapshotsDriver, SnapshotRefused } from '../src/project-databases/database-snapshots.driver.js';
import { type RunningProjectsServer, startProjectsDatabaseServer } from '../src/project-databases/projects-server.js';
import { ProjectsServerConnections } from '../src/project-databases/projects-server.connections.js';
import { ProjectsServerDriver } from '../src/project-databases/projects-server.driver.js';

let dataDir: string;
let server: RunningProjectsServer;
let connections: ProjectsServerConnections;
let snapshots: DatabaseSnapshotsDriver;
const app = { name: `forge_p_${'5'.repeat(24)}`, password: 'snapshot-password-123' };

/** A blog as Drizzle pushes one, with what else an app may use: an enum, serial and identity keys, a generated column, an index. */
const SCHEMA = `
CREATE TYPE post_state AS ENUM ('draft', 'published');
CREATE TABLE authors (id serial PRIMARY KEY, name text NOT NULL UNIQUE, bio text);
CREATE TABLE posts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  author_id integer NOT NULL REFERENCES authors(id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  state post_state NOT NULL DEFAULT 'draft',
  tags text[] NOT NULL DEFAULT '{}',
  meta jsonb,
  cover bytea,
  title_length integer GENERATED ALWAYS AS (length(title)) STORED,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT title_not_blank CHECK (length(trim(title)) > 0)
);
CREATE INDEX posts_author_idx ON posts (author_id, created_at DESC);
INSERT INTO authors (name, bio) VALUES ('Ada', E'Line one\\nline two, with a tab\\there'), ('Grace', NULL);
INSERT INTO posts (author_id, title, body, state, tags, meta, cover) VALUES
  (1, 'Hello', 'First post', 'published', '{a,b}', '{"views": 3}', '\\x00ff10'),
  (2, 'Back\\slash "quoted" \\.', E'ends with a dot line\\n\\\\.', 'draft', '{}', NULL, NULL);
`;

async function asApp<T>(action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ host: '127.0.0.1', port: server.sandboxPort, user: app.name, password: app.password, database: app.name });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/** Everything a restore must bring back, in a stable order. */
async function contents(): Promise<unknown> {
  return asApp(async (client) => ({
    authors: (await client.query('SELECT * FROM authors ORDER BY id')).rows,
    posts: (await client.query('SELECT * FROM posts ORDER BY id')).rows,
    next: {
      author: (await client.query("SELECT nextval('authors_id_seq') AS n")).rows[0],
    },
  }));
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'forge-snapshots-'));
  const config = loadConfig({ DATA_DIR: dataDir });
  server = await startProjectsDatabaseServer(config, null, () => {});
  connections = new ProjectsServerConnections(server);
  const limits = new DatabaseLimitsDriver(config, connections);
  await new ProjectsServerDriver(config, connections, limits).provision(app, `forge_a_${'5'.repeat(24)}`);
  snapshots = new DatabaseSnapshotsDriver(config, connections, limits);
  await asApp((client) => client.query(SCHEMA));
}, 60_000);

afterAll(async () => {
  await connections?.onModuleDestroy();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a restore point of a project database', () => {
  it('brings back exactly the rows, keys, sequences and rules it was taken with, owned by the project', async () => {
    const file = join(dataDir, 'first.snapshot.gz');
    const before = await contents();
    const { bytes } = await snapshots.dump(app.name, file, 1024 * 1024);
    expect(bytes).toBe((await stat(file)).size);

    // The app goes on: rows change, a table is dropped, a connection stays open.
    const open = new pg.Client({ host: '127.0.0.1', port: server.sandboxPort, user: app.name, password: app.password, database: app.name });
    open.on('error', () => undefined);
    await open.connect();
    await asApp(async (client) => {
      await client.query("INSERT INTO posts (author_id, title) VALUES (1, 'Added later')");
      await client.query("UPDATE authors SET name = 'Ada L.' WHERE id = 1");
      await client.query('DROP TABLE posts');
    });

    await snapshots.restore(app.name, file);
    // The sequence advanced once when `before` was read, as it did in the original.
    expect(await contents()).toEqual({ ...(before as object), next: { author: { n: '4' } } });
    await asApp(async (client) => {
      // Identity, defaults, generated columns, checks and references work as before.
      const { rows } = await client.query<{ id: number; title_length: number }>("INSERT INTO posts (author_id, title) VALUES (2, 'New') RETURNING id, title_length");
      expect(rows[0]).toEqual({ id: 3, title_length: 3 });
      await expect(client.query("INSERT INTO posts (author_id, title) VALUES (99, 'x')")).rejects.toThrow(/foreign key/);
      await expect(client.query("INSERT INTO posts (author_id, title) VALUES (1, '  ')")).rejects.toThrow(/title_not_blank/);
      await expect(client.query("INSERT INTO authors (name) VALUES ('Grace')")).rejects.toThrow(/unique/);
      const owners = await client.query<{ owner: string }>("SELECT DISTINCT pg_get_userbyid(relowner) AS owner FROM pg_class WHERE relnamespace = 'public'::regnamespace");
      expect(owners.rows).toEqual([{ owner: app.name }]);
      expect((await client.query("SELECT indexname FROM pg_indexes WHERE tablename = 'posts' ORDER BY 1")).rows.map((row) => row.indexname)).toEqual(['posts_author_idx', 'posts_pkey']);
    });
    // The connection open on the old database was ended; nothing of the restore is left beside it.
    await expect(open.query('SELECT 1')).rejects.toThrow();
    await open.end().catch(() => undefined);
    const databases = await connections.asAdmin((admin) => admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${app.name}%`]));
    expect(databases.rows.map((row) => row.datname)).toEqual([app.name]);
  }, 60_000);

  it('that fails midway leaves the current data as it was', async () => {
    const file = join(dataDir, 'broken.snapshot.gz');
    await snapshots.dump(app.name, file, 1024 * 1024);
    await asApp((client) => client.query("INSERT INTO posts (author_id, title) VALUES (1, 'Kept through a failed restore')"));
    const current = await contents();
    await truncate(file, (await stat(file)).size - 20);
    await expect(snapshots.restore(app.name, file)).rejects.toThrow();
    expect(await contents()).toEqual({ ...(current as object), next: { author: { n: String(Number((current as { next: { author: { n: string } } }).next.author.n) + 1) } } });
    const databases = await connections.asAdmin((admin) => admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${app.name}%`]));
    expect(databases.rows.map((row) => row.datname)).toEqual([app.name]);
  }, 60_000);

  it('is refused, leaving no file, over its bound or with objects it would not keep', async () => {
    const file = join(dataDir, 'refused.snapshot.gz');
    await expect(snapshots.dump(app.name, file, 200)).rejects.toThrow(SnapshotRefused);
    await expect(stat(file)).rejects.toThrow();
    await expect(stat(`${file}.partial`)).rejects.toThrow();
    await asApp((client) => client.query('CREATE VIEW published AS SELECT * FROM posts'));
    await expect(snapshots.dump(app.name, file, 1024 * 1024)).rejects.toThrow('its database holds views, which restore points do not keep');
    await asApp((client) => client.query('DROP VIEW published'));
  }, 60_000);
});
