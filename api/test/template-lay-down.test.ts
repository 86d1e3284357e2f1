// A v2 generation through the real Anthropic SDK (against the local protocol server): the answer
// names its shape, writes only the app's pages on the template's components and react-router, and
// EDITs a template file. The platform lays the template down first and applies the EDIT, and the
// project as saved type-checks and builds in the sandbox image with no network.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EDIT_END_MARKER, FILE_END_MARKER, REPLACE_MARKER, SEARCH_MARKER, editStartMarker, fileStartMarker } from '@forge/protocol/file-stream';
import { templateFiles } from '../src/agent/template/template-files.js';
import { sandboxImageTag } from '../src/config/app-config.js';
import { type FakeAnthropic, startFakeAnthropic } from './support/fake-anthropic.js';
import { getThroughProxy, runBuild } from './support/build-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

const IMAGE = process.env.SANDBOX_IMAGE ?? sandboxImageTag(fileURLToPath(new URL('../../sandbox-image', import.meta.url)));
const APP = '/workspace/app';

const file = (path: string, content: string) => `${fileStartMarker(path)}\n${content}${FILE_END_MARKER}\n`;
const edit = (path: string, search: string, replace: string) => [editStartMarker(path), SEARCH_MARKER, search, REPLACE_MARKER, replace, EDIT_END_MARKER, ''].join('\n');

const APP_TSX = `import { BrowserRouter, NavLink, Route, Routes } from 'react-router';
import { HomePage } from './pages/home';
import { AboutPage } from './pages/about';

export function App() {
  return (
    <BrowserRouter>
      <nav className="flex gap-4 border-b border-border p-4">
        <NavLink to="/">Teas</NavLink>
        <NavLink to="/about">About</NavLink>
      </nav>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/about" element={<AboutPage />} />
      </Routes>
    </BrowserRouter>
  );
}
`;

const HOME = `import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const TEAS = [
  { name: 'Sencha', origin: 'Japan' },
  { name: 'Darjeeling', origin: 'India' },
];

export function HomePage() {
  const [cart, setCart] = useState<string[]>([]);
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-3xl font-bold">Leaf and Kettle teas</h1>
      <Badge variant="accent">{cart.length} in the cart</Badge>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {TEAS.map((tea) => (
          <Card key={tea.name}>
            <CardHeader>
              <CardTitle>{tea.name}</CardTitle>
            </CardHeader>
            <CardContent className="flex items-center justify-between">
              <span className="text-muted-foreground">{tea.origin}</span>
              <Button size="sm" onClick={() => setCart((items) => [...items, tea.name])}>
                Add
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
    </main>
  );
}
`;

const ABOUT = `import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

export function AboutPage() {
  return (
    <main className="mx-auto max-w-3xl p-6">
      <Alert variant="info">
        <AlertTitle>Brewed with care</AlertTitle>
        <AlertDescription>
          Loose-leaf teas since 1998. <Link to="/">See the teas</Link>
        </AlertDescription>
      </Alert>
    </main>
  );
}
`;

const ANSWER = [
  'A small tea shop: a list of teas with a cart count, and an about page.\nTemplate: static\n',
  edit('src/index.css', '  --primary: #4f46e5;', '  --primary: #166534;'),
  edit('index.html', '    <title>teashop</title>', '    <title>Leaf and Kettle teas</title>'),
  file('src/App.tsx', APP_TSX),
  file('src/pages/home.tsx', HOME),
  file('src/pages/about.tsx', ABOUT),
  'The project is complete.\n',
];

const NOTES_APP = `import Markdown from 'react-markdown';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const NOTES = '## Lapsang souchong\\n\\nSmoky, with a long finish.\\n\\n- Brew at 95 °C\\n- Three minutes';

export function App() {
  return (
    <main className="mx-auto max-w-2xl p-6">
      <h1 className="text-3xl font-bold">Tasting notes</h1>
      <Card className="mt-4">
        <CardHeader>
          <CardTitle>This week</CardTitle>
        </CardHeader>
        <CardContent>
          <Markdown>{NOTES}</Markdown>
        </CardContent>
      </Card>
    </main>
  );
}
`;

const MARKDOWN_ANSWER = [
  'Tasting notes rendered from Markdown with react-markdown.\nTemplate: static\n',
  edit('package.json', '    "react-dom": "19.3.1",', '    "react-dom": "19.3.1",\n    "react-markdown": "^10.1.0",'),
  file('src/App.tsx', NOTES_APP),
  'The project is complete.\n',
];

let t: TestApp;
let fake: FakeAnthropic;
let cookie: string;
let dir: string | null = null;

