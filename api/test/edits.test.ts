// Natural-language edits end to end: a scripted model behind the real Anthropic SDK, the real
// database, real files on disk and a real build in Docker.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { SANDBOX_USER } from '../src/sandboxes/container-spec.js';
import { SandboxLifecycleService } from '../src/sandboxes/sandbox-lifecycle.service.js';
import { SandboxNodesService } from '../src/sandboxes/sandbox-nodes.service.js';
import { WATCH_PID } from '../src/sandboxes/sandbox-scripts.js';
import { viteApp } from './fixtures/sandbox-projects.js';
import { type FakeAnthropic, startFakeAnthropic } from './support/fake-anthropic.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let fake: FakeAnthropic;
let alice: string;
let aliceId: string;
let bob: string;

const APP = 'export function App() {\n  return (\n    <main>\n      <h1>Counter</h1>\n      <Footer />\n    </main>\n  );\n}\n';
const SECRET = 'API_TOKEN=never-shown-to-the-model';
const FOOTER = 'export function Footer() {\n  return <footer>Made with care</footer>;\n}\n';

function project(title: string) {
  const files = viteApp(title, `import { Footer } from './Footer';\n\n${APP.replace('Counter', title)}`);
  return { ...files, 'src/Footer.tsx': FOOTER, 'README.md': `# ${title}\n\nA counter.\n`, '.env': `${SECRET}\n` };
}

const edit = (path: string, search: string, replace: string) => `<<<EDIT ${path}>>>\n<<<SEARCH>>>\n${search}\n<<<REPLACE>>>\n${replace}\n<<<END EDIT>>>\n`;
const stream = (...chunks: string[]) => ({ kind: 'stream' as const, chunks, stopReason: 'end_turn' as const });

beforeAll(async () => {
  fake = await startFakeAnthropic();
  t = await startTestApp({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', AUTOFIX_MAX_ATTEMPTS: '0' });
  ({ cookie: alice, userId: aliceId } = await signUp(t.http));
  bob = (await signUp(t.http)).cookie;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Saves the files; a `.env` among them is put beside them as saved secrets are, never as a project file. */
async function save(name: string, { '.env': env, ...files }: Record<string, string>): Promise<void> {
  await t.http.post('/api/projects/save').set('Cookie', alice).send({ projectName: name, files }).expect(201);
  if (env === undefined) return;
  const project = await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name }, select: { id: true } });
  await writeFile(join(t.dataDir, 'projects', project.id, '.env'), env);
}

/** Runs `script` in the sandbox of alice's project `name` as the platform's commands run. */
async function inSandbox(name: string, script: string) {
  const project = await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name, ownerId: aliceId }, select: { id: true } });
  const container = await t.app.get(SandboxLifecycleService).runningContainer(project.id);
  return t.app
    .get(SandboxNodesService)
    .engine(container.nodeId)
    .exec(container.id, ['bash', '-c', script], { user: SANDBOX_USER, timeoutMs: 10_000, maxOutputBytes: 16 * 1024 });
}

async function runEdit(name: string, modificationRequest: string, cookie = alice) {
  const { status, events, error } = await readSse(`${t.baseUrl}/api/projects/${name}/edit`, { Cookie: cookie }, 'POST', { modificationRequest });
  const parsed = parsedEvents(events);
  return {
    status,
    error,
    raw: events,
    events: parsed,
    log: parsed.filter((e) => e.type === 'log').map((e) => String(e.message)),
    end: parsed.at(-1),
    done: events.at(-1)?.data === '[DONE]',
  };
}

/** Every file of the project folder on disk, byte for byte. */
async function bytes(name: string): Promise<Record<string, Buffer>> {
  const project = await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name }, select: { id: true } });
  const dir = join(t.dataDir, 'projects', project.id);
  const files: Record<string, Buffer> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files[path.slice(dir.length + 1)] = await readFile(path);
    }
  }
  return files;
}

