import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import { appNodeOptions, egressRules, sandboxContainerOptions, sandboxMemoryLimitMb } from './container-spec.js';

const config = loadConfig({ SANDBOX_INSTANCE: 'test', SANDBOX_MEMORY_MB: '1024', SANDBOX_DISK_MB: '512', SANDBOX_CPUS: '1', SANDBOX_PIDS: '256' }, { cwd: '/srv/forge' });
const project = { id: '6f1c1f0e-0000-4000-8000-000000000001', name: 'my-app', ownerId: '6f1c1f0e-0000-4000-8000-0000000000aa' };

describe('sandboxContainerOptions', () => {
  const options = sandboxContainerOptions(config, project);
  const host = options.HostConfig!;

  it('runs as a user without capabilities or new privileges, on a read-only root', () => {
    expect(options.User).toBe('1000:1000');
    expect(host.CapDrop).toEqual(['ALL']);
    expect(host.CapAdd).toBeUndefined();
    expect(host.Privileged).toBeFalsy();
    expect(host.SecurityOpt).toContain('no-new-privileges');
    expect(host.ReadonlyRootfs).toBe(true);
  });

  it('limits processes, CPU, memory and the writable space', () => {
    expect(host.PidsLimit).toBe(256);
    expect(host.NanoCpus).toBe(1e9);
    expect(host.MemorySwap).toBe(host.Memory);
    expect(host.Tmpfs!['/workspace']).toMatch(/size=512m/);
    // A full disk must be ENOSPC, not an out-of-memory kill: the tmpfs fits inside the memory limit.
    expect(host.Memory!).toBeGreaterThan((1024 + 512) * 1024 * 1024);
  });

  it("gives each disk its own size and the container their sum with the processes' memory as its limit", () => {
    const sized = loadConfig({ SANDBOX_INSTANCE: 'test', SANDBOX_MEMORY_MB: '300', SANDBOX_DISK_MB: '100', SANDBOX_TMP_MB: '40', SANDBOX_HOME_MB: '30' }, { cwd: '/srv/forge' });
    const limits = sandboxContainerOptions(sized, project).HostConfig!;
    expect(limits.Tmpfs!['/workspace']).toMatch(/size=100m/);
    expect(limits.Tmpfs!['/tmp']).toMatch(/size=40m/);
    expect(limits.Tmpfs!['/home/sandbox']).toMatch(/size=30m/);
    expect(sandboxMemoryLimitMb(sized, false)).toBe(470);
    expect(limits.Memory).toBe(470 * 1024 * 1024);
    // The defaults, as the README's settings table adds them up.
    expect(sandboxMemoryLimitMb(loadConfig({ SANDBOX_INSTANCE: 'test', SANDBOX_DISKS: 'tmpfs' }, { cwd: '/srv/forge' }))).toBe(2560);
  });

  it('mounts a loop disk as /workspace and the home folder, whose contents then count as disk, not memory', () => {
    const sized = loadConfig({ SANDBOX_INSTANCE: 'test', SANDBOX_MEMORY_MB: '300', SANDBOX_DISK_MB: '100', SANDBOX_TMP_MB: '40', SANDBOX_HOME_MB: '30' }, { cwd: '/srv/forge' });
    const onDisk = sandboxContainerOptions(sized, project, null, { workspace: '/disks/forge-test-1/mnt/workspace', home: '/disks/forge-test-1/mnt/home' }).HostConfig!;
    expect(onDisk.Binds).toEqual(expect.arrayContaining(['/disks/forge-test-1/mnt/workspace:/workspace:rw', '/disks/forge-test-1/mnt/home:/home/sandbox:rw']));
    expect(Object.keys(onDisk.Tmpfs!)).toEqual(['/tmp']);
    expect(onDisk.Memory).toBe((300 + 40) * 1024 * 1024);
  });

  it('has no Docker socket, no host network and its own bridge', () => {
    expect(JSON.stringify(host.Binds ?? [])).not.toMatch(/docker\.sock/);
    expect(host.NetworkMode).toBe('forge-sandboxes');
    expect(host.NetworkMode).not.toBe('host');
    expect(host.Sysctls).toMatchObject({ 'net.ipv6.conf.all.disable_ipv6': '1' });
  });

  it('is labelled with the platform, the project and its owner', () => {
    expect(options.Labels).toMatchObject({
      'dev.forge.platform': 'forge',
      'dev.forge.instance': 'test',
      'dev.forge.project-id': project.id,
      'dev.forge.project': 'my-app',
      'dev.forge.owner': project.ownerId,
    });
    expect(options.name).toBe(`forge-test-${project.id}`);
  });

  it('mounts the extra CA bundle read-only and points Node at it', () => {
    const withCa = sandboxContainerOptions({ ...config, sandboxCaFile: '/etc/ssl/corp.pem' }, project);
    expect(withCa.HostConfig!.Binds).toContain('/etc/ssl/corp.pem:/etc/forge/extra-ca.pem:ro');
    expect(withCa.Env).toContain('NODE_EXTRA_CA_CERTS=/etc/forge/extra-ca.pem');
  });
});

