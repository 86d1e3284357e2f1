// Docker for `npm start` and `npm test`: find a running engine, or (as root on Debian) install
// docker.io and start dockerd in the background. Never throws; callers decide how bad "no Docker" is.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { dirname } from 'node:path';
import { log } from './setup.mjs';

const DEFAULT_SOCKET = '/var/run/docker.sock';
export const DOCKERD_LOG = '/var/log/forge-dockerd.log';
const START_TIMEOUT_MS = 60_000;

/** Where the engine is: DOCKER_HOST, or the default socket (the only one we may start an engine for). */
export function dockerEndpoint(env = process.env) {
  const host = env.DOCKER_HOST?.trim();
  if (!host) return { label: `unix://${DEFAULT_SOCKET}`, socketPath: DEFAULT_SOCKET, startable: true };
  if (host.startsWith('unix://')) {
    const socketPath = host.slice('unix://'.length);
    return { label: host, socketPath, startable: socketPath === DEFAULT_SOCKET };
  }
  if (/^(tcp|http):\/\//.test(host) && !env.DOCKER_TLS_VERIFY) {
    const url = new URL(host.replace(/^tcp:/, 'http:'));
    return { label: host, hostname: url.hostname, port: Number(url.port || 2375), startable: false };
  }
  return { label: host, cli: true, startable: false };
}

/** Asks the engine GET /_ping: resolves to null when it answers, else to what went wrong. */
export function probeDocker(endpoint = dockerEndpoint(), timeoutMs = 2000) {
  if (endpoint.cli) {
    const result = spawnSync('docker', ['version', '--format', '{{.Server.Version}}'], { encoding: 'utf8', timeout: timeoutMs * 3 });
    return Promise.resolve(result.status === 0 ? null : (result.stderr || '').trim().split('\n')[0] || 'docker version failed');
  }
  return new Promise((resolve) => {
    const target = endpoint.socketPath ? { socketPath: endpoint.socketPath } : { host: endpoint.hostname, port: endpoint.port };
    const request = http.get({ ...target, path: '/_ping', timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode === 200 ? null : `GET /_ping answered ${response.statusCode}`);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (err) => {
      if (err.code === 'EACCES') resolve(`permission denied on ${endpoint.socketPath} (run as root or join the docker group)`);
      else if (err.code === 'ENOENT') resolve('no engine is running');
      else resolve(err.code ?? err.message);
    });
  });
}

/** True when the engine answers GET /_ping within the timeout. */
export async function pingDocker(endpoint = dockerEndpoint(), timeoutMs = 2000) {
  return (await probeDocker(endpoint, timeoutMs)) === null;
}

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function tail(file, lines) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function canUseApt() {
  return process.getuid?.() === 0 && existsSync('/etc/debian_version') && onPath('apt-get');
}

function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env };
  const update = spawnSync('apt-get', ['update', '-qq'], quiet);
  if (update.status !== 0) return `apt-get update failed (exit code ${update.status})`;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', ...packages], quiet);
  return install.status === 0 ? null : `apt-get install ${packages.join(' ')} failed (exit code ${install.status})`;
}

/** Starts dockerd in its own session, so it outlives this process; output goes to DOCKERD_LOG. */
function startDockerd() {
  mkdirSync(dirname(DOCKERD_LOG), { recursive: true });
  const fd = openSync(DOCKERD_LOG, 'a');
  const child = spawn('dockerd', [], { detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const state = { exited: null, exitedAt: 0 };
  const exited = (why) => Object.assign(state, { exited: why, exitedAt: Date.now() });
  child.on('error', (err) => exited(err.message));
  child.on('exit', (code, signal) => exited(`dockerd exited (${code ?? signal})`));
  child.unref();
  return state;
}

/**
 * Makes sure a Docker engine answers and the docker CLI is present.
 * With `install` (and root on Debian): installs docker.io when dockerd is missing and starts dockerd.
 * Resolves to { ok: true, detail } or { ok: false, reason } and never throws.
 */
export async function ensureDocker({ install = false } = {}) {
  try {
    const endpoint = dockerEndpoint();
    const problem = await probeDocker(endpoint);
    const answering = problem === null;
    if (answering && onPath('docker')) return { ok: true, detail: `Docker answers at ${endpoint.label}` };

    const missing = [answering ? null : `nothing answers at ${endpoint.label}: ${problem}`, onPath('docker') ? null : 'the docker command is not installed'].filter(Boolean).join(' and ');
    // A running engine this user may not use: starting another would not help.
    if (!install || problem?.startsWith('permission denied')) return { ok: false, reason: missing };
    if (!answering && !endpoint.startable) return { ok: false, reason: `${missing}; DOCKER_HOST names an engine this script does not start` };
    if (!canUseApt() && (!onPath('dockerd') || !onPath('docker'))) {
      return { ok: false, reason: `${missing}; install Docker Engine (Debian: sudo apt-get install -y docker.io) and start dockerd` };
    }

    if (!onPath('dockerd') || !onPath('docker')) {
      log('Installing Docker Engine (apt-get install docker.io)...');
      const started = Date.now();
      const failure = aptInstall(['docker.io']);
      if (failure) return { ok: false, reason: `${missing}; ${failure}` };
      log(`Docker Engine installed (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
    if (answering) return { ok: true, detail: `Docker answers at ${endpoint.label}` };
    if (process.getuid?.() !== 0) return { ok: false, reason: `${missing}; start dockerd (as root) or point DOCKER_HOST at a running engine` };

    log(`Starting dockerd in the background (log: ${DOCKERD_LOG})...`);
    const dockerd = startDockerd();
    const started = Date.now();
    let nextNote = started + 10_000;
    while (Date.now() - started < START_TIMEOUT_MS) {
      if (await pingDocker(endpoint, 1000)) {
        log(`Docker is up (${((Date.now() - started) / 1000).toFixed(1)} s)`);
        return { ok: true, detail: `dockerd started by this script, answering at ${endpoint.label}` };
      }
      // Ours exits at once when another dockerd is already starting: give that one a few seconds.
      if (dockerd.exited && Date.now() - dockerd.exitedAt > 5000) break;
      if (Date.now() > nextNote) {
        log(`  … still waiting for dockerd (${((Date.now() - started) / 1000).toFixed(0)} s)`);
        nextNote += 10_000;
      }
      await sleep(500);
    }
    const why = dockerd.exited ?? `no answer within ${START_TIMEOUT_MS / 1000} s`;
    return { ok: false, reason: `dockerd did not come up: ${why}. Last lines of ${DOCKERD_LOG}:\n${tail(DOCKERD_LOG, 15)}` };
  } catch (err) {
    return { ok: false, reason: `checking Docker failed: ${err.message}` };
  }
}

/**
 * docker-compose (v1, Debian's package) for the compose test, installed with apt when missing.
 * Resolves to { ok: true, version } or { ok: false, reason }; never throws.
 */
export function ensureDockerCompose() {
  const version = () => spawnSync('docker-compose', ['version', '--short'], { encoding: 'utf8' });
  let found = version();
  if (found.status !== 0) {
    if (!canUseApt()) return { ok: false, reason: 'docker-compose is not installed (Debian: sudo apt-get install -y docker-compose)' };
    log('Installing docker-compose (apt-get install docker-compose)...');
    const failure = aptInstall(['--no-install-recommends', 'docker-compose']);
    if (failure) return { ok: false, reason: failure };
    found = version();
    if (found.status !== 0) return { ok: false, reason: `docker-compose does not run: ${(found.stderr || '').trim()}` };
  }
  return { ok: true, version: found.stdout.trim() };
}