beforeAll(async () => {
  fake = await startFakeAnthropic();
  t = await startTestApp({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0' });
  cookie = (await signUp(t.http)).cookie;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function finished(jobId: string): Promise<{ status: string; error?: string }> {
  for (;;) {
    const body = (await t.http.get(`/api/jobs/${jobId}/status`).set('Cookie', cookie).expect(200)).body as { status: string; error?: string };
    if (body.status !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function docker(args: string[]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    execFile('docker', args, { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => resolve({ ok: !error, output: `${stdout}${stderr}` }));
  });
}

describe('a v2 generation on the starter template', () => {
  it('lays the template down, applies the EDITs, keeps the pages, and the project builds', async () => {
    fake.script({ kind: 'stream', chunks: ANSWER, stopReason: 'end_turn', inputTokens: 1000, outputTokens: 2000 });
    const jobId = (await t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt: 'A tea shop with an about page', projectName: 'teashop' }).expect(201)).body.jobId as string;
    expect(await finished(jobId)).toEqual({ status: 'completed' });

    // The model was asked under v2, with the component list.
    const system = JSON.stringify(fake.requests.at(-1)!.body.system);
    expect(system).toContain('Template: static');
    expect(system).toContain('@/components/ui/button');

    const tree = (await t.http.get('/api/projects/teashop/tree').set('Cookie', cookie).expect(200)).body.tree as string[];
    const template = templateFiles('static', { projectName: 'teashop' });
    expect(new Set(tree)).toEqual(new Set([...template.keys(), 'src/pages/home.tsx', 'src/pages/about.tsx']));

    dir = await mkdtemp(join(tmpdir(), 'forge-laydown-'));
    const files = new Map<string, string>();
    for (const path of tree) {
      const res = await t.http.get(`/api/projects/teashop/file/${path}`).set('Cookie', cookie).expect(200);
      const content = (res.body as { content: string }).content;
      files.set(path, content);
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), content);
    }
    expect(files.get('index.html')).toContain('<title>Leaf and Kettle teas</title>');
    expect(files.get('src/index.css')).toBe(template.get('src/index.css')!.replace('--primary: #4f46e5;', '--primary: #166534;'));
    expect(files.get('src/App.tsx')).toBe(APP_TSX);
    expect(files.get('src/components/ui/button.tsx')).toBe(template.get('src/components/ui/button.tsx'));

    // Built as the sandbox builds it, from the pre-warmed packages, with no network: type-checked, then bundled.
    const open = async (path: string): Promise<void> => {
      await chmod(path, 0o777);
      for (const entry of await readdir(path, { withFileTypes: true })) {
        if (entry.isDirectory()) await open(join(path, entry.name));
        else await chmod(join(path, entry.name), 0o666);
      }
    };
    await open(dir);
    const build = await docker([
      'run',
      '--rm',
      '--network',
      'none',
      '-v',
      `${dir}:${APP}`,
      '-w',
      APP,
      IMAGE,
      'sh',
      '-c',
      `node /opt/forge/bin/prepare-workspace.mjs ${APP} && npm run --silent typecheck && npx vite build --logLevel warn`,
    ]);
    expect({ ok: build.ok, output: build.ok ? '' : build.output }).toEqual({ ok: true, output: '' });
    const assets = await readdir(join(dir, 'dist', 'assets'));
    const bundle = await readFile(
      join(
        dir,
        'dist',
        'assets',
        assets.find((name) => name.endsWith('.js'))!,
      ),
      'utf8',
    );
    expect(bundle).toContain('Leaf and Kettle teas');
    expect(bundle).toContain('Brewed with care');
  }, 600_000);

  it('adds a package the template does not hold: installed through the registry proxy, built and checked in a browser', async () => {
    fake.script({ kind: 'stream', chunks: MARKDOWN_ANSWER, stopReason: 'end_turn', inputTokens: 1000, outputTokens: 800 });
    const jobId = (await t.http.post('/api/jobs/start').set('Cookie', cookie).send({ prompt: 'Tasting notes written in Markdown', projectName: 'notes' }).expect(201)).body.jobId as string;
    expect(await finished(jobId)).toEqual({ status: 'completed' });
    const manifest = (await t.http.get('/api/projects/notes/file/package.json').set('Cookie', cookie).expect(200)).body.content as string;
    expect(JSON.parse(manifest).dependencies['react-markdown']).toBe('^10.1.0');

    const build = await runBuild(t, cookie, 'notes');
    expect(build.log).toContainEqual(expect.stringMatching(/^📦 Installing 1 packages the sandbox image does not hold: react-markdown@\^10\.1\.0/));
    expect(build.log).toContainEqual(expect.stringMatching(/✅ Checked in a browser in \d+\.\d s: no errors/));
    expect(build.events.find((e) => e.type === 'result')?.data).toMatchObject({ success: true, check: 'passed' });
    // The Markdown rendered by the package, in the bundle the preview serves.
    const page = await getThroughProxy(t, build.previewUrl!);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)![1]!;
    expect((await getThroughProxy(t, build.previewUrl!, script)).body).toContain('Smoky, with a long finish');
  }, 600_000);
});
