// The fix loop's model requests (issue #24): a real build in Docker, a scripted local model speaking
// Anthropic's streaming protocol. A stuck error costs two fix requests; an error the second attempt
// fixes costs three requests, the generation included.
import { createServer } from 'node:http';
import { STATIC_APP_DEPENDENCIES, STATIC_APP_DEV_DEPENDENCIES } from '../../api/dist/agent/v1-dependencies.js';
import { startPlatform } from './generation.mjs';

const BROKEN_APP = 'export function App() {\n  const count: string = 42;\n  return <h1>Clicked {count} times</h1>;\n}\n';
const FIXED_APP = BROKEN_APP.replace('count: string', 'count: number');

/** A small Vite app whose App.tsx does not type-check: what the generation answers. */
function brokenProject() {
  const files = {
    'package.json': JSON.stringify({
      name: 'fix-loop-bench',
      private: true,
      type: 'module',
      scripts: { dev: 'vite', build: 'tsc --noEmit && vite build', start: 'vite preview --host 0.0.0.0 --port ${PORT:-4173} --strictPort' },
      dependencies: STATIC_APP_DEPENDENCIES,
      devDependencies: STATIC_APP_DEV_DEPENDENCIES,
    }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        types: ['vite/client'],
      },
      include: ['src'],
    }),
    'vite.config.ts': "import { defineConfig } from 'vite';\nimport react from '@vitejs/plugin-react';\n\nexport default defineConfig({ plugins: [react()] });\n",
    'index.html': '<!doctype html>\n<html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
    'src/main.tsx': "import { createRoot } from 'react-dom/client';\nimport { App } from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n",
    'src/App.tsx': BROKEN_APP,
  };
  return Object.entries(files)
    .map(([path, content]) => `<<<FILE ${path}>>>\n${content.endsWith('\n') ? content : `${content}\n`}<<<END FILE>>>\n`)
    .join('');
}

/** Answers fix requests from a queue per project; any other request with the broken project. Counts requests by kind. */
function startScriptedModel() {
  const fixes = new Map();
  const counts = new Map();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = JSON.parse(body);
      const prompt = JSON.stringify(request.messages);
      const project = /Project name: ([\w-]+)/.exec(prompt)?.[1] ?? /fixbench-[\w-]+/.exec(prompt)?.[0] ?? 'unknown';
      const fixing = JSON.stringify(request.system ?? '').includes('repairing a project');
      const key = project.replace(/^(fixbench-[a-z]+).*$/, '$1');
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const text = fixing ? (fixes.get(key)?.shift() ?? 'Nothing to change.\n') : brokenProject();
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const write = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
      write('message_start', {
        message: { id: 'm', type: 'message', role: 'assistant', model: 'bench', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } },
      });
      write('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      write('content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
      write('content_block_stop', { index: 0 });
      write('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 20 } });
      write('message_stop', {});
      res.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        script: (key, ...answers) => fixes.set(key, answers),
        requests: (key) => counts.get(key) ?? 0,
        stop: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

async function events(res) {
  const text = await res.text();
  return text
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .find((l) => l.startsWith('data: '))
        ?.slice(6),
    )
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data));
}

/** Generates the broken project, then builds it with the automatic fixes; answers whether it ended with a preview. */
async function generateAndBuild(platform, name) {
  const { base, cookie } = platform;
  const started = await fetch(`${base}/api/jobs/start`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify({ prompt: `A counter (${name})`, projectName: name }),
  });
  if (started.status !== 201) throw new Error(`starting the generation of ${name} answered ${started.status}: ${await started.text()}`);
  const { jobId } = await started.json();
  await events(await fetch(`${base}/api/jobs/${jobId}/stream`, { headers: { Cookie: cookie } }));
  const built = await events(await fetch(`${base}/api/projects/${name}/build`, { method: 'POST', headers: { Cookie: cookie } }));
  const success = built.find((e) => e.type === 'result')?.data?.success === true;
  // The end of a failed build's log says why, for reading the table.
  if (!success && process.env.BENCH_DEBUG)
    console.error(
      built
        .slice(-12)
        .map((e) => JSON.stringify(e.data))
        .join('\n'),
    );
  return success;
}

const file = (path, content) => `<<<FILE ${path}>>>\n${content}<<<END FILE>>>\n`;

export async function benchFixLoop() {
  const model = await startScriptedModel();
  const platform = await startPlatform(model.url, { AUTOFIX_MAX_ATTEMPTS: '5' });
  try {
    // Every attempt rewrites App.tsx and leaves the same type error.
    model.script('fixbench-stuck', file('src/App.tsx', BROKEN_APP.replace('42', '43')), file('src/App.tsx', BROKEN_APP.replace('42', '44')), file('src/App.tsx', BROKEN_APP.replace('42', '45')));
    const stuck = await generateAndBuild(platform, 'fixbench-stuck');
    const stuckFixes = model.requests('fixbench-stuck') - 1;
    // The first attempt adds a helper nobody imports; the second, told so, fixes the type.
    model.script('fixbench-second', file('src/count.ts', 'export const count = 42;\n'), file('src/App.tsx', FIXED_APP));
    const second = await generateAndBuild(platform, 'fixbench-second');
    const secondAll = model.requests('fixbench-second');
    return [
      ['Fix loop: model requests on a stuck error (fix attempts)', `${stuckFixes}${stuck ? ' (it built?)' : ''}`, '2', stuckFixes === 2 && !stuck],
      ['Fix loop: model requests on an error fixed at the second attempt (generation included)', `${secondAll}${second ? '' : ' (still failing)'}`, '3', secondAll === 3 && second],
    ];
  } finally {
    await platform.stop();
    await model.stop();
  }
}
