// Builds that try to take the platform down for everyone, against the real Docker engine.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HOSTILE_BUILDS, HOSTILE_STARTS, hostileApp, hostileStartApp, websocketApp } from './fixtures/sandbox-projects.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { runBuild, saveProject, within } from './support/build-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await startTestApp({ BUILD_CONCURRENCY: '2', BUILD_TIMEOUT_SECONDS: '60', AUTOFIX_MAX_ATTEMPTS: '0', SANDBOX_MEMORY_MB: '512', SANDBOX_DISK_MB: '256' });
  cookie = (await signUp(t.http)).cookie;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a start script that swaps its log for a FIFO', () => {
  it('fails its own build with a clear message in bounded time while another project still builds', async () => {
    // Two accounts, so that both slots go to the FIFO projects first; the bystander waits for one of them.
    const accomplice = (await signUp(t.http)).cookie;
    await saveProject(t, cookie, 'fifo-one', hostileStartApp(HOSTILE_STARTS.fifoLog));
    await saveProject(t, accomplice, 'fifo-two', hostileStartApp(HOSTILE_STARTS.fifoLog));
    await saveProject(t, cookie, 'bystander', websocketApp('Still building'));
    const fifo = [runBuild(t, cookie, 'fifo-one'), runBuild(t, accomplice, 'fifo-two')];
    const prisma = t.app.get(PrismaService);
    for (let i = 0; i < 100 && (await prisma.build.count({ where: { status: 'running' } })) < 2; i++) await sleep(100);
    const bystander = runBuild(t, cookie, 'bystander');

    const outcomes = await within(Promise.all([...fifo, bystander]), 150_000, 'still running after 150 s' as const);
    expect(outcomes).not.toBe('still running after 150 s');
    if (typeof outcomes === 'string') return;
    const [one, two, good] = outcomes;
    expect(good!.success).toBe(true);
    expect(good!.log.join('\n')).toMatch(/Waiting for a build slot/);
    for (const outcome of [one!, two!]) {
      expect(outcome.success).toBe(false);
      expect(outcome.error?.error).toBe('Build failed');
      const log = outcome.log.join('\n');
      expect(log).toMatch(/🚀 Starting the app/);
      expect(log).toMatch(/The app did not start/);
      // Said plainly instead of read: the platform only reads logs that are regular files.
      expect(log).toMatch(/app\.log is not a regular file/);
      expect(outcome.ms).toBeLessThan(90_000);
    }
  }, 200_000);
});

describe('build slots', () => {
  it("one account's long builds leave a slot for another account, whose build starts at once", async () => {
    const hog = (await signUp(t.http)).cookie;
    const other = (await signUp(t.http)).cookie;
    await saveProject(t, hog, 'long-one', hostileApp('sleep 25\nexit 1\n'));
    await saveProject(t, hog, 'long-two', hostileApp('sleep 25\nexit 1\n'));
    await saveProject(t, other, 'quick', websocketApp('Quick'));
    const prisma = t.app.get(PrismaService);
    const long = [runBuild(t, hog, 'long-one'), runBuild(t, hog, 'long-two')];
    for (let i = 0; i < 100 && (await prisma.build.count({ where: { status: 'running' } })) < 1; i++) await sleep(100);
    let longFinished = false;
    void Promise.all(long).then(() => (longFinished = true));

    const quick = await runBuild(t, other, 'quick');

    expect(quick.success).toBe(true);
    expect(quick.log.join('\n')).not.toMatch(/Waiting for a build slot/);
    expect(longFinished).toBe(false);
    // The hog's second build waited for its first rather than take the last slot.
    const [first, second] = await Promise.all(long);
    expect([first!, second!].filter((outcome) => outcome.log.some((line) => line.startsWith('⏳ Waiting for a build slot')))).toHaveLength(1);
  }, 150_000);
});

describe('build output', () => {
  it('a 40 MB line without a newline is cut, and the API stays responsive with bounded memory', async () => {
    await saveProject(t, cookie, 'long-line', hostileApp(HOSTILE_BUILDS.longLine));
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    let slowestHealth = 0;
    let building = true;
    const sampling = (async () => {
      while (building) {
        const started = Date.now();
        await t.http.get('/api/health').expect(200);
        slowestHealth = Math.max(slowestHealth, Date.now() - started);
        peak = Math.max(peak, process.memoryUsage().rss);
        await sleep(100);
      }
    })();
    const outcome = await runBuild(t, cookie, 'long-line').finally(() => (building = false));
    await sampling;

    expect(outcome.success).toBe(false);
    const log = outcome.log.join('\n');
    expect(log).toMatch(/yyyy… \(line cut: [\d,]+ more characters\)/);
    expect(log).toContain('after the long line');
    expect(log.length).toBeLessThan(1_100_000);
    expect(slowestHealth).toBeLessThan(1000);
    expect(peak - baseline).toBeLessThan(250 * 1024 * 1024);
  }, 120_000);

  it('the streamed and stored log of one build stop at a size cap, and say so', async () => {
    await saveProject(t, cookie, 'many-lines', hostileApp(HOSTILE_BUILDS.manyLines));
    const outcome = await runBuild(t, cookie, 'many-lines');
    expect(outcome.success).toBe(false);
    const streamed = outcome.log.join('\n');
    expect(streamed.length).toBeLessThan(1_100_000);
    expect(streamed).toMatch(/✂️ The build log is limited to 1 MB \(10,000 lines\) of output: the rest of the output is not shown or stored/);
    // The platform's own verdict still comes after the cut (and the cost line after it).
    const cut = outcome.log.findIndex((line) => line.includes('✂️ The build log is limited'));
    expect(outcome.log.findIndex((line) => /❌ The build failed with exit code 1/.test(line))).toBeGreaterThan(cut);
    const project = await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name: 'many-lines' } });
    const stored = await t.app.get(PrismaService).build.findFirstOrThrow({ where: { projectId: project.id } });
    expect(stored.log!.length).toBeLessThan(1_100_000);
    expect(stored.log).toMatch(/The build log is limited to 1 MB/);
  }, 120_000);
});
