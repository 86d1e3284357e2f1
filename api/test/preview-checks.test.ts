// The checking browser end to end: real builds in Docker, the jailed Chromium opening each preview,
// runtime problems going through the auto-fix loop with a scripted model behind the real Anthropic SDK.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { PreviewChecksService } from '../src/preview-checks/preview-checks.service.js';
import { ProjectsService } from '../src/projects/projects.service.js';
import { SandboxesService } from '../src/sandboxes/sandboxes.service.js';
import {
  EMPTY_PAGE,
  POSTS_PAGE,
  RENDERS_POSTS,
  STILL_THROWS_ON_RENDER,
  THROWS_ON_RENDER,
  UNRELATED_ERROR,
  WEATHER_KEY,
  checkedViteApp,
  plainServerApp,
  waitingWeatherApp,
} from './fixtures/checked-projects.js';
import { getThroughProxy } from './support/preview-http.js';
import { type FakeAnthropic, startFakeAnthropic } from './support/fake-anthropic.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let fake: FakeAnthropic;
let cookie: string;
let userId: string;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  t = await startTestApp({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', AUTOFIX_MAX_ATTEMPTS: '3' });
  ({ cookie, userId } = await signUp(t.http));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function build(name: string) {
  const { events } = await readSse(`${t.baseUrl}/api/projects/${name}/build`, { Cookie: cookie }, 'POST');
  const parsed = parsedEvents(events);
  return {
    events: parsed,
    text: parsed
      .filter((e) => e.type === 'log')
      .map((e) => String(e.data))
      .join('\n'),
    result: parsed.find((e) => e.type === 'result')?.data as { success: boolean; previewUrl: string | null; failedAt?: string; check?: string; waitingForSecrets?: string[] },
  };
}

async function save(name: string, files: Record<string, string>) {
  await t.http.post('/api/projects/save').set('Cookie', cookie).send({ projectName: name, files }).expect(201);
}

describe('the checking browser', () => {
  it('reports a render error with its file, has a scripted model fix it, then checks the fix clean', async () => {
    await save('throws', checkedViteApp(THROWS_ON_RENDER));
    fake.script({ kind: 'stream', chunks: ['Posts may be missing.\n', '<<<FILE src/App.tsx>>>\n', RENDERS_POSTS, '<<<END FILE>>>\n'], stopReason: 'end_turn' });
    const requestsBefore = fake.requests.length;

    const { text, result } = await build('throws');
    expect(text).toMatch(/❌ Runtime error in the preview: TypeError: Cannot read properties of undefined \(reading 'map'\) \(src\/App\.tsx:4\)/);
    expect(text).toContain('❌ The page rendered nothing');
    expect(text).toMatch(/🔧 Auto-fix attempt 1\/3: 2 errors to fix/);
    expect(text).toMatch(/💰 Fix attempt 1 used [\d,]+ input and [\d,]+ output tokens \(\$\d+\.\d+\)/);
    expect(text).toMatch(/✅ Checked in a browser in \d+\.\d s: no errors/);
    expect(result).toEqual({ success: true, previewUrl: expect.any(String), check: 'passed' });
    expect(fake.requests.length).toBe(requestsBefore + 1);
    // The model was told what the browser saw and shown the file it points at.
    const request = JSON.stringify(fake.requests.at(-1)!.body);
    expect(request).toContain('failed when opened in a browser');
    expect(request).toContain("reading 'map'");
    expect(request).toContain('posts!.map');

    // The screenshot of the checked page is the project's thumbnail.
    const thumbnail = await t.http.get('/api/projects/throws/thumbnail').set('Cookie', cookie).expect(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect((thumbnail.body as Buffer).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  }, 300_000);

  it('reports a page that renders nothing as empty', async () => {
    await save('empty', plainServerApp(EMPTY_PAGE));
    // Two attempts that change a comment only: the page stays empty, and the loop stops after the second.
    for (const still of ['still forgot', 'really forgot']) {
      const stillEmpty = plainServerApp(EMPTY_PAGE.replace('forgot', still))['build.mjs'];
      fake.script({ kind: 'stream', chunks: ['<<<FILE build.mjs>>>\n', stillEmpty, '<<<END FILE>>>\n'], stopReason: 'end_turn' });
    }
    const requestsBefore = fake.requests.length;
    const { text, result } = await build('empty');
    expect(fake.requests.length).toBe(requestsBefore + 2);
    expect(text).toContain('❌ The page rendered nothing');
    expect(text).toContain('🛑 The agent could not make progress on this error: The page rendered nothing');
    expect(result).toMatchObject({ success: false, failedAt: 'runtime', check: 'failed' });
  }, 240_000);

  it("reports the request a data app's API failed, and stops when two attempts in a row bring the same error back", async () => {
    await save('posts', plainServerApp(POSTS_PAGE, 500));
    // Each "fix" changes the page's wording but not the API: the same error comes back twice.
    for (const wording of ['Please wait…', 'One moment…']) {
      const unchanged = plainServerApp(POSTS_PAGE.replace('Loading…', wording), 500)['build.mjs'];
      fake.script({ kind: 'stream', chunks: ['<<<FILE build.mjs>>>\n', unchanged, '<<<END FILE>>>\n'], stopReason: 'end_turn' });
    }
    const requestsBefore = fake.requests.length;

    const { events, text, result } = await build('posts');
    expect(text).toContain('❌ GET /api/posts answered 500');
    expect(fake.requests.length).toBe(requestsBefore + 2);
    expect(text).toContain('🛑 The agent could not make progress on this error: GET /api/posts answered 500');
    expect(text).toContain('Auto-fix attempt 2');
    expect(text).not.toContain('Auto-fix attempt 3');
    expect(result).toEqual({ success: false, previewUrl: expect.any(String), failedAt: 'runtime', check: 'failed' });
    expect(events).toContainEqual({ type: 'error', data: { error: 'The app failed in the browser', details: 'the agent could not make progress on this error: GET /api/posts answered 500' } });
  }, 240_000);

  it('stops a render error that two attempts in a row bring back, after exactly two model requests', async () => {
    await save('stubborn', checkedViteApp(THROWS_ON_RENDER));
    // The second attempt changes a comment after the failing line: the same error, at the same place.
    for (const answer of [STILL_THROWS_ON_RENDER, `${STILL_THROWS_ON_RENDER}\n// still looking\n`])
      fake.script({ kind: 'stream', chunks: ['<<<FILE src/App.tsx>>>\n', answer, '<<<END FILE>>>\n'], stopReason: 'end_turn' });
    const requestsBefore = fake.requests.length;

    const { text, result } = await build('stubborn');
    expect(fake.requests.length).toBe(requestsBefore + 2);
    expect(text).toMatch(/Runtime error in the preview: TypeError: Cannot read properties of undefined \(reading 'map'\) \(src\/App\.tsx:6\)/);
    expect(text).toMatch(/🛑 The agent could not make progress on this error: Runtime error in the preview: TypeError: Cannot read properties of undefined \(reading 'map'\)/);
    expect(result).toMatchObject({ success: false, failedAt: 'runtime' });
  }, 300_000);

  it('keeps the browser away from the platform, the host and other sandboxes: only previews, through the proxy', async () => {
    await save('jail-a', plainServerApp('<h1>A</h1>'));
    await save('jail-b', plainServerApp('<h1>B</h1>'));
    const a = await build('jail-a');
    const b = await build('jail-b');
    expect(a.result.check).toBe('passed');
    const sandboxes = t.app.get(SandboxesService);
    const projectB = await t.app.get(ProjectsService).find(userId, 'jail-b');
    const targetB = (await sandboxes.target(projectB.id))!;
    const apiPort = new URL(t.baseUrl).port;
    const hostAddress = new URL(targetB).hostname.replace(/\.\d+$/, '.1');

    const browser = await t.app.get(PreviewChecksService).launch();
    const context = await browser.newContext();
    const visit = async (url: string) => {
      const page = await context.newPage();
      try {
        const response = await page.goto(url, { timeout: 5_000 });
        return `${response?.status()} ${(await page.textContent('body'))?.trim()}`;
      } catch (err) {
        return `refused: ${(err as Error).message.split('\n')[0]}`;
      } finally {
        await page.close();
      }
    };
    try {
      // Every name and address the browser asks for leads to its jail's loopback, where the preview
      // forwarder is the only listener. The platform's API, by its loopback address and port:
      expect(await visit(`http://127.0.0.1:${apiPort}/api/health`)).toMatch(/^refused: .*net::ERR_CONNECTION_REFUSED/);
      // ... and by name on the preview port, where only previews are served:
      expect(await visit(`http://localhost:${new URL(a.result.previewUrl!).port}/api/health`)).toBe('404 Only previews are served here');
      // The host, by its address on the sandbox network:
      expect(await visit(`http://${hostAddress}:${apiPort}/api/health`)).toMatch(/^refused: .*net::ERR_CONNECTION_REFUSED/);
      // Another sandbox's app, directly (its own port is the preview port's twin: the forwarder answers, not the app):
      const direct = await visit(`${targetB}/`);
      expect(direct).not.toContain('B');
      expect(direct).toMatch(/^(refused: .*net::ERR_CONNECTION_REFUSED|404 Only previews are served here)$/);
      // The same sandbox through the preview proxy: allowed, as for any visitor.
      expect(await visit(b.result.previewUrl!)).toBe('200 B');
    } finally {
      await context.close();
    }
  }, 240_000);
});

describe('a sleeping preview', () => {
  async function visitUntilUp(previewUrl: string) {
    const port = Number(new URL(t.baseUrl).port);
    let page = await getThroughProxy(port, previewUrl);
    for (let i = 0; i < 240 && page.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      page = await getThroughProxy(port, previewUrl);
    }
    return page;
  }

  it('wakes from its last build without building while its files are unchanged, and builds once they changed', async () => {
    await save('sleeper', plainServerApp('<h1>Asleep</h1>'));
    const { result } = await build('sleeper');
    expect(result.success).toBe(true);
    const project = await t.app.get(ProjectsService).find(userId, 'sleeper');
    const prisma = t.app.get(PrismaService);
    const builds = () => prisma.build.count({ where: { projectId: project.id } });
    const sandboxes = t.app.get(SandboxesService);
    // The build's output is kept after its result: wait for it before stopping.
    for (let i = 0; i < 100 && !existsSync(join(t.dataDir, 'build-output', `${project.id}.json`)); i++) await new Promise((resolve) => setTimeout(resolve, 100));

    await sandboxes.stop(project.id);
    const before = await builds();
    await new Promise((resolve) => setTimeout(resolve, 2100)); // the proxy trusts a route for 2 s
    const woken = await visitUntilUp(result.previewUrl!);
    expect(woken.body).toContain('<h1>Asleep</h1>');
    expect(await builds()).toBe(before);

    // Changed files: the kept build is stale, the next wake-up builds.
    await save('sleeper', plainServerApp('<h1>Awake</h1>'));
    await sandboxes.stop(project.id);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const rebuilt = await visitUntilUp(result.previewUrl!);
    expect(rebuilt.body).toContain('<h1>Awake</h1>');
    expect(await builds()).toBe(before + 1);
  }, 180_000);
});

describe('errors the owner meets in the preview', () => {
  it('pages get the reporter, other answers do not, and a reported error starts the fix loop', async () => {
    await save('reported', plainServerApp('<h1>Cart</h1><button>Add</button>'));
    const { result } = await build('reported');
    expect(result.success).toBe(true);
    const port = Number(new URL(t.baseUrl).port);
    // As a browser loads a page into a frame: only such requests get the reporter.
    const page = await getThroughProxy(port, result.previewUrl!, '/', { accept: 'text/html', 'accept-encoding': 'gzip', 'sec-fetch-dest': 'iframe' });
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/^<!doctype html><html><head><script data-forge-preview-reporter>/);
    expect(page.body).toContain('<h1>Cart</h1>');
    // Not a page load: passed on untouched.
    const api = await getThroughProxy(port, result.previewUrl!, '/api/posts');
    expect(api.body).toBe('[]');

    fake.script({ kind: 'stream', chunks: ['<<<FILE build.mjs>>>\n', plainServerApp('<h1>Cart</h1><button>Add</button><p>Fixed</p>')['build.mjs'], '<<<END FILE>>>\n'], stopReason: 'end_turn' });
    const before = fake.requests.length;
    const error = {
      message: "TypeError: Cannot read properties of undefined (reading 'items')",
      file: '/assets/index.js',
      line: 1,
      stack: 'TypeError: x\n    at onClick (http://x/assets/index.js:1:10)',
    };
    const { events } = await readSse(`${t.baseUrl}/api/projects/reported/fix`, { Cookie: cookie }, 'POST', { error });
    const parsed = parsedEvents(events);
    const text = parsed
      .filter((e) => e.type === 'log')
      .map((e) => String(e.data))
      .join('\n');
    expect(text).toContain("🐞 Runtime error in the preview, met by its owner: TypeError: Cannot read properties of undefined (reading 'items') (/assets/index.js:1)");
    expect(text).toMatch(/🔧 Auto-fix attempt 1\/3: 1 error to fix/);
    expect(text).toMatch(/✅ Checked in a browser in \d+\.\d s: no errors/);
    expect(parsed.find((e) => e.type === 'result')?.data).toEqual({ success: true, previewUrl: result.previewUrl, check: 'passed' });
    expect(fake.requests.length).toBe(before + 1);
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain("reading 'items'");

    // Nothing to fix with: refused in the spec's words, nothing started.
    await t.http
      .post('/api/projects/reported/fix')
      .set('Cookie', cookie)
      .send({ error: { message: ' ' } })
      .expect(400);
  }, 240_000);
});

describe('an app waiting for its key', () => {
  const WAITING_LINE = `⏳ Waiting for ${WEATHER_KEY}: add it under API Keys & Secrets`;

  it('passes its check waiting for secrets, with no fix attempt; once the key is saved the preview restarts and the next check is a normal one', async () => {
    await save('weather', waitingWeatherApp());
    const requestsBefore = fake.requests.length;

    const waiting = await build('weather');
    expect(waiting.text).toContain(`ℹ️ The app's API answered 503 to 1 request while ${WEATHER_KEY} is not saved: not counted as errors`);
    // The page's console error and /api/forecast's 500, both naming the key.
    expect(waiting.text).toMatch(
      /ℹ️ 2 errors name a key that is not saved yet, so not counted: (Console error in the preview: ApiError: Waiting for OPENWEATHER_API_KEY|GET \/api\/forecast answered 500)/,
    );
    expect(waiting.text).toContain(WAITING_LINE);
    expect(waiting.text).toMatch(/✅ Checked in a browser in \d+\.\d s: passed, waiting for secrets/);
    expect(waiting.text).not.toContain('Auto-fix');
    expect(waiting.result).toEqual({ success: true, previewUrl: expect.any(String), check: 'passed', waitingForSecrets: [WEATHER_KEY] });
    expect(fake.requests.length).toBe(requestsBefore);

    // Saving the key restarts the preview's app with it: its API answers.
    await t.http
      .post('/api/projects/weather/secrets')
      .set('Cookie', cookie)
      .send({ secrets: { [WEATHER_KEY]: 'owm-test-key' } })
      .expect(200);
    const port = Number(new URL(t.baseUrl).port);
    let answer = await getThroughProxy(port, waiting.result.previewUrl!, '/api/weather');
    for (let i = 0; i < 240 && answer.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      answer = await getThroughProxy(port, waiting.result.previewUrl!, '/api/weather');
    }
    expect(answer).toEqual({ status: 200, body: '{"temp":21}' });

    const normal = await build('weather');
    expect(normal.text).not.toContain('⏳ Waiting for');
    expect(normal.text).not.toContain('not counted');
    expect(normal.text).toMatch(/✅ Checked in a browser in \d+\.\d s: no errors/);
    expect(normal.result).toEqual({ success: true, previewUrl: expect.any(String), check: 'passed' });
    expect(fake.requests.length).toBe(requestsBefore);
  }, 300_000);

  it('still fails on an error unrelated to the missing key, and the fix request shows only that error', async () => {
    await save('weather-bug', waitingWeatherApp(UNRELATED_ERROR));
    fake.script({ kind: 'stream', chunks: ['Forecast may be missing.\n', '<<<FILE build.mjs>>>\n', waitingWeatherApp()['build.mjs'], '<<<END FILE>>>\n'], stopReason: 'end_turn' });
    const requestsBefore = fake.requests.length;

    const { text, result } = await build('weather-bug');
    expect(text).toMatch(/❌ Runtime error in the preview: TypeError: Cannot read properties of undefined \(reading 'days'\)/);
    expect(text).toMatch(/🔧 Auto-fix attempt 1\/3: 1 error to fix/);
    expect(fake.requests.length).toBe(requestsBefore + 1);
    const request = JSON.stringify(fake.requests.at(-1)!.body);
    expect(request).toContain("reading 'days'");
    expect(request).not.toContain('answered 503');
    expect(request).not.toContain('/api/forecast answered 500');
    // Fixed, the app is left waiting for its key like any other.
    expect(text).toContain(WAITING_LINE);
    expect(result).toEqual({ success: true, previewUrl: expect.any(String), check: 'passed', waitingForSecrets: [WEATHER_KEY] });
  }, 300_000);
});