function previewGet(previewUrl: string, path: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: new URL(previewUrl).host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('an edit', () => {
  it('changes exactly the lines its SEARCH/REPLACE names, no other file, logs the diff, rebuilds and records a version', async () => {
    await save('counter', project('Counter'));
    const before = await bytes('counter');
    fake.script(stream('Renaming the heading.\n', edit('src/App.tsx', '      <h1>Counter</h1>', '      <h1>Clicks</h1>')));

    const result = await runEdit('counter', 'Call the heading Clicks');

    expect(result.status).toBe(200);
    expect(result.events[0]).toEqual({ type: 'started', jobId: expect.any(String) });
    expect(result.end).toEqual({ type: 'complete', message: expect.stringMatching(/^✅ Changes applied \(1 file changed \(src\/App\.tsx\)\); the preview is up to date\.$/) });
    expect(result.done).toBe(true);
    const after = await bytes('counter');
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const path of Object.keys(before)) {
      if (path === 'src/App.tsx') expect(after[path]!.toString()).toBe(before[path]!.toString().replace('<h1>Counter</h1>', '<h1>Clicks</h1>'));
      else expect(after[path]!.equals(before[path]!)).toBe(true);
    }
    expect(result.log).toContain('💬 Renaming the heading.');
    expect(result.log).toContain('✏️ src/App.tsx:6  <h1>[-Counter-]{+Clicks+}</h1>');
    expect(result.events).toContainEqual({ type: 'file_changed', path: 'src/App.tsx', change: 'modified' });
    expect(result.log.some((line) => line.startsWith('✅ Build successful'))).toBe(true);

    // The model got the edit prompt, the request and the files as they are.
    const body = JSON.stringify(fake.requests.at(-1)!.body);
    expect(body).toContain('SEARCH/REPLACE');
    expect(body).toContain('Call the heading Clicks');
    expect(body).toContain('Made with care');
    expect(body).not.toContain('never-shown-to-the-model');

    // The preview serves the change.
    const preview = result.events.find((e) => e.type === 'preview') as { previewUrl: string };
    const page = await previewGet(preview.previewUrl, '/');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)![1]!;
    expect((await previewGet(preview.previewUrl, script)).body).toContain('Clicks');

    const versions = await t.http.get('/api/projects/counter/versions').set('Cookie', alice).expect(200);
    expect(versions.body.versions.map((v: { kind: string }) => v.kind)).toEqual(['edit', 'save']);
    expect(versions.body.versions[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{40}$/),
      message: 'Call the heading Clicks',
      kind: 'edit',
      createdAt: expect.any(String),
      files: [{ path: 'src/App.tsx', added: 1, removed: 1 }],
      // No database: nothing to keep, nothing to say.
      data: null,
      dataNote: null,
    });
    const diff = await t.http.get(`/api/projects/counter/versions/${versions.body.versions[0].id}/diff`).set('Cookie', alice).expect(200);
    expect(diff.body.diff).toContain('diff --git a/src/App.tsx b/src/App.tsx\n--- a/src/App.tsx\n+++ b/src/App.tsx\n');
    expect(diff.body.diff).toContain('\n-      <h1>Counter</h1>\n+      <h1>Clicks</h1>\n');
  }, 240_000);

  it('sends a whole-file answer with a placeholder back once, and applies the second answer', async () => {
    const lazy = `<<<FILE src/Footer.tsx>>>\nexport function Footer() {\n  // ... rest of the code unchanged\n}\n<<<END FILE>>>\n`;
    fake.script(stream(lazy), stream(edit('src/Footer.tsx', '  return <footer>Made with care</footer>;', '  return <footer>Made with love</footer>;')));
    const before = await bytes('counter');

    const result = await runEdit('counter', 'Say love in the footer');

    expect(result.end).toMatchObject({ type: 'complete' });
    expect(result.log).toContain('⚠️ The answer could not be applied as written, so nothing was written. Asking the agent once more:');
    expect(result.log).toContain('   • FILE src/Footer.tsx: a placeholder stands where code was ("// ... rest of the code unchanged"); write the whole file, or use an EDIT block');
    const retry = fake.requests.at(-1)!.body as { messages: Array<{ role: string; content: unknown }> };
    expect(retry.messages.at(-2)).toMatchObject({ role: 'assistant' });
    expect(JSON.stringify(retry.messages.at(-1))).toContain('- FILE src/Footer.tsx: a placeholder stands where code was');
    const after = await bytes('counter');
    expect(after['src/Footer.tsx']!.toString()).toBe(FOOTER.replace('care', 'love'));
    for (const path of Object.keys(before)) if (path !== 'src/Footer.tsx') expect(after[path]!.equals(before[path]!)).toBe(true);
  }, 240_000);

  it('writes nothing when the second answer fails too, and says which block failed and why', async () => {
    const wrong = edit('src/App.tsx', '      <h1>Nowhere</h1>', '      <h1>x</h1>') + edit('src/Missing.tsx', 'a', 'b');
    fake.script(stream(wrong), stream(wrong));
    const before = await bytes('counter');
    const versionsBefore = (await t.http.get('/api/projects/counter/versions').set('Cookie', alice)).body.versions.length;

    const result = await runEdit('counter', 'Change something that is not there');

    expect(result.end).toEqual({
      type: 'error',
      message:
        "Nothing was changed: the agent's answer failed the checks twice. EDIT src/App.tsx: the SEARCH text was not found; quote the current lines exactly, with their indentation; " +
        'EDIT src/Missing.tsx: the file does not exist; write it whole with a FILE block',
    });
    expect(await bytes('counter')).toEqual(before);
    expect((await t.http.get('/api/projects/counter/versions').set('Cookie', alice)).body.versions).toHaveLength(versionsBefore);
    const jobId = (result.events[0] as { jobId: string }).jobId;
    expect((await t.http.get(`/api/jobs/${jobId}/status`).set('Cookie', alice).expect(200)).body).toEqual({ status: 'failed', error: expect.stringMatching(/^Nothing was changed/) });
  }, 120_000);

  it('refuses a path that escapes the project and writes nothing outside it', async () => {
    fake.script(stream('<<<FILE ../../outside.txt>>>\npwned\n<<<END FILE>>>\n<<<DELETE ../../etc/hosts>>>\n'));
    const before = await bytes('counter');

    const result = await runEdit('counter', 'Write a file next to the project');

    expect(result.log).toContain('⚠️ Refused file "../../outside.txt": path escapes the project');
    expect(result.log).toContain('⚠️ Refused file "../../etc/hosts": path escapes the project');
    expect(result.end).toEqual({ type: 'error', message: 'Nothing was changed: the agent answered without changing any file.' });
    expect(await bytes('counter')).toEqual(before);
    expect(existsSync(join(t.dataDir, 'outside.txt'))).toBe(false);
    expect(existsSync(join(t.dataDir, 'projects', 'outside.txt'))).toBe(false);
  }, 120_000);

  it('runs as a job: a second edit of the project meanwhile is refused naming it, and the job can be followed again', async () => {
    fake.script({ kind: 'stream', chunks: ['Thinking', ' about', ' it', ' slowly.\n'], stopReason: 'end_turn', delayMs: 300 });
    const first = runEdit('counter', 'Think slowly');
    let active: Array<{ id: string; kind: string; projectName: string }> = [];
    for (let i = 0; i < 50 && active.length === 0; i++) {
      active = (await t.http.get('/api/jobs/active').set('Cookie', alice)).body.jobs;
      if (active.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(active).toEqual([{ id: expect.any(String), kind: 'edit', projectName: 'counter', projectId: expect.any(String) }]);

    const second = await t.http.post('/api/projects/counter/edit').set('Cookie', alice).send({ modificationRequest: 'Another change' }).expect(409);
    expect(second.body).toEqual({ error: `An edit of "counter" is running (job ${active[0]!.id}). Wait for it to finish, or follow it in the workspace.`, code: 'project.busy' });

    const done = await first;
    const again = await readSse(`${t.baseUrl}/api/jobs/${active[0]!.id}/stream`, { Cookie: alice });
    expect(again.events.map((e) => e.data)).toEqual(done.raw.map((e) => e.data));
  }, 120_000);

  it('refuses an empty request with the words the person sees', async () => {
    const res = await t.http.post('/api/projects/counter/edit').set('Cookie', alice).send({ modificationRequest: '   ' }).expect(400);
    expect(res.body.error).toBe('Please describe the modifications you want to make');
  });
});

