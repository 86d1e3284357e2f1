// docker-compose.yml for real: from a clean state, `docker-compose up`, wait until healthy, sign up
// through the API, generate with the offline agent, build (the checker service's browser passes its
// preview), fetch the preview through the platform, build a page that throws on load (the check fails
// with the error), then `docker-compose down -v` and check nothing is left but the cached images.
//
// `npm test` runs it as its own step; by hand (after `npm run build`, as root or in the docker group):
//   node --test --test-reporter=spec deploy/test/compose.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ensureComposeImages } from '../../scripts/lib/compose-images.mjs';
import { root } from '../../scripts/lib/setup.mjs';

const SANDBOX_NETWORK = 'forge-sandboxes';
const READY_TIMEOUT_MS = 120_000;
const run = randomBytes(3).toString('hex');
const project = `forge-compose-${run}`;
const instance = `compose-${run}`;
const workDir = mkdtempSync(join(tmpdir(), 'forge-compose-'));
const timings = {};
let env;
let baseUrl;
let networkExisted = false;

function docker(args) {
  return spawnSync('docker', args, { encoding: 'utf8' });
}

function compose(args, { check = true, name = project } = {}) {
  const result = spawnSync('docker-compose', ['--env-file', join(workDir, 'empty.env'), '-p', name, '-f', join(root, 'docker-compose.yml'), '-f', join(workDir, 'test.override.yml'), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (check && result.status !== 0) throw new Error(`docker-compose ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`);
  return result;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function timed(name, action) {
  const started = Date.now();
  try {
    return await action();
  } finally {
    timings[name] = (Date.now() - started) / 1000;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Everything a run that was killed left behind (its compose project and its sandboxes). */
function removeRun(name, sandboxInstance) {
  compose(['down', '-v', '--remove-orphans', '--timeout', '15'], { check: false, name });
  const sandboxes = docker(['ps', '-aq', '--filter', `label=dev.forge.instance=${sandboxInstance}`])
    .stdout.split('\n')
    .filter(Boolean);
  if (sandboxes.length > 0) docker(['rm', '-f', '-v', ...sandboxes]);
}

function removeAbandonedRuns() {
  const rows = docker(['ps', '-a', '--filter', 'label=dev.forge.compose-test-owner', '--format', '{{.Label "com.docker.compose.project"}} {{.Label "dev.forge.compose-test-owner"}}']).stdout;
  const abandoned = new Set(
    rows
      .split('\n')
      .filter(Boolean)
      .filter((row) => !alive(Number(row.split(' ')[1])))
      .map((row) => row.split(' ')[0]),
  );
  for (const name of abandoned) {
    console.log(`removing ${name}, left by a compose test that did not finish`);
    removeRun(name, name.replace(/^forge-compose-/, 'compose-'));
  }
}

/** A request to the platform with a preview's host name, as a browser resolving *.localhost sends it. */
function getThroughPlatform(previewUrl, path = '/') {
  const { host } = new URL(previewUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: new URL(baseUrl).port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The events of a whole server-sent event stream. */
async function readEvents(path, cookie, method = 'GET') {
  const res = await fetch(`${baseUrl}${path}`, { method, headers: { Cookie: cookie } });
  assert.equal(res.status, 200, `${method} ${path} answered ${res.status}`);
  return (await res.text())
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n'),
    )
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data));
}

/** A build's result and its whole log. */
async function buildProject(name, cookie) {
  const events = await readEvents(`/api/projects/${name}/build`, cookie, 'POST');
  const found = events.find((e) => e.type === 'result');
  const log = events
    .filter((e) => e.type === 'log' || e.type === 'error')
    .map((e) => (e.type === 'log' ? e.data : `${e.data.error}\n`))
    .join('');
  assert.ok(found, `the build gave no result: ${log.slice(-2000)}`);
  return { ...found.data, log };
}

/** No dependencies (nothing to install): the build writes a page whose script throws as it loads. */
const THROWS_ON_LOAD = {
  'package.json': JSON.stringify({ name: 'throws', private: true, type: 'module', scripts: { build: 'node build.mjs', start: 'node server.mjs' } }),
  'build.mjs': `import { mkdirSync, writeFileSync } from 'node:fs';
mkdirSync('dist', { recursive: true });
writeFileSync('dist/index.html', '<!doctype html><html><head><meta charset="utf-8"><title>Shelf</title></head><body><div id="root"><h1>Shelf</h1></div><script>throw new Error("The shelf is empty");</script></body></html>');
`,
  'server.mjs': `import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
const page = readFileSync('dist/index.html');
createServer((req, res) => (req.url === '/' ? res.writeHead(200, { 'content-type': 'text/html' }).end(page) : res.writeHead(404).end())).listen(Number(process.env.PORT), '0.0.0.0');
`,
};

before(async () => {
  const images = await timed('images', () => ensureComposeImages());
  const [port, postgresPort, projectsPostgresPort, registryPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  baseUrl = `http://127.0.0.1:${port}`;
  networkExisted = docker(['network', 'inspect', SANDBOX_NETWORK]).status === 0;
  env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...(process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {}),
    FORGE_IMAGE: images.platform,
    FORGE_POSTGRES_IMAGE: images.postgres,
    FORGE_REGISTRY_IMAGE: images.registry,
    FORGE_CHECKER_IMAGE: images.checker,
    REGISTRY_PORT: String(registryPort),
    // The compose file gives the platform the engine's socket; it joins the socket's group.
    DOCKER_GID: String(statSync('/var/run/docker.sock').gid),
    PORT: String(port),
    POSTGRES_PORT: String(postgresPort),
    POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
    PROJECTS_POSTGRES_PORT: String(projectsPostgresPort),
    PROJECTS_POSTGRES_PASSWORD: randomBytes(12).toString('hex'),
    SANDBOX_INSTANCE: instance,
    LLM_PROVIDER: 'offline',
    STOP_GRACE_PERIOD: '15s',
    SHUTDOWN_GRACE_SECONDS: '10',
  };
  // A .env beside the compose file (an operator's) is not read: the settings are all here.
  writeFileSync(join(workDir, 'empty.env'), '');
  // Only what a test needs beyond the compose file: the starter agent streams at once, a failed check
  // goes to no fix attempt (the offline agent's would only cost time), and a label names this process,
  // so a later run removes what a killed one left.
  const owner = `    labels:\n      dev.forge.compose-test-owner: "${process.pid}"\n`;
  writeFileSync(
    join(workDir, 'test.override.yml'),
    `services:\n  forge:\n    environment:\n      OFFLINE_AGENT_CHARS_PER_SECOND: "0"\n      AUTOFIX_MAX_ATTEMPTS: "0"\n${owner}  postgres:\n${owner}  projects-postgres:\n${owner}  registry:\n${owner}  checker:\n${owner}`,
  );
  removeAbandonedRuns();
  console.log(`compose project ${project}: platform ${images.platform}, ${images.postgres}, ${images.registry}, ${images.checker}, sandboxes ${images.sandbox}, port ${port}`);
});

after(async () => {
  const started = Date.now();
  // The platform's own sandbox containers are not the compose project's: they go by their label.
  if (env) removeRun(project, instance);
  // The sandbox bridge is shared by every platform on this engine: removed only if this run made it and nothing uses it.
  if (!networkExisted) docker(['network', 'rm', SANDBOX_NETWORK]);
  rmSync(workDir, { recursive: true, force: true });
  timings.down = (Date.now() - started) / 1000;
  console.log(
    `timings (s): ${Object.entries(timings)
      .map(([name, s]) => `${name} ${s.toFixed(1)}`)
      .join(', ')}`,
  );

  const label = `label=com.docker.compose.project=${project}`;
  assert.deepEqual(docker(['ps', '-aq', '--filter', label]).stdout.trim(), '', 'compose containers left');
  assert.deepEqual(docker(['volume', 'ls', '-q', '--filter', label]).stdout.trim(), '', 'compose volumes left');
  assert.deepEqual(docker(['network', 'ls', '-q', '--filter', label]).stdout.trim(), '', 'compose networks left');
  assert.deepEqual(docker(['ps', '-aq', '--filter', `label=dev.forge.instance=${instance}`]).stdout.trim(), '', 'sandbox containers left');
});

test('docker-compose brings up a platform that builds and previews a project', async (t) => {
  let up = false;
  await t.test('comes up and reports ready and healthy', async () => {
    await timed('up', () => compose(['up', '-d']));
    // The answer that said ready is the one checked: under load a later one may miss the database's 2 s
    // deadline and answer 503, as a readiness probe should.
    let ready;
    await timed('ready', async () => {
      const deadline = Date.now() + READY_TIMEOUT_MS;
      for (;;) {
        const res = await fetch(`${baseUrl}/api/ready`).catch(() => null);
        const status = res?.status ?? 0;
        if (status === 200) {
          ready = await res.json();
          break;
        }
        if (Date.now() > deadline) throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s (last answer ${status}):\n${compose(['logs', '--tail', '40'], { check: false }).stdout}`);
        await sleep(250);
      }
    });
    // The registry service sandboxes install through answers, with the pre-warmed stack in its storage.
    const react = await fetch(`http://127.0.0.1:${env.REGISTRY_PORT}/react`);
    assert.equal(react.status, 200);
    assert.ok('18.3.1' in (await react.json()).versions, 'react 18.3.1 is not in the registry service');
    assert.equal(ready.database, 'ok');
    assert.match(ready.containerEngine, /^Docker Engine /);
    // Docker's own health check (the compose file's) agrees.
    await timed('healthy', async () => {
      const id = compose(['ps', '-q', 'forge']).stdout.trim();
      for (let tries = 0; ; tries++) {
        const health = docker(['inspect', '--format', '{{.State.Health.Status}}', id]).stdout.trim();
        if (health === 'healthy') break;
        assert.ok(tries < 60 && health !== 'unhealthy', `the forge container's health is ${health}`);
        await sleep(500);
      }
    });
    up = true;
  });

  // Each step needs the one before: after a failure the rest are skipped, not failed again.
  let cookie = null;
  let built = false;
  await t.test('signs up and generates a data app with the offline agent', async (st) => {
    if (!up) return st.skip('the platform did not come up');
    // A platform that has just said healthy answers within seconds; what a failed probe met is printed with the
    // platform's log (a fresh-clone run once had this probe fail right after the health checks passed).
    let answered = false;
    let problem = '';
    for (const deadline = Date.now() + 15_000; !answered && Date.now() < deadline;) {
      answered = await fetch(`${baseUrl}/api/health`).then(
        (res) => res.ok || ((problem = `answered ${res.status}`), false),
        (err) => ((problem = `${err.message}${err.cause ? ` (${err.cause.message ?? err.cause})` : ''}`), false),
      );
      if (!answered) {
        console.log(`GET /api/health: ${problem}`);
        await sleep(500);
      }
    }
    assert.ok(answered, `the platform said healthy, then did not answer (${problem}):\n${compose(['logs', '--tail', '60', 'forge'], { check: false }).stdout}`);
    const account = await timed('signup', () => fetch(`${baseUrl}/api/auth/signup`, { method: 'POST' }));
    assert.equal(account.status, 201);
    const session = account.headers.getSetCookie()[0].split(';')[0];
    await timed('generate', async () => {
      const res = await fetch(`${baseUrl}/api/jobs/start`, {
        method: 'POST',
        headers: { Cookie: session, 'Content-Type': 'application/json' },
        body: JSON.stringify({ prompt: 'An online shop for coffee beans called Bean Street', projectName: 'composed' }),
      });
      assert.equal(res.status, 201);
      const { jobId } = await res.json();
      const events = await readEvents(`/api/jobs/${jobId}/stream`, session);
      assert.ok(
        events.some((e) => e.type === 'status' && e.status === 'completed'),
        `the job did not complete: ${JSON.stringify(events.slice(-3))}`,
      );
    });
    cookie = session;
  });

  await t.test('builds it with its own database and serves its preview through the platform', async (st) => {
    if (!cookie) return st.skip('no generated project to build');
    const result = await timed('build', () => buildProject('composed', cookie));
    assert.ok(result.success, `the build failed: ${result.log.slice(-2000)}`);
    // The checker service's browser opened the preview and found nothing wrong.
    assert.equal(result.check, 'passed', `the preview check was not passed: ${result.log.slice(-1000)}`);
    assert.match(result.log, /✅ Checked in a browser in [\d.]+ s: no errors/);
    const preview = await timed('preview', () => getThroughPlatform(result.previewUrl));
    assert.equal(preview.status, 200);
    assert.match(preview.body, /<div id="root">/);
    // The app's database is on the compose file's projects server, reached from the sandbox.
    assert.match(result.log, /Database initialized and seeded/);
    const products = await getThroughPlatform(result.previewUrl, '/api/products');
    assert.equal(products.status, 200, `GET /api/products answered ${products.status}: ${products.body.slice(0, 300)}`);
    assert.ok(JSON.parse(products.body).length > 0, 'the seeded products are served');
    const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
    assert.match(metrics, /^forge_builds_finished_total\{outcome="succeeded"\} 1$/m);
    built = true;
  });

  await t.test('fails the browser check of a page that throws on load, naming the error', async (st) => {
    if (!built) return st.skip('the checking browser was not seen passing a build');
    const saved = await fetch(`${baseUrl}/api/projects/save`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ projectName: 'throws', files: THROWS_ON_LOAD }),
    });
    assert.equal(saved.status, 201);
    const result = await timed('failed check', () => buildProject('throws', cookie));
    assert.equal(result.success, false, 'a page that throws on load was called good');
    assert.equal(result.failedAt, 'runtime');
    assert.equal(result.check, 'failed');
    assert.match(result.log, /❌ Runtime error in the preview: The shelf is empty/);
    assert.match(result.log, /❌ The app failed in the browser: 1 problem found/);
  });
  assert.ok(built, 'the project was not built and previewed');
});
