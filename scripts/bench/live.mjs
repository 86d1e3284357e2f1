// Live preview benchmark (#23 item 3): generate → the app's first render in the live preview, with the
// model paced at 250 characters a second (about 70 tokens/s). Runs the built platform (api/dist) against the
// real Docker engine. The answer is the reference request's as a model writes it under v2 (the offline agent's
// landing page: app files and EDITs on the laid-down template), streamed through the tests-only scripted
// answers (FORGE_TEST_SCRIPTED_ANSWERS) at 250 characters a second. "First render" is the dev server answering the page through the
// preview proxy with the app's own App.tsx (not the template's placeholder) transformed: what the frame shows.
// Second row: the answer's last character → the build after it checked in the browser, against what the
// same work costs bare: `vite build` of the same project in its own sandbox, plus the check's own time.
import { execFileSync, spawn } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { RUN_EVENTS_HEADER, RUN_EVENTS_HEADER_VALUE } from '../../protocol/dist/runs.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_LIVE_PORT ?? 3393);
const base = `http://127.0.0.1:${PORT}`;
const INSTANCE = `bench-live-${process.pid}`;
const PROMPT = 'A landing page for a coffee roaster called "Bean There", in warm brown';
const GOAL_MS = 30_000;
const CHARS_PER_SECOND = 250;

/** GET through the platform's port with the preview's host name, as a browser on *.localhost does: the page as a document, its modules as scripts. */
function previewGet(previewUrl, path) {
  const dest = path === '/' ? { 'sec-fetch-dest': 'document', accept: 'text/html' } : { 'sec-fetch-dest': 'script', accept: '*/*' };
  return new Promise((resolve) => {
    const req = httpGet({ host: '127.0.0.1', port: PORT, path, headers: { host: new URL(previewUrl).host, ...dest }, timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.on('timeout', () => req.destroy());
  });
}

/** The live page answers and its entry module (the app's main.tsx, transformed by the dev server) does too. */
async function rendersLive(previewUrl) {
  const page = await previewGet(previewUrl, '/');
  if (page.status !== 200 || !page.body.includes('/@vite/client')) return false;
  const entry = /<script type="module" src="([^"]+)"/.exec(page.body.replace(/<script type="module" src="\/@vite\/client"><\/script>/, ''))?.[1];
  if (!entry) return false;
  const module = await previewGet(previewUrl, entry);
  if (module.status !== 200) return false;
  const app = await previewGet(previewUrl, '/src/App.tsx');
  return app.status === 200 && !app.body.includes('Your app is being written');
}

/** Follows a server-sent event stream, calling `onEvent` with each event's parsed data as it arrives. */
async function followEvents(url, headers, onEvent, init = {}) {
  const res = await fetch(url, { headers: { ...headers, [RUN_EVENTS_HEADER]: RUN_EVENTS_HEADER_VALUE }, ...init });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      buffer = buffer.slice(end + 2);
      if (data) onEvent(JSON.parse(data), performance.now());
    }
  }
}

/** Seconds a bare `vite build` of the project takes in its own sandbox container (its dependencies already installed). */
function bareViteBuildSeconds() {
  const [container] = execFileSync('docker', ['ps', '-q', '--filter', `label=dev.forge.instance=${INSTANCE}`])
    .toString()
    .trim()
    .split('\n');
  if (!container) throw new Error('the project has no running sandbox to build in');
  const script =
    'cd "$(dirname "$(ls -d /workspace/*/package.json | head -1)")" && s=$(date +%s%N) && npx vite build --outDir /tmp/forge-bare-build --emptyOutDir >/dev/null && echo $(( ($(date +%s%N) - s) / 1000000 ))';
  const user = execFileSync('docker', ['inspect', '-f', '{{.Config.User}}', container]).toString().trim();
  const ms = Number(
    execFileSync('docker', ['exec', ...(user ? ['-u', user] : []), container, 'sh', '-c', script])
      .toString()
      .trim(),
  );
  return ms / 1000;
}