describe('the fast path of an edit', () => {
  it('bundles a change of client code into the running preview without a full build, and leaves the rest to one', async () => {
    const files: Record<string, string> = project('Quick');
    const pkg = JSON.parse(files['package.json']!) as { scripts: Record<string, string> };
    pkg.scripts.build = 'vite build';
    await save('quick', { ...files, 'package.json': JSON.stringify(pkg, null, 2) });
    const built = parsedEvents((await readSse(`${t.baseUrl}/api/projects/quick/build`, { Cookie: alice }, 'POST')).events);
    const previewUrl = (built.find((e) => e.type === 'result') as { data: { previewUrl: string } }).data.previewUrl;

    const servedScript = async () => {
      const page = await previewGet(previewUrl, '/');
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
      return script === undefined ? '' : (await previewGet(previewUrl, script)).body;
    };
    const shows = async (text: string) => (await servedScript()).includes(text);
    /** The source tag the platform's build gives the heading: its file, line and column as saved, and its component. */
    const headingTag = async () => {
      const lines = (await bytes('quick'))['src/App.tsx']!.toString('utf8').split('\n');
      const line = lines.findIndex((text) => text.includes('<h1>'));
      return `"data-forge-loc":\`src/App.tsx:${line + 1}:${lines[line]!.indexOf('<h1>') + 1}:App\``;
    };
    expect(await servedScript()).toContain(await headingTag());
    for (const heading of ['Fast one', 'Fast two']) {
      fake.script(stream(edit('src/App.tsx', `      <h1>${heading === 'Fast one' ? 'Quick' : 'Fast one'}</h1>`, `      <h1>${heading}</h1>`)));
      const result = await runEdit('quick', `Call the heading ${heading}`);
      // Compared whole, so a fall back to a full build shows its reason; with neither line, the whole log is printed.
      const paths = result.log.filter((line) => /^(⚡|🔨)/.test(line));
      if (paths.length === 0) console.warn(`The edit of quick took neither path:\n${result.log.join('\n')}`);
      expect(paths).toEqual([expect.stringMatching(/^⚡ Bundled the change into the running preview in \d+\.\d s$/)]);
      expect(result.events).toContainEqual({ type: 'preview', previewUrl });
      expect(await shows(heading)).toBe(true);
      // The watcher builds with the platform's config too: the source tags stay.
      expect(await servedScript()).toContain(await headingTag());
    }

    // A change the watcher cannot bundle is never passed off as shown: the full build says why.
    fake.script(stream(edit('src/App.tsx', '      <h1>Fast two</h1>', '      <h1>Fast two</h1>{')));
    const broken = await runEdit('quick', 'Break the heading');
    expect(broken.log).toContain('🔨 A full build is needed (the incremental build failed)');
    expect(broken.end).toMatchObject({ type: 'complete', message: expect.stringContaining('but the build failed') });
    expect(broken.events.some((e) => e.type === 'preview')).toBe(false);
    fake.script(stream(edit('src/App.tsx', '      <h1>Fast two</h1>{', '      <h1>Fast two</h1>')));
    expect((await runEdit('quick', 'Mend the heading')).end).toMatchObject({ type: 'complete', message: expect.stringContaining('the preview is up to date') });

    // The fast path again: its watcher runs in the sandbox.
    fake.script(stream(edit('src/App.tsx', '      <h1>Fast two</h1>', '      <h1>Fast three</h1>')));
    expect((await runEdit('quick', 'Call the heading Fast three')).log).toContainEqual(expect.stringMatching(/^⚡ Bundled the change/));
    const watcher = await inSandbox('quick', `cat ${WATCH_PID}`);
    expect(watcher).toMatchObject({ exitCode: 0, output: expect.stringMatching(/^\d+\s*$/) });

    // A change of the dependencies is not client code: a full build.
    fake.script(stream(edit('package.json', '  "private": true,', '  "private": true,\n  "description": "quick",')));
    const full = await runEdit('quick', 'Describe the package');
    expect(full.log).toContain('🔨 A full build is needed (package.json is not client code)');
    expect(full.log.some((line) => line.startsWith('✅ Build successful'))).toBe(true);
    expect(full.end).toMatchObject({ type: 'complete', message: expect.stringContaining('the preview is up to date') });
    // The full build stopped the watcher as it copied the files in: it would have bundled them as they were replaced.
    expect((await inSandbox('quick', `kill -0 -- -${watcher.output.trim()}`)).exitCode).not.toBe(0);
  }, 300_000);
});

