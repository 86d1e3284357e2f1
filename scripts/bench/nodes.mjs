// Sandboxes on another Docker host: what the API's preview proxy adds to a request to an app running
// on a host of its own (a dockerd in a network namespace, at a 198.18.0.0/15 address, as the scale-out
// tests make them), against the same request sent straight to the app's published address.
// Runs the built platform (api/dist) with SANDBOX_HOSTS naming that host only.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxImageTag } from '../../api/dist/config/app-config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_NODES_PORT ?? 3392);
const base = `http://127.0.0.1:${PORT}`;
const INSTANCE = `bench-nodes-${process.pid}`;
const REQUESTS = 1000;
const WARMUP = 100;

const APP = {
  'package.json': JSON.stringify({ name: 'latency', private: true, scripts: { build: 'node -e "0"', start: 'node server.js' } }),
  'server.js': "require('node:http').createServer((req, res) => res.end('ok')).listen(Number(process.env.PORT), '0.0.0.0');\n",
};

function sh(args) {
  const result = spawnSync(args[0], args.slice(1), { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${(result.stderr || result.error?.message || '').trim()}`);
  return result.stdout;
}

/** Why this machine cannot make a Docker host, or null. */
function unavailable() {
  if (process.getuid?.() !== 0) return 'making a network namespace and running dockerd needs root';
  for (const tool of ['ip', 'nsenter', 'dockerd', 'docker']) if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed`;
  try {
    execFileSync('docker', ['version'], { stdio: 'ignore' });
  } catch {
    return 'Docker is not running';
  }
  return null;
}

/** One dockerd in a network namespace of its own, on a veth to this machine; `teardown` undoes all of it. */
async function startHost(image) {
  const run = randomBytes(2).toString('hex');
  const name = `fbench-${run}`;
  const outside = `fbo-${run}`;
  const subnet = 1 + Math.floor(Math.random() * 254);
  const dir = mkdtempSync(join(tmpdir(), 'forge-bench-node-'));
  const host = { name, dir, address: `198.18.${subnet}.2`, gateway: `198.18.${subnet}.1`, socket: join(dir, 'docker.sock') };
  host.teardown = () => {
    const pid = Number(readFileSync(join(dir, 'docker.pid'), 'utf8').trim() || 0);
    if (spawnSync('docker', ['-H', `unix://${host.socket}`, 'version'], { stdio: 'ignore' }).status === 0) {
      const ids = spawnSync('docker', ['-H', `unix://${host.socket}`, 'ps', '-aq'], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter(Boolean);
      if (ids.length) spawnSync('docker', ['-H', `unix://${host.socket}`, 'rm', '-f', '-v', ...ids], { stdio: 'ignore' });
    }
    if (pid > 0) spawnSync('kill', ['-TERM', String(pid)]);
    for (let i = 0; i < 150 && pid > 0 && spawnSync('kill', ['-0', String(pid)]).status === 0; i++) spawnSync('sleep', ['0.1']);
    const left = spawnSync('ip', ['netns', 'pids', name], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    if (left.length) spawnSync('kill', ['-KILL', ...left]);
    const mounts = readFileSync('/proc/self/mounts', 'utf8')
      .split('\n')
      .map((line) => line.split(' ')[1] ?? '')
      .filter((point) => point === dir || point.startsWith(`${dir}/`));
    for (const point of mounts.sort((a, b) => b.length - a.length)) spawnSync('umount', ['-l', point]);
    spawnSync('ip', ['netns', 'delete', name]);
    spawnSync('ip', ['link', 'delete', outside]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    sh(['mount', '-t', 'tmpfs', '-o', 'size=3g,mode=0700', 'forge-bench-node', dir]);
    for (const sub of ['data', 'exec']) mkdirSync(join(dir, sub));
    writeFileSync(join(dir, 'daemon.json'), '{}\n');
    sh(['ip', 'netns', 'add', name]);
    sh(['ip', 'link', 'add', outside, 'type', 'veth', 'peer', 'name', `fbi-${run}`]);
    sh(['ip', 'addr', 'add', `${host.gateway}/24`, 'dev', outside]);
    sh(['ip', 'link', 'set', outside, 'up']);
    sh(['ip', 'link', 'set', `fbi-${run}`, 'netns', name]);
    for (const args of [
      ['link', 'set', 'lo', 'up'],
      ['link', 'set', `fbi-${run}`, 'name', 'eth0'],
      ['addr', 'add', `${host.address}/24`, 'dev', 'eth0'],
      ['link', 'set', 'eth0', 'up'],
      ['route', 'add', 'default', 'via', host.gateway],
    ]) {
      sh(['ip', 'netns', 'exec', name, 'ip', ...args]);
    }
    const log = openSync(join(dir, 'dockerd.log'), 'a');
    const daemon = spawn(
      'nsenter',
      [
        `--net=/run/netns/${name}`,
        'dockerd',
        '--config-file',
        join(dir, 'daemon.json'),
        '--data-root',
        join(dir, 'data'),
        '--exec-root',
        join(dir, 'exec'),
        '--pidfile',
        join(dir, 'docker.pid'),
        '-H',
        `unix://${host.socket}`,
        '--bip',
        '172.31.249.1/24',
        '--icc=false',
        '--cgroup-parent',
        name,
      ],
      { detached: true, stdio: ['ignore', log, log] },
    );
    closeSync(log);
    daemon.unref();
    for (let i = 0; spawnSync('docker', ['-H', `unix://${host.socket}`, 'version'], { stdio: 'ignore' }).status !== 0; i++) {
      if (i > 300) throw new Error(`dockerd in ${name} did not start:\n${readFileSync(join(dir, 'dockerd.log'), 'utf8').slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    sh(['sh', '-c', `docker save ${image} | docker -H unix://${host.socket} load -q`]);
    return host;
  } catch (err) {
    host.teardown();
    throw err;
  }
}

/**
 * p50 in ms of REQUESTS GETs straight to the app and as many through the API, each on one kept-alive
 * connection, taken in turns so that whatever else this machine does weighs on both alike.
 */
async function p50s(direct, proxied) {
  const timer = ({ host, port, headers = {} }) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const once = () =>
      new Promise((resolve, reject) => {
        const started = process.hrtime.bigint();
        httpGet({ host, port, path: '/', headers, agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`answered ${res.statusCode}`))));
        }).on('error', reject);
      });
    return { once, close: () => agent.destroy() };
  };
  const a = timer(direct);
  const b = timer(proxied);
  for (let i = 0; i < WARMUP; i++) await Promise.all([a.once(), b.once()]);
  const times = { direct: [], proxied: [] };
  for (let i = 0; i < REQUESTS; i++) {
    times.direct.push(await a.once());
    times.proxied.push(await b.once());
  }
  a.close();
  b.close();
  const median = (values) => values.sort((x, y) => x - y)[values.length >> 1];
  return { direct: median(times.direct), proxied: median(times.proxied) };
}

export async function benchNodes() {
  const why = unavailable();
  if (why) return [['Preview on another Docker host', `skipped: ${why}`, '', false]];
  const image = sandboxImageTag(join(root, 'sandbox-image'));
  const host = await startHost(image);
  const dataDir = mkdtempSync(join(tmpdir(), 'forge-bench-nodes-'));
  const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      SANDBOX_INSTANCE: INSTANCE,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      LLM_PROVIDER: 'offline',
      DATABASE_URL: '',
      PREVIEW_CHECKS: '0',
      SANDBOX_HOSTS: `name=remote;docker=unix://${host.socket};address=${host.address}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (
      let i = 0;
      !(await fetch(`${base}/api/health`).then(
        (res) => res.ok,
        () => false,
      ));
      i++
    ) {
      if (i > 1200) throw new Error('the platform did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const cookie = (await fetch(`${base}/api/auth/signup`, { method: 'POST' })).headers.get('set-cookie').split(';')[0];
    const saved = await fetch(`${base}/api/projects/save`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ projectName: 'latency', files: APP }),
    });
    if (!saved.ok) throw new Error(`saving answered ${saved.status}`);
    const stream = await (await fetch(`${base}/api/projects/latency/build`, { method: 'POST', headers: { Cookie: cookie } })).text();
    const previewUrl = /"previewUrl":"([^"]+)"/.exec(stream)?.[1];
    if (!previewUrl) throw new Error(`the build did not succeed:\n${stream.slice(-2000)}`);
    // Where the proxy forwards: the app's port, published on the host's address.
    const published = sh(['docker', '-H', `unix://${host.socket}`, 'ps', '--filter', `label=dev.forge.instance=${INSTANCE}`, '--format', '{{.Ports}}']);
    const [, address, port] = /(\d+\.\d+\.\d+\.\d+):(\d+)->3000\/tcp/.exec(published) ?? [];
    if (!address) throw new Error(`no published app port on the host: ${published}`);
    const { direct, proxied } = await p50s({ host: address, port: Number(port) }, { host: '127.0.0.1', port: PORT, headers: { host: new URL(previewUrl).host } });
    const added = proxied - direct;
    return [
      [
        `Preview request through the API to a sandbox on another host, added p50 (${REQUESTS} requests, keep-alive)`,
        `${added.toFixed(2)} ms (${proxied.toFixed(2)} through the API, ${direct.toFixed(2)} direct)`,
        '≤ 2 ms',
        added <= 2,
      ],
    ];
  } finally {
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    host.teardown();
  }
}
