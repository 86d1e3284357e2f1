import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/app-config.js';
import { SandboxDisks } from '../../src/sandboxes/sandbox-disks.js';

/*
 * Extra Docker hosts on this machine, for scale-out tests: each a `dockerd` in a network namespace of
 * its own, with its own data root, exec root, socket and bridge, on a test bridge in the root namespace
 * at an address from 198.18.0.0/15 (the range set aside for network tests), so the platform reaches
 * each host at its address and its engine through its socket. Everything a run makes is recorded
 * under STATE_ROOT/<run>, so a run that was killed is cleaned up by the next one.
 */

export interface DockerHost {
  name: string;
  /** The host's address, reachable from the root namespace and from the other hosts. */
  address: string;
  /** DOCKER_HOST for its engine. */
  dockerHost: string;
  socketPath: string;
  netns: string;
  dir: string;
}

export interface DockerHosts {
  hosts: DockerHost[];
  /** Seconds each step took, for reports: making the hosts, loading images. */
  timings: { startSeconds: number; imagesSeconds: number };
  /** Removes every container, daemon, namespace, link and directory the run made; safe to call twice. */
  teardown(): Promise<void>;
}

const STATE_ROOT = '/tmp/forge-docker-hosts';
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;
/** Room for one host's images and containers (the sandbox image takes about 0.4 GB). */
const HOST_TMPFS_GB = 3;

/** Why this machine cannot make Docker hosts, or null when it can. */
export function dockerHostsUnavailable(): string | null {
  if (process.platform !== 'linux') return 'Docker hosts in network namespaces need Linux';
  if (process.getuid?.() !== 0) return 'making network namespaces and running dockerd needs root';
  for (const tool of ['ip', 'nsenter', 'dockerd', 'docker', 'iptables']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status !== 0) return `${tool} is not installed`;
  }
  const probe = `fprobe-${randomBytes(3).toString('hex')}`;
  const made = spawnSync('ip', ['netns', 'add', probe], { encoding: 'utf8' });
  if (made.status !== 0) return `ip netns add fails here: ${made.stderr.trim()}`;
  spawnSync('ip', ['netns', 'delete', probe]);
  return null;
}

/**
 * Starts `count` Docker hosts and loads `images` (from this machine's engine) into each.
 * Rejects, after cleaning up what it made, when one does not come up.
 */
export async function startDockerHosts(count: number, options: { images?: string[]; log?: (line: string) => void } = {}): Promise<DockerHosts> {
  const log = options.log ?? (() => {});
  const unavailable = dockerHostsUnavailable();
  if (unavailable) throw new Error(`Cannot make Docker hosts: ${unavailable}`);
  if (count < 1 || count > 8) throw new Error('between 1 and 8 Docker hosts, please: they share this machine');
  await cleanUpAbandonedRuns(log);

  const run = randomBytes(2).toString('hex');
  const runDir = join(STATE_ROOT, run);
  mkdirSync(runDir, { recursive: true });
  const subnet = freeSubnet();
  const bridge = `fbr-${run}`;
  const teardown = once(() => tearDownRun(run, log));

  const started = Date.now();
  try {
    // The hosts' data roots on a tmpfs: loading an image skips the disk, and tearing down is an unmount,
    // not the removal of every file of every image (tens of seconds). Pages are used only as filled.
    sh(['mount', '-t', 'tmpfs', '-o', `size=${count * HOST_TMPFS_GB}g,mode=0700`, 'forge-docker-hosts', runDir]);
    writeFileSync(join(runDir, 'owner.pid'), String(process.pid));
    sh(['ip', 'link', 'add', bridge, 'type', 'bridge']);
    sh(['ip', 'addr', 'add', `198.18.${subnet}.1/24`, 'dev', bridge]);
    sh(['ip', 'link', 'set', bridge, 'up']);
    const hosts: DockerHost[] = [];
    for (let index = 0; index < count; index++) hosts.push(makeHost(run, runDir, index, subnet, bridge));
    await Promise.all(hosts.map((host) => waitForEngine(host)));
    const startSeconds = (Date.now() - started) / 1000;
    log(`${count} Docker host${count === 1 ? '' : 's'} up in ${startSeconds.toFixed(1)} s: ${hosts.map((h) => `${h.name} at ${h.address}`).join(', ')}`);

    const imagesStarted = Date.now();
    for (const image of options.images ?? []) await loadImage(image, hosts, runDir);
    const imagesSeconds = (Date.now() - imagesStarted) / 1000;
    if (options.images?.length) log(`Loaded ${options.images.join(', ')} into each host in ${imagesSeconds.toFixed(1)} s`);
    return { hosts, timings: { startSeconds, imagesSeconds }, teardown };
  } catch (err) {
    await teardown();
    throw err;
  }
}