describe('versions', () => {
  it('restores an earlier version as a new one, bringing back its bytes and leaving .env alone', async () => {
    const versions = (await t.http.get('/api/projects/counter/versions').set('Cookie', alice).expect(200)).body.versions as Array<{ id: string; kind: string }>;
    const saved = versions.at(-1)!;
    expect(saved.kind).toBe('save');

    const res = await t.http.post(`/api/projects/counter/versions/${saved.id}/restore`).set('Cookie', alice).expect(201);

    expect(res.body.version).toMatchObject({ kind: 'restore', message: expect.stringMatching(/^Restored the version of .* UTC: Saved 8 files from the workspace$/) });
    const restored = await bytes('counter');
    const original = project('Counter');
    expect(Object.keys(restored).sort()).toEqual(Object.keys(original).sort());
    for (const [path, content] of Object.entries(original)) expect(restored[path]!.toString()).toBe(content);
    expect(restored['.env']!.toString()).toBe(`${SECRET}\n`);
    const list = (await t.http.get('/api/projects/counter/versions').set('Cookie', alice)).body.versions as Array<{ kind: string; files: unknown[] }>;
    expect(list.map((v) => v.kind)).toEqual(['restore', 'edit', 'edit', 'save']);
    expect(list[0]!.files).toEqual([
      { path: 'src/App.tsx', added: 1, removed: 1 },
      { path: 'src/Footer.tsx', added: 1, removed: 1 },
    ]);
    // The rebuild that follows a restore; attaching waits for it.
    const build = parsedEvents((await readSse(`${t.baseUrl}/api/projects/counter/build`, { Cookie: alice }, 'POST')).events);
    expect(build).toContainEqual({ type: 'result', data: { success: true, previewUrl: expect.any(String), check: 'passed' } });
  }, 240_000);

  it("answers another account's edit, versions, diff and restore with 404", async () => {
    const id = (await t.http.get('/api/projects/counter/versions').set('Cookie', alice)).body.versions[0].id as string;
    const notFound = { error: 'Project not found', code: 'project.not_found' };
    expect((await t.http.post('/api/projects/counter/edit').set('Cookie', bob).send({ modificationRequest: 'x' }).expect(404)).body).toEqual(notFound);
    expect((await t.http.get('/api/projects/counter/versions').set('Cookie', bob).expect(404)).body).toEqual(notFound);
    expect((await t.http.get(`/api/projects/counter/versions/${id}/diff`).set('Cookie', bob).expect(404)).body).toEqual(notFound);
    expect((await t.http.post(`/api/projects/counter/versions/${id}/restore`).set('Cookie', bob).expect(404)).body).toEqual(notFound);
    await t.http
      .get(`/api/projects/counter/versions/${'0'.repeat(40)}/diff`)
      .set('Cookie', alice)
      .expect(404);
  });

  it('deleting a project deletes its history', async () => {
    const project = await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name: 'counter' }, select: { id: true } });
    expect(existsSync(join(t.dataDir, 'versions', `${project.id}.git`))).toBe(true);
    await t.http.delete('/api/projects/counter').set('Cookie', alice).expect(200);
    expect(existsSync(join(t.dataDir, 'versions', `${project.id}.git`))).toBe(false);
    expect(await t.app.get(PrismaService).projectVersion.count({ where: { projectId: project.id } })).toBe(0);
  });
});

