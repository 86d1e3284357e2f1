// The offline agent's edits through the API, as the edit bar sends them with no model configured:
// each example the web offers is made as asked, a compound request is split into its parts, and a
// request beyond the offline agent is refused in plain words with no file changed.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OFFLINE_EDIT_EXAMPLES } from '@forge/protocol/offline-edits';
import { planProject } from '../src/agent/offline/plan-project.js';
import { themeTokenLines } from '../src/agent/template/theme-tokens.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let cookie: string;

const PROJECT = 'taskflow';
const files = planProject('A todo app called TaskFlow that helps me plan my week, with priorities and due dates', PROJECT).files;

/** The project as the offline agent generated it, saved over whatever an earlier test made of it. */
async function saveFresh(): Promise<void> {
  await t.http.post('/api/projects/save').set('Cookie', cookie).send({ projectName: PROJECT, files }).expect(201);
}

beforeAll(async () => {
  // No model configured: the offline starter agent answers.
  t = await startTestApp({ AUTOFIX_MAX_ATTEMPTS: '0' });
  cookie = (await signUp(t.http)).cookie;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function runEdit(modificationRequest: string) {
  const { status, events } = await readSse(`${t.baseUrl}/api/projects/${PROJECT}/edit`, { Cookie: cookie }, 'POST', { modificationRequest });
  const parsed = parsedEvents(events);
  return { status, log: parsed.filter((e) => e.type === 'log').map((e) => String(e.message)), end: parsed.at(-1) };
}

/** Every file of the project on disk. */
async function onDisk(): Promise<Record<string, string>> {
  const project = await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name: PROJECT }, select: { id: true } });
  const dir = join(t.dataDir, 'projects', project.id);
  const found: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) found[join(entry.parentPath, entry.name).slice(dir.length + 1)] = await readFile(join(entry.parentPath, entry.name), 'utf8');
  }
  return found;
}

const versionCount = async () => (await t.app.get(PrismaService).projectVersion.count({ where: { project: { name: PROJECT } } })) as number;
const token = (css: string, name: string) => themeTokenLines(css).get(name)?.value;

describe('offline edits through the API', () => {
  it.each([...OFFLINE_EDIT_EXAMPLES])(
    'makes the example %j as asked',
    async (request) => {
      await saveFresh();
      const before = await onDisk();
      const { status, end, log } = await runEdit(request);
      expect(status).toBe(200);
      expect(end).toEqual({ type: 'complete', message: expect.stringMatching(/^✅ Changes applied \(/) });
      expect(log.some((line) => line.startsWith('💬 Not done'))).toBe(false);
      const after = await onDisk();
      const heading = /heading to (.+?)(?: and |$)/.exec(request)?.[1];
      if (heading) {
        expect(after['src/App.tsx']).toContain(`const APP_NAME = '${heading}';`);
        expect(log).toContain(`💬 Changed the main heading to "${heading}" (src/App.tsx).`);
      }
      if (/accent colour teal/.test(request)) {
        expect(token(after['src/index.css']!, 'accent')).toBe('#0d9488');
        expect(token(after['src/index.css']!, 'primary')).toBe(token(before['src/index.css']!, 'primary'));
      }
      if (/dark blue/.test(request)) expect(token(after['src/index.css']!, 'primary')).not.toBe(token(before['src/index.css']!, 'primary'));
      if (/title to (.+)$/.test(request)) expect(after['index.html']).toContain(`<title>${/title to (.+)$/.exec(request)![1]}</title>`);
      // Nothing else changed: only the files the edit names.
      const changed = Object.keys(after).filter((path) => after[path] !== before[path] && !path.startsWith('node_modules') && !path.startsWith('dist'));
      for (const path of changed) expect(['src/App.tsx', 'src/index.css', 'index.html']).toContain(path);
    },
    240_000,
  );

  it('splits a compound request and makes each part', async () => {
    await saveFresh();
    const { end, log } = await runEdit('Change the heading to Week Planner and make the accent colour coral');
    expect(end).toMatchObject({ type: 'complete' });
    expect(log).toContain('💬 Changed the main heading to "Week Planner" (src/App.tsx).');
    expect(log.some((line) => line.startsWith('💬 Changed the accent colour to coral'))).toBe(true);
    const after = await onDisk();
    expect(after['src/App.tsx']).toContain("const APP_NAME = 'Week Planner';");
    expect(after['src/App.tsx']).not.toContain('accent');
  }, 240_000);

  it('refuses a request beyond it in plain words, and changes nothing', async () => {
    const before = await onDisk();
    const versions = await versionCount();
    const { end } = await runEdit('Add a dark mode toggle');
    expect(end).toEqual({ type: 'error', message: expect.stringContaining('Nothing was changed: the offline agent cannot do "Add a dark mode toggle"') });
    expect(await onDisk()).toEqual(before);
    expect(await versionCount()).toBe(versions);
  }, 120_000);

  it('makes the part it can of a request and says plainly which part it did not make', async () => {
    await saveFresh();
    const { end, log } = await runEdit('Change the heading to Plan Ahead and add a login page');
    expect(end).toMatchObject({ type: 'complete' });
    expect(log.some((line) => line.startsWith('💬 Not done, and nothing changed for it: "add a login page"'))).toBe(true);
    expect((await onDisk())['src/App.tsx']).toContain("const APP_NAME = 'Plan Ahead';");
  }, 240_000);
});
