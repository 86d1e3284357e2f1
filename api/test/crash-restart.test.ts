import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type PlatformProcess, startPlatform, stopPlatform, waitUntilHealthy } from './support/platform-process.js';
import { type TestDatabase, createTestDatabase } from './support/test-database.js';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the database servers a killed platform left on `dataDir`, then removes the directory. */
async function removeDataDir(dataDir: string): Promise<void> {
  for (const server of ['postgres', 'projects-postgres']) {
    const pid = await postgresPid(dataDir, server).catch(() => 0);
    if (!pid || !isAlive(pid)) continue;
    process.kill(pid, 'SIGINT');
    for (let waited = 0; waited < 30_000 && isAlive(pid); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}

/** The platform's embedded server (`postgres`) or the projects' (`projects-postgres`). */
async function postgresPid(dataDir: string, server = 'postgres'): Promise<number> {
  return Number.parseInt((await readFile(join(dataDir, server, 'postmaster.pid'), 'utf8')).split('\n')[0]!, 10);
}

describe('after a hard crash (kill -9) of the platform', () => {
  const started: PlatformProcess[] = [];
  const dirs: string[] = [];

  afterAll(async () => {
    for (const platform of started) await stopPlatform(platform, 'SIGKILL');
    for (const dir of dirs) await removeDataDir(dir);
  });

  async function newDataDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'forge-crash-'));
    dirs.push(dir);
    return dir;
  }

  it('the next start stops the embedded PostgreSQL the dead one left running, and comes up', async () => {
    const dataDir = await newDataDir();
    const first = await startPlatform({ DATA_DIR: dataDir });
    started.push(first);
    await waitUntilHealthy(first);
    await stopPlatform(first, 'SIGKILL');

    // The crash is real: the old database server still holds the data directory.
    const stale = await postgresPid(dataDir);
    expect(isAlive(stale)).toBe(true);
    const staleProjects = await postgresPid(dataDir, 'projects-postgres');
    expect(isAlive(staleProjects)).toBe(true);

    const second = await startPlatform({ DATA_DIR: dataDir });
    started.push(second);
    await waitUntilHealthy(second);
    expect(second.output()).toContain(`Stopping a PostgreSQL server (pid ${stale}) left running on ${join(dataDir, 'postgres')}`);
    expect(isAlive(stale)).toBe(false);
    // The projects' server too, on the port running previews know.
    expect(second.output()).toContain(`Stopping a PostgreSQL server (pid ${staleProjects}) left running on ${join(dataDir, 'projects-postgres')}`);
    expect(isAlive(staleProjects)).toBe(false);
    await stopPlatform(second);
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('a start-up failure prints its real cause', async () => {
    const dataDir = await newDataDir();
    const first = await startPlatform({ DATA_DIR: dataDir });
    started.push(first);
    await waitUntilHealthy(first);
    await stopPlatform(first);
    await writeFile(join(dataDir, 'postgres', 'PG_VERSION'), '9\n');

    const broken = await startPlatform({ DATA_DIR: dataDir });
    started.push(broken);
    expect(await broken.exited).toBe(1);
    expect(broken.output()).toContain(`The embedded PostgreSQL in ${join(dataDir, 'postgres')} did not start`);
    expect(broken.output()).toMatch(/incompatible with server|PG_VERSION/);
    expect(broken.output()).not.toContain("reading 'stack'");
  }, 240_000);
});

describe('a viewer reconnecting after a crash', () => {
  const started: PlatformProcess[] = [];
  let dataDir = '';

  afterAll(async () => {
    for (const platform of started) await stopPlatform(platform, 'SIGKILL');
    if (dataDir) await removeDataDir(dataDir);
  });

  it('gets the end of the interrupted job with ids past every one it saw', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'forge-crash-'));
    // Slow enough that the job is still streaming when the server dies.
    const env = { DATA_DIR: dataDir, OFFLINE_AGENT_CHARS_PER_SECOND: '400' };
    const first = await startPlatform(env);
    started.push(first);
    await waitUntilHealthy(first);
    const signup = await fetch(`${first.baseUrl}/api/auth/signup`, { method: 'POST' });
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    const { jobId } = (await await fetch(`${first.baseUrl}/api/jobs/start`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt: 'A todo app', projectName: 'crashing' }),
    }).then((res) => res.json())) as { jobId: string };

    // Read the live stream; kill the server the moment the tenth event arrives, before the
    // database has caught up with what viewers were sent.
    const stream = await fetch(`${first.baseUrl}/api/jobs/${jobId}/stream`, { headers: { Cookie: cookie } });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let lastId = 0;
    while (lastId < 10) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      for (const match of text.matchAll(/^id: (\d+)$/gm)) lastId = Math.max(lastId, Number(match[1]));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    expect(lastId).toBeGreaterThanOrEqual(10);

    const second = await startPlatform(env);
    started.push(second);
    await waitUntilHealthy(second);
    const resumed = await fetch(`${second.baseUrl}/api/jobs/${jobId}/stream`, { headers: { Cookie: cookie, 'Last-Event-ID': String(lastId) } });
    const frames = (await resumed.text())
      .trim()
      .split('\n\n')
      .map((frame) => ({ id: Number(/^id: (\d+)/.exec(frame)?.[1]), data: frame.replace(/^id: \d+\ndata: /, '') }));
    // Whatever was stored past the last id this viewer read before the kill comes first (on a busy
    // machine the server got further than the viewer had read), then the interrupted job's end.
    expect(frames.slice(-3).map((frame) => frame.data)).toEqual([
      JSON.stringify({ type: 'error', message: 'The server stopped while this job was running. The files it had completed are saved; generate again to finish the project.' }),
      JSON.stringify({ type: 'status', status: 'failed', filesSaved: 0 }),
      '[DONE]',
    ]);
    for (const frame of frames) expect(frame.id).toBeGreaterThan(lastId);
    const status = await fetch(`${second.baseUrl}/api/jobs/${jobId}/status`, { headers: { Cookie: cookie } }).then((res) => res.json());
    expect(status).toEqual({ status: 'failed', error: expect.stringMatching(/^The server stopped while this job was running/) });
  }, 240_000);
});

