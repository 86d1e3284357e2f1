import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slowestAnswerDuring } from './support/health-probe.js';
import { type PlatformProcess, startPlatform, stopPlatform, waitUntilHealthy } from './support/platform-process.js';
import { type TestDatabase, createTestDatabase } from './support/test-database.js';

/** The spec's goal for the platform's liveness answer, whatever else one request asks of it. */
const HEALTH_GOAL_MS = 500;
const MB = 1024 * 1024;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Large single requests (#21: a 48 MB file read, a 2,000-file save) against the built platform in a
 * process of its own, so that what is measured is its event loop alone: while each runs, /api/health
 * is asked again and again and must keep answering within the goal.
 */
describe('large requests never stall the server', () => {
  let database: TestDatabase;
  let dataDir: string;
  let platform: PlatformProcess;
  let cookie: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'forge-large-'));
    platform = await startPlatform({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      PROJECTS_DATABASE_URL: process.env.FORGE_TEST_PROJECTS_SERVER_URL!,
      LIMIT_STORED_MB: '2000',
      LIMIT_SIGNUPS_PER_HOUR: '1000',
      LIMIT_SHARE_VIEWS_PER_MINUTE: '100000',
      PREVIEW_CHECKS: 'off',
    });
    await waitUntilHealthy(platform);
    const signup = await send('POST', '/api/auth/signup');
    expect(signup.status).toBe(201);
    cookie = String((signup.headers['set-cookie'] as string[])[0]).split(';')[0]!;
  }, 120_000);

  afterAll(async () => {
    if (platform) await stopPlatform(platform);
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** On a connection of its own: preparing a large body can outlast the server's keep-alive. */
  function send(method: string, path: string, body?: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = {};
      if (cookie) headers.Cookie = cookie;
      if (body) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': body.length });
      const req = request(`${platform.baseUrl}${path}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Runs `work` while /api/health is asked again and again; answers the slowest health answer. */
  function slowestHealthDuring<T>(work: () => Promise<T>) {
    return slowestAnswerDuring(`${platform.baseUrl}/api/health`, work);
  }

  function saveBody(projectName: string, files: Record<string, unknown>): Buffer {
    return Buffer.from(JSON.stringify({ projectName, files }));
  }

  /** Code-like text of about `bytes`, different for each seed. */
  function sourceText(seed: number, bytes: number): string {
    const line = `export const value${seed} = "a string with \\"quotes\\", a tab\\t and ünïcödé ${seed}";\n`;
    return line.repeat(Math.ceil(bytes / Buffer.byteLength(line)));
  }

  it('keeps /api/health within the goal during a 2,000-file save', async () => {
    const files: Record<string, string> = { 'package.json': '{ "name": "big" }\n' };
    for (let i = 1; i < 2000; i++) files[`src/module-${Math.floor(i / 100)}/file-${i}.ts`] = sourceText(i, 12 * 1024);
    const body = saveBody('many-files', files);
    expect(body.length).toBeGreaterThan(20 * MB);

    const { result, slowestMs, asked } = await slowestHealthDuring(() => send('POST', '/api/projects/save', body));
    expect(result.status).toBe(201);
    expect(JSON.parse(result.body.toString())).toEqual({ filesSaved: 2000, projectDir: 'projects/many-files' });
    expect(asked).toBeGreaterThan(3);
    expect(slowestMs).toBeLessThan(HEALTH_GOAL_MS);
    // Recorded as one version with every file.
    const versions = JSON.parse((await send('GET', '/api/projects/many-files/versions')).body.toString()) as { versions: Array<{ files: unknown[] }> };
    expect(versions.versions).toHaveLength(1);
    expect(versions.versions[0]!.files).toHaveLength(2000);
  });

  it('keeps /api/health within the goal while a 48 MB file is read through the file API, and the share file API', async () => {
    // 48 MB of text whose JSON (no escapes) fits the 50 MB body limit.
    const line = 'export const ünïcödé = 1; // a line of plain text\n';
    const big = line.repeat(Math.ceil((48 * MB) / Buffer.byteLength(line)));
    const saved = await send('POST', '/api/projects/save', saveBody('big-file', { 'package.json': '{}\n', 'src/data.ts': big }));
    expect(saved.status).toBe(201);

    const read = await slowestHealthDuring(() => send('GET', '/api/projects/big-file/file/src/data.ts'));
    expect(read.result.status).toBe(200);
    expect(read.result.headers['content-type']).toMatch(/^application\/json/);
    expect((JSON.parse(read.result.body.toString()) as { content: string }).content === big).toBe(true);
    expect(read.slowestMs).toBeLessThan(HEALTH_GOAL_MS);

    const published = await send('POST', '/api/projects/big-file/share', Buffer.from('{}'));
    expect(published.status).toBe(200);
    const { shareId } = (JSON.parse(published.body.toString()) as { share: { shareId: string } }).share;
    const shared = await slowestHealthDuring(() => send('GET', `/api/shares/${shareId}/file/src/data.ts`));
    expect(shared.result.status).toBe(200);
    expect((JSON.parse(shared.result.body.toString()) as { content: string }).content === big).toBe(true);
    expect(shared.slowestMs).toBeLessThan(HEALTH_GOAL_MS);
  });

  it('keeps /api/health within the goal during the save of a 30 MB binary file', async () => {
    const bytes = Buffer.alloc(30 * MB);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    const body = saveBody('big-binary', { 'package.json': '{}\n', 'public/video.mp4': { base64: bytes.toString('base64') } });

    const { result, slowestMs } = await slowestHealthDuring(() => send('POST', '/api/projects/save', body));
    expect(result.status).toBe(201);
    expect(slowestMs).toBeLessThan(HEALTH_GOAL_MS);
    const read = await slowestHealthDuring(() => send('GET', '/api/projects/big-binary/file/public/video.mp4'));
    expect(read.result.headers['content-type']).toBe('video/mp4');
    expect(read.result.body.equals(bytes)).toBe(true);
    expect(read.slowestMs).toBeLessThan(HEALTH_GOAL_MS);
  });
});
