// The test hosts scale-out tests place sandboxes on: two Docker engines on this machine, each in a
// network namespace of its own, each running the sandbox with the platform's own hardening.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../src/config/app-config.js';
import { LABEL, SANDBOX_APP_PORT, SANDBOX_NETWORK, instanceLabels, sandboxContainerOptions } from '../src/sandboxes/container-spec.js';
import { DockerDriver } from '../src/sandboxes/docker.driver.js';
import { type DockerHost, type DockerHosts, dockerHostsUnavailable, processAlive, startDockerHosts } from './support/docker-hosts.js';
import { REPO_ROOT } from './support/platform-process.js';
import { TEST_INSTANCE_PREFIX } from './support/test-app.js';

const unavailable = dockerHostsUnavailable();
// Said out loud, and the tests show as skipped: never a silent pass.
if (unavailable) console.warn(`Skipping the Docker hosts tests: ${unavailable}`);
const describeWithHosts = unavailable ? describe.skip : describe;

const PROBE = [
  'set -e',
  "grep -E '^(NoNewPrivs|CapEff|CapBnd):' /proc/self/status",
  // The project's writable space must run what npm installs there (node_modules/.bin).
  "printf '#!/bin/sh\\necho tmpfs-exec-ok\\n' > /workspace/probe.sh",
  'chmod +x /workspace/probe.sh',
  '/workspace/probe.sh',
  'echo "uid=$(id -u)"',
  'if touch /etc/probe 2>/dev/null; then echo root-writable; else echo root-read-only; fi',
].join('\n');

function driverFor(host: DockerHost, instance: string) {
  const config = loadConfig({ DOCKER_HOST: host.dockerHost, SANDBOX_INSTANCE: instance }, { cwd: REPO_ROOT });
  return { config, docker: new DockerDriver(config.sandboxHosts[0]!) };
}

describeWithHosts(`two Docker hosts in network namespaces${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  let made: DockerHosts;
  const instance = `${TEST_INSTANCE_PREFIX}hosts-${randomUUID().slice(0, 8)}`;
  const image = loadConfig({}, { cwd: REPO_ROOT }).sandbox.image;

  beforeAll(async () => {
    made = await startDockerHosts(2, { images: [image], log: (line) => console.log(line) });
  }, 180_000);
  afterAll(async () => {
    await made?.teardown();
  }, 60_000);

  it("runs the hardened sandbox on each host, reachable at the host's address", async () => {
    expect(made.hosts.map((host) => host.address)).toEqual([expect.stringMatching(/^198\.18\.\d+\.2$/), expect.stringMatching(/^198\.18\.\d+\.3$/)]);
    for (const host of made.hosts) {
      const { config, docker } = driverFor(host, instance);
      expect(await docker.imageExists(image)).toBe(true);
      await docker.ensureNetwork(SANDBOX_NETWORK, { [LABEL.platform]: 'forge' });
      const options = sandboxContainerOptions(config, { id: randomUUID(), name: `smoke-${host.name}`, ownerId: randomUUID() });
      // Published on the host's own address, as a platform on another machine would reach it.
      options.HostConfig!.PortBindings = { [`${SANDBOX_APP_PORT}/tcp`]: [{ HostIp: host.address, HostPort: String(SANDBOX_APP_PORT) }] };
      const id = await docker.createContainer(options);
      await docker.start(id);

      let output = '';
      const { exitCode } = await docker.exec(id, ['bash', '-c', PROBE], { timeoutMs: 30_000, maxOutputBytes: 64 * 1024, onOutput: (chunk) => (output += chunk) });
      expect({ host: host.name, exitCode }).toEqual({ host: host.name, exitCode: 0 });
      expect(output).toMatch(/^NoNewPrivs:\s+1$/m);
      expect(output).toMatch(/^CapEff:\s+0{16}$/m);
      expect(output).toMatch(/^CapBnd:\s+0{16}$/m);
      expect(output).toContain('tmpfs-exec-ok');
      expect(output).toContain('uid=1000');
      expect(output).toContain('root-read-only');

      const server = `require('http').createServer((q, r) => r.end('served by ' + process.env.WHERE)).listen(${SANDBOX_APP_PORT})`;
      await docker.execDetached(id, ['node', '-e', server], { env: { WHERE: host.name } });
      expect(await fetchWithRetry(`http://${host.address}:${SANDBOX_APP_PORT}/`)).toBe(`served by ${host.name}`);
      // Each engine sees its own sandbox only.
      expect((await docker.list(instanceLabels(config))).map((c) => c.id)).toEqual([id]);
    }
  }, 120_000);

  it('tears down every daemon, namespace, link and directory it made', async () => {
    const daemons = made.hosts.map((host) => Number(readFileSync(`${host.dir}/docker.pid`, 'utf8')));
    const started = Date.now();
    await made.teardown();
    console.log(`Docker hosts torn down in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const namespaces = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8' }).stdout;
    const links = spawnSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' }).stdout;
    const mounts = readFileSync('/proc/self/mounts', 'utf8');
    for (const [i, host] of made.hosts.entries()) {
      expect(processAlive(daemons[i]!)).toBe(false);
      expect(namespaces).not.toContain(host.netns);
      expect(existsSync(host.dir)).toBe(false);
      expect(mounts).not.toContain(host.dir);
    }
    const run = made.hosts[0]!.netns.split('-')[1]!;
    expect(links).not.toMatch(new RegExp(`f(br|h)-${run}`));
  }, 60_000);
});

/** The app starts a moment after the exec returns. */
async function fetchWithRetry(url: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      return await res.text();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
