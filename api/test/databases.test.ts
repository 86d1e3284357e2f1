// A generated data app's own PostgreSQL database: provisioned on the projects' server, pushed and
// seeded in the project's sandbox, browsed page by page, and used by the app's own API.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { VersionListResponse } from '@forge/protocol/versions';
import { planProject } from '../src/agent/offline/plan-project.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { DatabaseSetupService } from '../src/project-databases/database-setup.service.js';
import { ProjectsServerDriver } from '../src/project-databases/projects-server.driver.js';
import { getThroughProxy, requestThroughProxy } from './support/preview-http.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let port: number;
let owner: string;
let stranger: string;

const blog = planProject('A food blog called Fork Notes with recipes and comments', 'fork-notes').files;

beforeAll(async () => {
  t = await startTestApp({ SANDBOX_MEMORY_MB: '768', BUILD_CONCURRENCY: '2', AUTOFIX_MAX_ATTEMPTS: '0', PROJECT_DATABASE_SNAPSHOT_MB: '1', PROJECT_DATABASE_SNAPSHOTS_KEPT: '2' });
  port = (t.app.getHttpServer().address() as { port: number }).port;
  owner = (await signUp(t.http)).cookie;
  stranger = (await signUp(t.http)).cookie;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function save(name: string, files: Record<string, string>): Promise<string> {
  await t.http.post('/api/projects/save').set('Cookie', owner).send({ projectName: name, files }).expect(201);
  return (await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name } })).id;
}

async function build(name: string): Promise<{ log: string; previewUrl: string | null; success: boolean }> {
  const { status, events } = await readSse(`${t.baseUrl}/api/projects/${name}/build`, { Cookie: owner }, 'POST');
  expect(status).toBe(200);
  const parsed = parsedEvents(events);
  const result = parsed.find((e) => e.type === 'result')!.data as { success: boolean; previewUrl: string | null };
  return {
    log: parsed
      .filter((e) => e.type === 'log')
      .map((e) => String(e.data))
      .join('\n'),
    ...result,
  };
}

/** The app's URL as the host reaches the projects' server (the sandbox's address is the gateway's). */
async function hostUrlOf(projectId: string): Promise<string> {
  const url = new URL((await t.app.get(DatabaseSetupService).appEnvironment(projectId)).DATABASE_URL!);
  const admin = new URL(process.env.FORGE_TEST_PROJECTS_SERVER_URL!);
  url.hostname = admin.hostname;
  url.port = admin.port;
  return url.toString();
}

type Row = Record<string, unknown>;
interface Tables {
  authors: Row[];
  posts: Row[];
  comments: Row[];
}

async function asProject<T>(projectId: string, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: await hostUrlOf(projectId) });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/** Every row of the blog's tables, in key order. */
function tables(projectId: string): Promise<Tables> {
  return asProject(projectId, async (client) => ({
    authors: (await client.query<Row>('SELECT * FROM authors ORDER BY id')).rows,
    posts: (await client.query<Row>('SELECT * FROM posts ORDER BY id')).rows,
    comments: (await client.query<Row>('SELECT * FROM comments ORDER BY id')).rows,
  }));
}

/** The rebuild a restore starts, to its end: a build asked for now attaches to it. */
async function waitForBuild(name = 'fork-notes'): Promise<void> {
  expect((await build(name)).success).toBe(true);
}