describe('the conventions an edit is answered under', () => {
  it('answers an edit of a project made under v1 with the v1 prompts, and of a new one with the v2 prompts', async () => {
    await save('old-counter', project('Old Counter'));
    await save('new-counter', project('New Counter'));
    const prisma = t.app.get(PrismaService);
    // Saved projects are v2, as every new one; a project made before v2 existed is recorded as v1.
    expect(await prisma.project.findFirstOrThrow({ where: { name: 'new-counter' }, select: { conventions: true } })).toEqual({ conventions: 'v2' });
    await prisma.project.updateMany({ where: { name: 'old-counter' }, data: { conventions: 'v1' } });

    const systemOf = async (name: string, title: string) => {
      fake.script(stream('Renaming.\n', edit('src/App.tsx', `      <h1>${title}</h1>`, '      <h1>Clicks</h1>')));
      const result = await runEdit(name, 'Call the heading Clicks');
      expect(result.end).toMatchObject({ type: 'complete' });
      return JSON.stringify(fake.requests.at(-1)!.body);
    };
    const v1 = await systemOf('old-counter', 'Old Counter');
    expect(v1).toContain('Forge project conventions, v1');
    expect(v1).not.toContain('Forge project conventions, v2');
    const v2 = await systemOf('new-counter', 'New Counter');
    expect(v2).toContain('Forge project conventions, v2');
    expect(v2).toContain('@/components/ui/button');
  }, 240_000);
});