describe('Node options', () => {
  it('size the heap to the sandbox, and give the running app a small young generation', () => {
    expect(sandboxContainerOptions(config, project).Env).toContain('NODE_OPTIONS=--max-old-space-size=768');
    expect(appNodeOptions(config)).toBe('--max-old-space-size=768 --max-semi-space-size=2');
  });
});

describe('egressRules', () => {
  const rules = egressRules({ nameservers: ['10.255.255.53'], allow: ['10.9.0.0/16'], hostAddresses: ['192.0.2.2'] });
  const lines = rules.split('\n');
  const index = (fragment: string) => lines.findIndex((line) => line.includes(fragment));

  it('lets replies and DNS out before anything is refused', () => {
    expect(index('ESTABLISHED')).toBeLessThan(index('REJECT'));
    expect(index('-d 10.255.255.53 -p udp --dport 53 -j ACCEPT')).toBeLessThan(index('-d 10.0.0.0/8 -p tcp -j REJECT'));
  });

  it('refuses the host, private networks and cloud metadata, but keeps operator exceptions', () => {
    expect(rules).toContain('-A OUTPUT -d 192.0.2.2 -p tcp -j REJECT --reject-with tcp-reset');
    for (const range of ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']) expect(rules).toContain(`-d ${range} -j REJECT`);
    expect(index('-d 10.9.0.0/16 -j ACCEPT')).toBeLessThan(index('-d 10.0.0.0/8'));
    expect(lines.at(-2)).toBe('COMMIT');
  });

  it("opens the projects' database port on the host and nothing else there", () => {
    const withDatabase = egressRules({ nameservers: [], allow: [], hostAddresses: ['172.18.0.1'], openPorts: [{ address: '172.18.0.1', port: 41234 }] }).split('\n');
    const open = withDatabase.indexOf('-A OUTPUT -d 172.18.0.1 -p tcp --dport 41234 -j ACCEPT');
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThan(withDatabase.indexOf('-A OUTPUT -d 172.18.0.1 -p tcp -j REJECT --reject-with tcp-reset'));
    expect(withDatabase.filter((line) => line.includes('ACCEPT') && line.includes('172.18.0.1'))).toHaveLength(1);
  });

  it("refuses every sandbox host and replica, even inside a range the operator allowed, and the test hosts' range", () => {
    const policy = { nameservers: [], allow: ['10.1.0.0/16'], hostAddresses: [], platformAddresses: ['10.1.0.5', '10.1.0.6'] };
    const withNodes = egressRules(policy).split('\n');
    for (const node of policy.platformAddresses) {
      const refused = withNodes.indexOf(`-A OUTPUT -d ${node} -p tcp -j REJECT --reject-with tcp-reset`);
      expect(refused).toBeGreaterThan(0);
      expect(withNodes).toContain(`-A OUTPUT -d ${node} -j REJECT --reject-with icmp-port-unreachable`);
      expect(refused).toBeLessThan(withNodes.indexOf('-A OUTPUT -d 10.1.0.0/16 -j ACCEPT'));
    }
    expect(withNodes).toContain('-A OUTPUT -d 198.18.0.0/15 -p tcp -j REJECT --reject-with tcp-reset');
  });
});

describe('sandboxContainerOptions on a host of several', () => {
  it("publishes the app port on the host's private address only, on a port the engine picks", () => {
    const published = sandboxContainerOptions(config, project, '10.0.0.7').HostConfig!;
    expect(published.PortBindings).toEqual({ '3000/tcp': [{ HostIp: '10.0.0.7', HostPort: '' }] });
    expect(sandboxContainerOptions(config, project).HostConfig!.PortBindings).toBeUndefined();
  });
});