describe('the blog blueprint with its own database', () => {
  let projectId: string;
  let autoName: string | undefined;

  it('has a schema before anything is initialized, and no data to show yet', async () => {
    projectId = await save('fork-notes', blog);
    const status = await t.http.get('/api/projects/fork-notes/database/status').set('Cookie', owner).expect(200);
    expect(status.body).toEqual({ hasDatabase: true, isInitialized: false, size: null });
    const { schema } = (await t.http.get('/api/projects/fork-notes/database/schema').set('Cookie', owner).expect(200)).body;
    expect(schema.description).toBe('Authors write posts; readers leave comments on posts.');
    expect(schema.tables.map((table: { name: string }) => table.name)).toEqual(['authors', 'posts', 'comments']);
    expect(schema.tables[1].columns.find((c: { name: string }) => c.name === 'author_id')).toEqual({
      name: 'author_id',
      type: 'integer',
      primaryKey: false,
      notNull: true,
      unique: false,
      references: 'authors.id',
      default: null,
    });
    const data = await t.http.get('/api/projects/fork-notes/database/tables/posts/data?page=1&pageSize=10').set('Cookie', owner).expect(409);
    expect(data.body.error).toBe('Initialize the database to view table data');
  });

  it('offers the automatic URL without its password', async () => {
    const { body } = await t.http.get('/api/database/auto-url?project=fork-notes').set('Cookie', owner).expect(200);
    // Named before it exists, the same way it is named once provisioned, and by nothing that shows the project's id.
    const name = /^postgresql:\/\/(forge_p_[0-9a-f]{24})@/.exec(body.url)?.[1];
    autoName = name;
    expect(body.url).toMatch(new RegExp(`^postgresql://${name}@[\\d.]+:\\d+/${name}$`));
    expect(body.url).not.toContain(projectId.replace(/-/g, '').slice(0, 12));
    expect(body.maskedUrl).toBe(body.url.replace(`${name}@`, `${name}:****@`));
  });

  it("refuses a bad custom URL in the dialog's words", async () => {
    for (const [databaseUrl, error] of [
      ['', 'Database URL is required'],
      ['mysql://db/app', 'Invalid PostgreSQL URL format. Must start with postgresql:// or postgres://'],
      ['postgresql://user@', 'The URL names no host: postgresql://user:password@host:5432/database'],
    ]) {
      const res = await t.http.post('/api/projects/fork-notes/database/initialize').set('Cookie', owner).send({ runSeed: true, databaseUrl }).expect(400);
      expect(res.body.error).toBe(error);
    }
  });

  let seededPosts: number;

  it('initializes with seed in the sandbox, twice without harm, then pages through the data', async () => {
    const first = await t.http.post('/api/projects/fork-notes/database/initialize').set('Cookie', owner).send({ runSeed: true, useAutoUrl: true }).expect(200);
    expect(first.body).toMatchObject({ ok: true, previewRestarted: false });
    expect(first.body.output).toContain('[✓] Changes applied');
    seededPosts = Number(/Seeded \d+ authors, (\d+) posts and \d+ comments/.exec(first.body.output)?.[1]);
    expect(seededPosts).toBeGreaterThan(3);
    expect((await t.app.get(PrismaService).projectDatabase.findUniqueOrThrow({ where: { projectId } })).providedName).toBe(autoName);
    const again = await t.http.post('/api/projects/fork-notes/database/initialize').set('Cookie', owner).send({ runSeed: true, useAutoUrl: true }).expect(200);
    expect(again.body.output).toContain(`The database already has ${seededPosts} posts; nothing to seed.`);

    expect((await t.http.get('/api/projects/fork-notes/database/status').set('Cookie', owner).expect(200)).body).toMatchObject({
      hasDatabase: true,
      isInitialized: true,
      size: { limitMb: 256, writesRefused: false },
    });
    const page1 = (await t.http.get('/api/projects/fork-notes/database/tables/posts/data?page=1&pageSize=3').set('Cookie', owner).expect(200)).body;
    const page2 = (await t.http.get('/api/projects/fork-notes/database/tables/posts/data?page=2&pageSize=3').set('Cookie', owner).expect(200)).body;
    expect(page1.total).toBe(seededPosts);
    expect(page1.columns).toEqual(['id', 'slug', 'title', 'excerpt', 'body', 'tag', 'author_id', 'reading_minutes', 'published', 'created_at']);
    expect(page1.rows).toHaveLength(3);
    expect(page2.rows).toHaveLength(seededPosts - 3);
    expect([...page1.rows, ...page2.rows].map((row: { id: number }) => row.id)).toEqual(Array.from({ length: seededPosts }, (_, i) => i + 1));
    expect(page1.rows[0]).toMatchObject({ author_id: expect.any(Number), published: true, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const defaultPage = (await t.http.get('/api/projects/fork-notes/database/tables/authors/data').set('Cookie', owner).expect(200)).body;
    expect(defaultPage.rows.length).toBe(defaultPage.total);
  }, 180_000);

  let preview: string;

  it("serves the seeded posts from the app's own API in its preview", async () => {
    const { success, previewUrl, log } = await build('fork-notes');
    expect(success).toBe(true);
    preview = previewUrl!;
    // Initialized already: the build leaves the data alone.
    expect(log).not.toContain("Setting up the app's own PostgreSQL database");
    const posts = await getThroughProxy(port, previewUrl!, '/api/posts');
    expect(posts.status).toBe(200);
    const titles = (JSON.parse(posts.body) as Array<{ title: string }>).map((post) => post.title);
    const direct = new pg.Client({ connectionString: await hostUrlOf(projectId) });
    await direct.connect();
    const { rows } = await direct.query<{ title: string }>('SELECT title FROM posts');
    await direct.end();
    expect(titles.sort()).toEqual(rows.map((row) => row.title).sort());
    expect(titles).toHaveLength(seededPosts);
  }, 240_000);

  describe('restore points with its data', () => {
    let pointId: string;
    let atPoint: Tables;

    it('keeps the database with the version an edit makes, counted against the account', async () => {
      const added = await requestThroughProxy(port, preview, 'POST', '/api/posts', {}, { title: 'Added through the API', body: 'A post the app itself wrote.', tag: 'news', authorId: 1 });
      expect(added.status).toBe(201);
      atPoint = await tables(projectId);
      expect(atPoint.posts.map((row) => row.title)).toContain('Added through the API');

      const edit = await readSse(`${t.baseUrl}/api/projects/fork-notes/edit`, { Cookie: owner }, 'POST', { modificationRequest: 'Change the heading to Fork Notes Daily' });
      expect(edit.status).toBe(200);
      const { versions } = (await t.http.get('/api/projects/fork-notes/versions').set('Cookie', owner).expect(200)).body as VersionListResponse;
      const [point, ...older] = versions;
      expect(point).toMatchObject({ kind: 'edit', data: { bytes: expect.any(Number) }, dataNote: null });
      // Saved before the database was initialized: nothing to keep then.
      expect(older.at(-1)).toMatchObject({ data: null, dataNote: null });
      pointId = point!.id;
      expect(existsSync(join(t.dataDir, 'database-snapshots', projectId, `${pointId}.gz`))).toBe(true);
      const stored = await t.app.get(PrismaService).projectVersion.aggregate({ where: { projectId }, _sum: { dataBytes: true } });
      expect(stored._sum.dataBytes).toBeGreaterThanOrEqual(point!.data!.bytes);
    }, 240_000);

    it('brings back exactly the rows of then with "code and data", and the app serves them', async () => {
      await requestThroughProxy(port, preview, 'POST', '/api/posts', {}, { title: 'Written after the point', body: 'Gone after the restore.', tag: 'news', authorId: 1 });
      await asProject(projectId, async (client) => {
        await client.query('DELETE FROM comments');
        await client.query("UPDATE authors SET name = 'Renamed after the point'");
      });
      expect(await tables(projectId)).not.toEqual(atPoint);

      const restored = await t.http.post(`/api/projects/fork-notes/versions/${pointId}/restore`).set('Cookie', owner).send({ withData: true }).expect(201);
      expect(restored.body.version.message).toMatch(/^Restored the version \(code and data\) of /);
      expect(await tables(projectId)).toEqual(atPoint);
      // The restore's own version keeps the data it replaced: the restore can be undone.
      expect(restored.body.version.data).toEqual({ bytes: expect.any(Number) });
      await waitForBuild();
      const posts = await getThroughProxy(port, preview, '/api/posts');
      expect(posts.status).toBe(200);
      expect((JSON.parse(posts.body) as Array<{ title: string }>).map((post) => post.title)).toContain('Added through the API');
      expect(posts.body).not.toContain('Written after the point');
    }, 240_000);

    it('that fails midway leaves the code and the data as they were', async () => {
      await asProject(projectId, (client) => client.query("UPDATE authors SET bio = 'Changed after the restore'"));
      const before = await tables(projectId);
      const { versions } = (await t.http.get('/api/projects/fork-notes/versions').set('Cookie', owner).expect(200)).body as VersionListResponse;
      const file = join(t.dataDir, 'database-snapshots', projectId, `${pointId}.gz`);
      const intact = await readFile(file);
      await writeFile(file, intact.subarray(0, intact.length - 40));
      try {
        const res = await t.http.post(`/api/projects/fork-notes/versions/${pointId}/restore`).set('Cookie', owner).send({ withData: true }).expect(409);
        expect(res.body.error).toBe("The version's data could not be loaded: the project's code and data are as they were");
      } finally {
        await writeFile(file, intact);
      }
      expect(await tables(projectId)).toEqual(before);
      expect(((await t.http.get('/api/projects/fork-notes/versions').set('Cookie', owner)).body as VersionListResponse).versions).toHaveLength(versions.length);
      const codeOnly = versions.find((version) => version.data === null)!;
      const refused = await t.http.post(`/api/projects/fork-notes/versions/${codeOnly.id}/restore`).set('Cookie', owner).send({ withData: true }).expect(409);
      expect(refused.body.error).toBe('This version kept no data: restore its code only');
      await t.http.post(`/api/projects/fork-notes/versions/${pointId}/restore`).set('Cookie', owner).send({ withData: 'yes' }).expect(400);
    }, 240_000);

    it('skips a snapshot over its bound with a note, and still makes the version', async () => {
      // PROJECT_DATABASE_SNAPSHOT_MB is 1 here.
      await asProject(projectId, (client) => client.query('UPDATE posts SET body = repeat(md5(random()::text), 40000) WHERE id = 1'));
      await save('fork-notes', { ...blog, 'README.md': '# Fork Notes\n\nA new line.\n' });
      const [latest] = ((await t.http.get('/api/projects/fork-notes/versions').set('Cookie', owner).expect(200)).body as VersionListResponse).versions;
      expect(latest).toMatchObject({ kind: 'save', data: null, dataNote: 'Data not kept: its data is over the 1 MB a restore point keeps' });
      expect(readdirSync(join(t.dataDir, 'database-snapshots', projectId)).filter((name) => !name.endsWith('.gz'))).toEqual([]);
      await asProject(projectId, (client) => client.query("UPDATE posts SET body = 'Short again' WHERE id = 1"));
    }, 120_000);

    it('keeps the newest snapshots only (PROJECT_DATABASE_SNAPSHOTS_KEPT, 2 here), and says so on the older versions', async () => {
      const folder = join(t.dataDir, 'database-snapshots', projectId);
      for (const line of ['Two.', 'Three.']) await save('fork-notes', { ...blog, 'README.md': `# Fork Notes\n\n${line}\n` });
      const { versions } = (await t.http.get('/api/projects/fork-notes/versions').set('Cookie', owner).expect(200)).body as VersionListResponse;
      const withData = versions.filter((version) => version.data !== null);
      expect(withData.map((version) => version.id)).toEqual(versions.slice(0, 2).map((version) => version.id));
      expect(readdirSync(folder).sort()).toEqual(withData.map((version) => `${version.id}.gz`).sort());
      // The edit's and the restore's snapshots went; their versions say why.
      expect(versions.find((version) => version.id === pointId)).toMatchObject({ data: null, dataNote: 'Data no longer kept: only the newest 2 versions keep theirs' });
      await t.http.post(`/api/projects/fork-notes/versions/${pointId}/restore`).set('Cookie', owner).send({ withData: true }).expect(409);
    }, 120_000);
  });
});

describe("an owner's own database URL", () => {
  it("that cannot be reached is refused with the address and a code, not drizzle-kit's spinner", async () => {
    // Nothing listens on port 1: drizzle-kit prints only its spinner and exits 1.
    const res = await t.http.post('/api/projects/fork-notes/database/initialize').set('Cookie', owner).send({ runSeed: true, databaseUrl: 'postgresql://me:hunter2-long@127.0.0.1:1/app' }).expect(422);
    expect(res.body).toMatchObject({
      code: 'database.unreachable',
      error: 'Could not connect to the database at 127.0.0.1:1: check the host and port, that the server accepts connections from the internet, and the user name and password',
    });
    expect(res.body.details).not.toContain('Pulling schema');
    expect(res.body.details).not.toContain('hunter2-long');
  }, 120_000);

  it('is used as given, kept sealed, and switching back to the automatic one works', async () => {
    const project = await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name: 'fork-notes' } });
    // A server the sandbox can reach: the projects' own, with this project's own credentials.
    const own = (await t.app.get(DatabaseSetupService).appEnvironment(project.id)).DATABASE_URL!;
    const res = await t.http
      .post('/api/projects/fork-notes/database/initialize')
      .set('Cookie', owner)
      .send({ runSeed: true, databaseUrl: `  ${own}  ` })
      .expect(200);
    const password = new URL(own).password;
    expect(res.body.output).not.toContain(password);
    const record = await t.app.get(PrismaService).projectDatabase.findUniqueOrThrow({ where: { projectId: project.id } });
    expect(record.active).toBe('custom');
    expect(record.customUrl).toMatch(/^v1\./);
    expect(record.customUrl).not.toContain(password);
    expect((await t.app.get(DatabaseSetupService).appEnvironment(project.id)).DATABASE_URL).toBe(own);
    const data = await t.http.get('/api/projects/fork-notes/database/tables/posts/data').set('Cookie', owner).expect(409);
    expect(data.body.error).toBe('This project uses your own database server: Forge shows table data only for the database it provides');

    await t.http.post('/api/projects/fork-notes/database/initialize').set('Cookie', owner).send({ runSeed: true, useAutoUrl: true }).expect(200);
    await t.http.get('/api/projects/fork-notes/database/tables/posts/data').set('Cookie', owner).expect(200);
  }, 120_000);
});