function makeHost(run: string, runDir: string, index: number, subnet: number, bridge: string): DockerHost {
  const name = `fnode-${run}-${index}`;
  const dir = join(runDir, `host${index}`);
  const address = `198.18.${subnet}.${index + 2}`;
  const outside = `fh-${run}-${index}`;
  const inside = `fn-${run}-${index}`;
  for (const sub of ['data', 'exec']) mkdirSync(join(dir, sub), { recursive: true });
  // Its own settings file: the machine's /etc/docker/daemon.json belongs to the machine's engine.
  writeFileSync(join(dir, 'daemon.json'), '{}\n');

  sh(['ip', 'netns', 'add', name]);
  sh(['ip', 'link', 'add', outside, 'type', 'veth', 'peer', 'name', inside]);
  sh(['ip', 'link', 'set', outside, 'master', bridge, 'up']);
  sh(['ip', 'link', 'set', inside, 'netns', name]);
  const inNs = (args: string[]) => sh(['ip', 'netns', 'exec', name, ...args]);
  inNs(['ip', 'link', 'set', 'lo', 'up']);
  inNs(['ip', 'link', 'set', inside, 'name', 'eth0']);
  inNs(['ip', 'addr', 'add', `${address}/24`, 'dev', 'eth0']);
  inNs(['ip', 'link', 'set', 'eth0', 'up']);
  inNs(['ip', 'route', 'add', 'default', 'via', `198.18.${subnet}.1`]);

  const socketPath = join(dir, 'docker.sock');
  const logFd = openSync(join(dir, 'dockerd.log'), 'a');
  // nsenter, not `ip netns exec`: that one remounts /sys, hiding the cgroup mounts dockerd needs.
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
      `unix://${socketPath}`,
      '--bip',
      `172.31.${250 + (index % 6)}.1/24`,
      '--icc=false',
      '--cgroup-parent',
      name,
    ],
    { detached: true, stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  daemon.unref();
  return { name, address, dockerHost: `unix://${socketPath}`, socketPath, netns: name, dir };
}

async function waitForEngine(host: DockerHost): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await ping(host.socketPath)) return;
    await sleep(100);
  }
  throw new Error(`dockerd of ${host.name} did not answer within ${START_TIMEOUT_MS / 1000} s. Last lines of its log:\n${tail(join(host.dir, 'dockerd.log'), 15)}`);
}

/** `docker save` once, then `docker load` into every host at once. */
async function loadImage(image: string, hosts: DockerHost[], runDir: string): Promise<void> {
  const archive = join(runDir, 'image.tar');
  try {
    sh(['docker', 'save', '-o', archive, image]);
    await Promise.all(
      hosts.map(
        (host) =>
          new Promise<void>((resolve, reject) => {
            const load = spawn('docker', ['-H', host.dockerHost, 'load', '-q', '-i', archive], { stdio: ['ignore', 'ignore', 'pipe'] });
            let errors = '';
            load.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
            load.on('error', reject);
            load.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`docker load of ${image} into ${host.name} failed: ${errors.trim()}`))));
          }),
      ),
    );
  } finally {
    rmSync(archive, { force: true });
  }
}

/** A /24 of 198.18.0.0/16 no interface of this machine uses yet. */
function freeSubnet(): number {
  const used = spawnSync('ip', ['-4', '-o', 'addr', 'show'], { encoding: 'utf8' }).stdout;
  for (let attempt = 0; attempt < 50; attempt++) {
    const subnet = 1 + Math.floor(Math.random() * 254);
    if (!used.includes(` 198.18.${subnet}.`)) return subnet;
  }
  throw new Error('no free /24 in 198.18.0.0/16 for the test hosts');
}

/** Runs left by processes that died (a killed test run) are torn down before a new one starts. */
async function cleanUpAbandonedRuns(log: (line: string) => void): Promise<void> {
  if (!existsSync(STATE_ROOT)) return;
  for (const run of readdirSync(STATE_ROOT)) {
    const owner = Number(readText(join(STATE_ROOT, run, 'owner.pid')));
    if (owner > 0 && processAlive(owner)) continue;
    // A run being made this very moment has not written its owner yet.
    if (!(owner > 0) && Date.now() - statSync(join(STATE_ROOT, run)).mtimeMs < 60_000) continue;
    log(`Cleaning up Docker hosts left by an earlier run (${run})`);
    await tearDownRun(run, log);
  }
}