describe('an edit interrupted by a crash (kill -9) while its files are written', () => {
  const started: PlatformProcess[] = [];
  let dataDir = '';
  let database: TestDatabase | null = null;

  afterAll(async () => {
    for (const platform of started) await stopPlatform(platform, 'SIGKILL');
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Every file of the one project on disk. */
  async function projectFiles(): Promise<Record<string, string>> {
    const [id] = await readdir(join(dataDir, 'projects'));
    const dir = join(dataDir, 'projects', id!);
    const files: Record<string, string> = {};
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files[join(entry.parentPath, entry.name).slice(dir.length + 1)] = await readFile(join(entry.parentPath, entry.name), 'utf8');
    }
    return files;
  }

  it('leaves the project byte-identical to before the edit or to after it, never a mix', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'forge-crash-edit-'));
    database = await createTestDatabase();
    // A pause between two files of the apply: the test kills the platform inside it.
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, FORGE_TEST_APPLY_PAUSE_MS: '2000', OFFLINE_AGENT_CHARS_PER_SECOND: '0' };
    const first = await startPlatform(env);
    started.push(first);
    await waitUntilHealthy(first);
    const signup = await fetch(`${first.baseUrl}/api/auth/signup`, { method: 'POST' });
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    const files = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [`src/${name}.ts`, `export const ${name} = 'Hello from ${name}';\n`]));
    const saved = await fetch(`${first.baseUrl}/api/projects/save`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ projectName: 'atomic', files }),
    });
    expect(saved.status).toBe(201);
    const before = await projectFiles();
    const after = Object.fromEntries(Object.entries(before).map(([path, content]) => [path, content.replace('Hello', 'Howdy')]));

    // The offline agent makes this edit without a model: five files change.
    void fetch(`${first.baseUrl}/api/projects/atomic/edit`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ modificationRequest: 'Replace "Hello" with "Howdy"' }),
    })
      .then((res) => res.text())
      .catch(() => '');
    let midway: Record<string, string> = before;
    for (let i = 0; i < 200 && JSON.stringify(midway) === JSON.stringify(before); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      midway = await projectFiles();
    }
    first.child.kill('SIGKILL');
    await first.exited;
    // The crash is real: some files had the edit and some did not.
    expect(midway).not.toEqual(before);
    expect(midway).not.toEqual(after);

    const second = await startPlatform(env);
    started.push(second);
    await waitUntilHealthy(second);
    const recovered = await projectFiles();
    expect([before, after]).toContainEqual(recovered);
    expect(recovered).toEqual(before);
    expect(await readdir(join(dataDir, 'journal'))).toEqual([]);
    // What the platform serves agrees with the disk.
    for (const [path, content] of Object.entries(recovered)) {
      const served = await fetch(`${second.baseUrl}/api/projects/atomic/file/${path}`, { headers: { Cookie: cookie } }).then((res) => res.json());
      expect(served).toEqual({ content });
    }
    const jobs = await fetch(`${second.baseUrl}/api/jobs/active`, { headers: { Cookie: cookie } }).then((res) => res.json());
    expect(jobs).toEqual({ jobs: [] });
  }, 240_000);
});
