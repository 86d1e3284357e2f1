// A project's API keys: listed from .env.example, saved sealed, written to .env, given to the
// preview's environment, and never found in a ZIP, the file list, a build log, an API answer or a
// job event.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminService } from '../src/admin/admin.service.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { ProjectsServerDriver } from '../src/project-databases/projects-server.driver.js';
import { SecretCipher } from '../src/secrets/secret-cipher.js';
import { tinyDataApp } from './fixtures/data-projects.js';
import { getThroughProxy } from './support/preview-http.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let port: number;
let owner: string;
let stranger: string;
/** Every body the API answered in this file, searched for the values at the end. */
const answers: string[] = [];

const FIRST = `wx-${randomBytes(12).toString('hex')}`;
const SECOND = `wx-${randomBytes(12).toString('hex')}`;
const files = tinyDataApp({ secrets: [{ key: 'WEATHER_API_KEY', description: 'Weather API key, from https://weather.example/keys', example: 'wx-...' }] });

beforeAll(async () => {
  t = await startTestApp({ AUTOFIX_MAX_ATTEMPTS: '0', OFFLINE_AGENT_CHARS_PER_SECOND: '0' });
  port = (t.app.getHttpServer().address() as { port: number }).port;
  owner = (await signUp(t.http)).cookie;
  stranger = (await signUp(t.http)).cookie;
  await t.http.post('/api/projects/save').set('Cookie', owner).send({ projectName: 'weather', files }).expect(201);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function call(method: 'get' | 'post', path: string, cookie = owner) {
  const request = t.http[method](path).set('Cookie', cookie);
  return {
    send: async (body?: object) => {
      const res = await (body ? request.send(body) : request);
      answers.push(res.text);
      return res;
    },
  };
}

async function build(name: string): Promise<{ log: string; previewUrl: string | null }> {
  const { events } = await readSse(`${t.baseUrl}/api/projects/${name}/build`, { Cookie: owner }, 'POST');
  answers.push(events.map((e) => e.data).join('\n'));
  const parsed = parsedEvents(events);
  const result = parsed.find((e) => e.type === 'result')!.data as { previewUrl: string | null };
  return {
    log: parsed
      .filter((e) => e.type === 'log' || e.type === 'error')
      .map((e) => JSON.stringify(e.data))
      .join('\n'),
    previewUrl: result.previewUrl,
  };
}

async function envHash(previewUrl: string, value: string): Promise<boolean> {
  for (let i = 0; i < 60; i++) {
    const res = await getThroughProxy(port, previewUrl, '/env-hash');
    if (res.status === 200 && (JSON.parse(res.body) as { sha256: string }).sha256 === createHash('sha256').update(value).digest('hex')) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

describe('the secrets of a project', () => {
  it('are the variables of .env.example, with their descriptions and examples, none set', async () => {
    const res = await call('get', '/api/projects/weather/secrets').send();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      secrets: [
        {
          key: 'DATABASE_URL',
          description: "PostgreSQL connection string for this app's database. Forge fills it in when you initialize the database.",
          example: 'postgresql://postgres:postgres@localhost:5432/notes',
          isSet: false,
        },
        { key: 'WEATHER_API_KEY', description: 'Weather API key, from https://weather.example/keys', example: 'wx-...', isSet: false },
      ],
    });
  });

  it('refuses a save with nothing in it, and keys the project does not list', async () => {
    const empty = await call('post', '/api/projects/weather/secrets').send({ secrets: { WEATHER_API_KEY: '   ', DATABASE_URL: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'No secrets to save', details: 'Please fill in at least one API key' });
    const unknown = await call('post', '/api/projects/weather/secrets').send({ secrets: { PATH: '/tmp' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("PATH is not a variable this project's .env.example lists");
  });

  it('saves trimmed values, sealed, into .env, and answers only which keys are set', async () => {
    const saved = await call('post', '/api/projects/weather/secrets').send({ secrets: { WEATHER_API_KEY: `  ${FIRST}  `, DATABASE_URL: '' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ saved: ['WEATHER_API_KEY'] });
    const listed = await call('get', '/api/projects/weather/secrets').send();
    expect(listed.body.secrets.map((s: { key: string; isSet: boolean }) => [s.key, s.isSet])).toEqual([
      ['DATABASE_URL', false],
      ['WEATHER_API_KEY', true],
    ]);

    const projectId = (await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name: 'weather' } })).id;
    expect(readFileSync(join(t.dataDir, 'projects', projectId, '.env'), 'utf8')).toContain(`WEATHER_API_KEY=${FIRST}\n`);
    const stored = await t.app.get(PrismaService).projectSecret.findMany({ where: { projectId } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.value).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(FIRST);
    // The key file is the platform's alone.
    expect(existsSync(join(t.dataDir, 'secrets.key'))).toBe(true);
  });

  it("reach the preview's environment, masked in the build log, and a new value after saving again", async () => {
    const { log, previewUrl } = await build('weather');
    expect(previewUrl).toBeTruthy();
    // The first build initialized the database: its seed printed the key, masked.
    expect(log).toContain('seeding with key ••••••••');
    expect(await envHash(previewUrl!, FIRST)).toBe(true);

    await call('post', '/api/projects/weather/secrets').send({ secrets: { WEATHER_API_KEY: SECOND } });
    expect(await envHash(previewUrl!, SECOND)).toBe(true);
    const listed = await call('get', '/api/projects/weather/secrets').send();
    expect(listed.body.secrets.every((s: { isSet: boolean }) => s.isSet)).toBe(true);
    expect((await getThroughProxy(port, previewUrl!, '/api/notes')).status).toBe(200);
  }, 180_000);

  it('are masked in what initialize answers', async () => {
    const res = await call('post', '/api/projects/weather/database/initialize').send({ runSeed: true, useAutoUrl: true });
    expect(res.status).toBe(200);
    expect(res.body.output).toContain('seeding with key ••••••••');
    // The running preview was started again with its DATABASE_URL and secrets.
    expect(res.body.previewRestarted).toBe(true);
    const { previewUrl } = (await call('get', '/api/projects/weather/preview-status').send()).body as { previewUrl: string };
    expect((await getThroughProxy(port, previewUrl, '/api/notes')).status).toBe(200);
    expect(await envHash(previewUrl, SECOND)).toBe(true);
  }, 120_000);

  it('are masked in their common encodings too: base64, URL-encoding, hex, and the password inside a database URL', async () => {
    // A seed that prints its secrets encoded, then fails: its output is the failed initialize's details and the build's log.
    const seed = `const url = process.env.DATABASE_URL, key = process.env.WEATHER_API_KEY;
const printed = [
  Buffer.from('DATABASE_URL=' + url).toString('base64'),
  Buffer.from('k=' + key + ';').toString('base64url'),
  Buffer.from('key ' + key).toString('base64'),
  encodeURIComponent(url),
  Buffer.from(key).toString('hex'),
  new URL(url).password,
];
for (const line of printed) console.log('encoded: ' + line);
process.exit(1);
`;
    await t.http
      .post('/api/projects/save')
      .set('Cookie', owner)
      .send({ projectName: 'encoder', files: { ...files, 'db/seed.mjs': seed } })
      .expect(201);
    await call('post', '/api/projects/encoder/secrets').send({ secrets: { WEATHER_API_KEY: FIRST } });
    const { log } = await build('encoder');
    const failed = await call('post', '/api/projects/encoder/database/initialize').send({ runSeed: true, useAutoUrl: true });
    expect(failed.status).toBe(422);
    const projectId = (await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name: 'encoder' } })).id;
    // Not initialized (the seed failed): the URL its scripts ran with, from the provisioned role.
    const record = await t.app.get(PrismaService).projectDatabase.findUniqueOrThrow({ where: { projectId } });
    const url = t.app.get(ProjectsServerDriver).appUrl({ name: record.providedName!, password: t.app.get(SecretCipher).open(record.providedPassword!) });
    const printed = [
      Buffer.from(`DATABASE_URL=${url}`).toString('base64'),
      Buffer.from(`k=${FIRST};`).toString('base64url'),
      Buffer.from(`key ${FIRST}`).toString('base64'),
      encodeURIComponent(url),
      Buffer.from(FIRST).toString('hex'),
      new URL(url).password,
    ];
    for (const output of [failed.body.details as string, log]) {
      expect(output.match(/encoded: /g)?.length).toBeGreaterThanOrEqual(printed.length);
      // Never the whole of what was printed: the secret's part of each is masked.
      for (const line of printed) expect(output).not.toContain(line.length > 12 ? line.slice(4, -4) : line);
    }
  }, 180_000);

  it('stay out of the file list, the ZIP and a file read', async () => {
    const tree = await call('get', '/api/projects/weather/tree').send();
    expect(tree.body.tree).not.toContain('.env');
    expect((await call('get', '/api/projects/weather/file/.env').send()).status).toBe(404);
    const zip = await t.http
      .get('/api/projects/weather/download')
      .set('Cookie', owner)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const dir = await mkdtemp(join(tmpdir(), 'forge-zip-'));
    try {
      await writeFile(join(dir, 'p.zip'), zip.body as Buffer);
      const listing = execFileSync('unzip', ['-l', join(dir, 'p.zip')], { encoding: 'utf8' });
      expect(listing).toContain('weather/.env.example');
      expect(listing).not.toMatch(/weather\/\.env\n/);
      const contents = execFileSync('unzip', ['-p', join(dir, 'p.zip')], { encoding: 'utf8' });
      for (const value of [FIRST, SECOND]) expect(contents).not.toContain(value);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('are masked in the job events of a generation into the project', async () => {
    await t.http.post('/api/projects/save').set('Cookie', owner).send({ projectName: 'weather-two', files }).expect(201);
    await call('post', '/api/projects/weather-two/secrets').send({ secrets: { WEATHER_API_KEY: FIRST } });
    // The offline agent writes the description's words into the project, and so into its events; it replaces the saved files.
    const start = await call('post', '/api/jobs/start').send({ prompt: `A landing page for a bakery called ${FIRST}`, projectName: 'weather-two', replace: true });
    expect(start.status).toBe(201);
    const { events } = await readSse(`${t.baseUrl}/api/jobs/${start.body.jobId}/stream`, { Cookie: owner });
    const streamed = events.map((e) => e.data).join('\n');
    answers.push(streamed);
    expect(streamed).toContain('••••••••');
    // Viewers get [DONE] as the log is being stored: wait until it is.
    let stored = await t.app.get(PrismaService).runEvent.findMany({ where: { runId: start.body.jobId } });
    for (let i = 0; i < 50 && !stored.some((event) => event.type === 'end'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await t.app.get(PrismaService).runEvent.findMany({ where: { runId: start.body.jobId } });
    }
    expect(stored.length).toBeGreaterThan(3);
    for (const value of [FIRST, SECOND]) {
      expect(streamed).not.toContain(value);
      expect(JSON.stringify(stored)).not.toContain(value);
    }
  }, 120_000);

  it("never appear in a stored build log, the app's log operators read, or anything the API answered", async () => {
    const builds = await t.app.get(PrismaService).build.findMany({});
    expect(builds.length).toBeGreaterThan(0);
    const projectId = (await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name: 'weather' } })).id;
    const { logs } = await t.app.get(AdminService).logs(projectId);
    expect(logs).toContain('starting with key ••••••••');
    answers.push(logs);
    for (const value of [FIRST, SECOND]) {
      expect(JSON.stringify(builds)).not.toContain(value);
      for (const answer of answers) expect(answer).not.toContain(value);
    }
  });

  it("are another account's 404", async () => {
    expect((await call('get', '/api/projects/weather/secrets', stranger).send()).status).toBe(404);
    expect((await call('post', '/api/projects/weather/secrets', stranger).send({ secrets: { WEATHER_API_KEY: 'x' } })).status).toBe(404);
  });
});