async function tearDownRun(run: string, log: (line: string) => void): Promise<void> {
  const runDir = join(STATE_ROOT, run);
  const hostDirs = existsSync(runDir) ? readdirSync(runDir).filter((name) => name.startsWith('host')) : [];
  await Promise.all(
    hostDirs.map(async (hostDir) => {
      const index = hostDir.slice('host'.length);
      const dir = join(runDir, hostDir);
      const name = `fnode-${run}-${index}`;
      const socketPath = join(dir, 'docker.sock');
      // Containers first, through their engine, so nothing outlives it.
      if (await ping(socketPath)) {
        const ids = spawnSync('docker', ['-H', `unix://${socketPath}`, 'ps', '-aq'], { encoding: 'utf8' })
          .stdout.split('\n')
          .filter(Boolean);
        if (ids.length > 0) spawnSync('docker', ['-H', `unix://${socketPath}`, 'rm', '-f', '-v', ...ids], { stdio: 'ignore' });
      }
      // The loop disks platforms made for containers on this engine go with it.
      await new SandboxDisks(loadConfig({})).sweep([`unix://${socketPath}`], new Set(), 0);
      await stopDaemon(join(dir, 'docker.pid'), log);
      // Anything still in the namespace (a containerd the daemon left, after a kill) goes too.
      for (const pid of namespacePids(name)) killQuietly(pid, 'SIGKILL');
      unmountUnder(dir);
      spawnSync('ip', ['netns', 'delete', name], { stdio: 'ignore' });
      spawnSync('ip', ['link', 'delete', `fh-${run}-${index}`], { stdio: 'ignore' });
    }),
  );
  spawnSync('ip', ['link', 'delete', `fbr-${run}`], { stdio: 'ignore' });
  removeCgroups(run);
  unmountUnder(runDir);
  rmSync(runDir, { recursive: true, force: true });
}

async function stopDaemon(pidFile: string, log: (line: string) => void): Promise<void> {
  const pid = Number(readText(pidFile));
  if (!(pid > 0) || !processAlive(pid)) return;
  killQuietly(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (processAlive(pid) && Date.now() < deadline) await sleep(100);
  if (processAlive(pid)) {
    log(`dockerd ${pid} did not stop within ${STOP_TIMEOUT_MS / 1000} s: killing it`);
    killQuietly(pid, 'SIGKILL');
  }
}

function namespacePids(netns: string): number[] {
  const listed = spawnSync('ip', ['netns', 'pids', netns], { encoding: 'utf8' });
  return listed.status === 0
    ? listed.stdout
        .split('\n')
        .map(Number)
        .filter((pid) => pid > 0)
    : [];
}

/** The daemons' mounts live in this machine's mount table (only the network is namespaced). */
function unmountUnder(dir: string): void {
  const mounts = readText('/proc/self/mounts')
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((point) => point === dir || point.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length);
  for (const point of mounts) spawnSync('umount', ['-l', point], { stdio: 'ignore' });
}

/** The containers' cgroups (named after their host with --cgroup-parent), once they are empty. */
function removeCgroups(run: string): void {
  // Wherever the engines' cgroup parent landed (under the cgroup of whatever started the tests, too): a
  // container whose shim went with its daemon keeps running there, holding its disk, unless ended here.
  const found = spawnSync('find', ['/sys/fs/cgroup', '-mindepth', '1', '-maxdepth', '6', '-type', 'd', '-name', `fnode-${run}-*`, '-prune'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean);
  for (const dir of found) {
    const pids = spawnSync('find', [dir, '-name', 'cgroup.procs', '-exec', 'cat', '{}', ';'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    for (const pid of pids) killQuietly(Number(pid), 'SIGKILL');
  }
  for (const dir of found) spawnSync('find', [dir, '-depth', '-type', 'd', '-exec', 'rmdir', '{}', ';'], { stdio: 'ignore' });
}

function ping(socketPath: string): Promise<boolean> {
  if (!existsSync(socketPath)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

function sh(args: string[]): void {
  const result = spawnSync(args[0]!, args.slice(1), { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${(result.stderr || result.error?.message || '').trim()}`);
}

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => (running ??= action());
}

/** Running: a zombie (exited, not yet reaped by its parent) counts as gone. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return readText(`/proc/${pid}/stat`).replace(/^.*\) /, '')[0] !== 'Z';
}

function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

function tail(file: string, lines: number): string {
  return readText(file).split('\n').slice(-lines).join('\n');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