describe('a data app built for the first time', () => {
  it('comes up with its database initialized and its API answering 200, not 503', async () => {
    const shop = planProject('An online shop for coffee beans called Bean Street', 'bean-street').files;
    await save('bean-street', shop);
    const { success, previewUrl, log } = await build('bean-street');
    expect(success).toBe(true);
    expect(log).toContain("🗄️ Setting up the app's own PostgreSQL database");
    expect(log).toMatch(/✅ Database initialized and seeded in [\d.]+ s/);
    expect((await t.http.get('/api/projects/bean-street/database/status').set('Cookie', owner).expect(200)).body).toMatchObject({ hasDatabase: true, isInitialized: true });
    const products = await getThroughProxy(port, previewUrl!, '/api/products');
    expect(products.status).toBe(200);
    expect((JSON.parse(products.body) as unknown[]).length).toBeGreaterThan(0);
  }, 240_000);
});

describe('ownership and removal', () => {
  it('answers another account 404 on every database endpoint', async () => {
    const calls = [
      t.http.get('/api/projects/fork-notes/database/status'),
      t.http.get('/api/projects/fork-notes/database/schema'),
      t.http.get('/api/projects/fork-notes/database/tables/posts/data?page=1&pageSize=10'),
      t.http.get('/api/database/auto-url?project=fork-notes'),
      t.http.post('/api/projects/fork-notes/database/initialize').send({ runSeed: true, useAutoUrl: true }),
    ];
    for (const call of calls) expect((await call.set('Cookie', stranger)).status).toBe(404);
  });

  it("drops the project's database and role with the project", async () => {
    const record = await t.app.get(PrismaService).projectDatabase.findFirstOrThrow({ where: { project: { name: 'bean-street' } } });
    const driver = t.app.get(ProjectsServerDriver);
    expect(await driver.exists(record.providedName!)).toEqual({ database: true, role: true });
    await t.http.delete('/api/projects/bean-street').set('Cookie', owner).expect(200);
    expect(await driver.exists(record.providedName!)).toEqual({ database: false, role: false });
  });
});

describe('deleting a data app', () => {
  it('deletes the snapshots of its database with it', async () => {
    const project = await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name: 'fork-notes' } });
    const folder = join(t.dataDir, 'database-snapshots', project.id);
    expect(readdirSync(folder).length).toBeGreaterThan(0);
    await t.http.delete('/api/projects/fork-notes').set('Cookie', owner).expect(200);
    expect(existsSync(folder)).toBe(false);
  }, 60_000);
});