export async function benchLivePreview() {
  try {
    execFileSync('docker', ['version'], { stdio: 'ignore' });
  } catch {
    return [['Live preview benchmark', 'skipped: Docker is not running', '', false]];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'forge-bench-live-'));
  const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, SANDBOX_INSTANCE: INSTANCE, DATA_DIR: dataDir, PORT: String(PORT), LLM_PROVIDER: 'offline', FORGE_TEST_SCRIPTED_ANSWERS: '1', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (
      let i = 0;
      i < 600 &&
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 200));
    const signup = await fetch(`${base}/api/auth/signup`, { method: 'POST' });
    const cookie = signup.headers.get('set-cookie').split(';')[0];
    const started = performance.now();
    const res = await fetch(`${base}/api/jobs/start`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt: `REFERENCE ANSWER at ${CHARS_PER_SECOND} chars/s:\n${PROMPT}`, projectName: 'live' }),
    });
    if (res.status !== 201) throw new Error(`starting the job answered ${res.status}: ${await res.text()}`);
    const { jobId } = await res.json();
    // The answer's last character: the generation run's last text event, as a viewer receives it.
    let lastCharacter = null;
    // BENCH_LIVE_TIMELINE=1 prints what happened after the last character, and when: where the second row's time goes.
    const timeline = [];
    const job = followEvents(`${base}/api/jobs/${jobId}/stream`, { Cookie: cookie }, (event, at) => {
      if (event.type === 'text') lastCharacter = at;
      else timeline.push([at, `job: ${JSON.stringify(event)}`]);
    });
    let rendered = null;
    let ended = null;
    // The preview-status endpoint answers the live address while the agent writes.
    while (ended === null && performance.now() - started < 900_000) {
      const status = await (await fetch(`${base}/api/projects/live/preview-status`, { headers: { Cookie: cookie } })).json().catch(() => ({}));
      if (rendered === null && status.live && (await rendersLive(status.previewUrl))) rendered = performance.now() - started;
      const { jobs } = await (await fetch(`${base}/api/jobs/active`, { headers: { Cookie: cookie } })).json();
      if (!jobs.some((job) => job.projectName === 'live')) ended = performance.now() - started;
      if (rendered === null) await new Promise((r) => setTimeout(r, 250));
      else break;
    }
    await job;
    // The build the generation starts when it ends; asking for a build follows the one running.
    let checkedAt = null;
    let checkSeconds = null;
    let success = false;
    await followEvents(
      `${base}/api/projects/live/build`,
      { Cookie: cookie },
      (event, at) => {
        timeline.push([at, `build: ${JSON.stringify(event)}`]);
        const checked = event.type === 'log' && /^✅ Checked in a browser in ([\d.]+) s/.exec(event.message);
        if (checked) [checkedAt, checkSeconds] = [at, Number(checked[1])];
        if (event.type === 'result') success = event.success && event.check === 'passed';
      },
      { method: 'POST' },
    );
    if (process.env.BENCH_LIVE_TIMELINE && lastCharacter !== null)
      for (const [at, what] of timeline.filter(([at]) => at >= lastCharacter)) console.error(`+${((at - lastCharacter) / 1000).toFixed(3)} s  ${what.trim().slice(0, 120)}`);
    const bareSeconds = success ? bareViteBuildSeconds() : null;
    const toChecked = checkedAt !== null && lastCharacter !== null ? (checkedAt - lastCharacter) / 1000 : null;
    const bound = bareSeconds !== null && checkSeconds !== null ? 1.2 * (bareSeconds + checkSeconds) : null;
    return [
      [
        `Generate → first render in the live preview (reference landing page, model at ${CHARS_PER_SECOND} chars/s)`,
        rendered === null ? 'never (the job ended first)' : `${(rendered / 1000).toFixed(1)} s`,
        `≤ ${GOAL_MS / 1000} s`,
        rendered !== null && rendered <= GOAL_MS,
      ],
      [
        'Last character of the answer → checked production preview (same run)',
        toChecked === null || !success ? 'the build or its check failed' : `${toChecked.toFixed(1)} s (bare vite build ${bareSeconds.toFixed(1)} s + check ${checkSeconds.toFixed(1)} s)`,
        bound === null ? '≤ 1.2 × (bare vite build + check)' : `≤ ${bound.toFixed(1)} s (1.2 × (bare vite build + check))`,
        toChecked !== null && bound !== null && toChecked <= bound,
      ],
    ];
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    try {
      const ids = execFileSync('docker', ['ps', '-aq', '--filter', `label=dev.forge.instance=${INSTANCE}`])
        .toString()
        .trim()
        .split('\n')
        .filter(Boolean);
      if (ids.length) execFileSync('docker', ['rm', '-f', ...ids], { stdio: 'ignore' });
    } catch {
      // Nothing left to remove.
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
