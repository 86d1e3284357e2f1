import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './app-config.js';
import { SHIPPED_SCRIPT_ALLOW_LIST } from './registry-config.js';
import { sandboxFrom } from './sandbox-config.js';
import type { SandboxHostConfig } from './sandbox-hosts-config.js';

const local: SandboxHostConfig[] = [{ name: 'local', docker: null, tls: null, address: null, memoryMb: null, cpus: null }];

describe('package registry settings', () => {
  it('defaults to the managed proxy, the public registry upstream, 48 hours and the shipped allow-list', () => {
    const { registry } = loadConfig({}, { cwd: '/srv/forge' });
    expect(registry).toEqual({
      operatorUrl: null,
      upstream: 'https://registry.npmjs.org/',
      minReleaseAgeHours: 48,
      allowScripts: SHIPPED_SCRIPT_ALLOW_LIST,
      denyPackages: [],
      recipeDir: '/srv/forge/deploy/registry',
      installDir: '/srv/forge/node_modules/.cache/forge-registry',
    });
    expect(registry.allowScripts).toEqual(expect.arrayContaining(['esbuild', '@swc/core']));
  });

  it("takes an operator's proxy, an upstream, an age, more scripts and a deny-list", () => {
    const { registry } = loadConfig({
      NPM_REGISTRY_URL: 'https://npm.corp.example/repository/npm',
      NPM_UPSTREAM_REGISTRY: 'http://mirror.example:8080',
      NPM_MIN_RELEASE_AGE_HOURS: '0',
      NPM_ALLOW_SCRIPTS: 'better-sqlite3, esbuild',
      NPM_DENY_PACKAGES: 'Event-Stream,@evil',
    });
    expect(registry.operatorUrl).toBe('https://npm.corp.example/repository/npm/');
    expect(registry.upstream).toBe('http://mirror.example:8080/');
    expect(registry.minReleaseAgeHours).toBe(0);
    expect(registry.allowScripts.filter((name) => name === 'esbuild')).toHaveLength(1);
    expect(registry.allowScripts).toContain('better-sqlite3');
    expect(registry.denyPackages).toEqual(['event-stream', '@evil']);
  });

  it('names the setting when a value is wrong', () => {
    expect(() => loadConfig({ NPM_REGISTRY_URL: 'ftp://npm.example' })).toThrow('Invalid setting NPM_REGISTRY_URL');
    expect(() => loadConfig({ NPM_MIN_RELEASE_AGE_HOURS: 'two days' })).toThrow('Invalid setting NPM_MIN_RELEASE_AGE_HOURS');
    expect(() => loadConfig({ NPM_ALLOW_SCRIPTS: 'not a name' })).toThrow('Invalid setting NPM_ALLOW_SCRIPTS: "not a name" is not a package name');
    expect(() => loadConfig({ NPM_DENY_PACKAGES: '@' })).toThrow(ConfigError);
  });
});

describe('sandbox disks', () => {
  const disks = (env: Record<string, string>, hosts = local, root = true) => sandboxFrom(env, '/srv/forge', '/srv/forge/.data', null, hosts, root).disks;

  it('are loop disks by default where the platform runs as root with engines on this machine, tmpfs otherwise', () => {
    expect(disks({})).toBe('loop');
    expect(disks({}, local, false)).toBe('tmpfs');
    expect(disks({}, [{ ...local[0]!, name: 'far', docker: 'tcp://10.0.0.5:2376', address: '10.0.0.5' }])).toBe('tmpfs');
    expect(disks({ SANDBOX_DISKS: 'tmpfs' })).toBe('tmpfs');
  });

  it('refuses loop disks where they cannot be made, saying why', () => {
    expect(() => disks({ SANDBOX_DISKS: 'loop' }, local, false)).toThrow('Invalid setting SANDBOX_DISKS: loop disks are not possible here: the platform does not run as root');
    expect(() => disks({ SANDBOX_DISKS: 'ext4' })).toThrow('Invalid setting SANDBOX_DISKS: expected loop or tmpfs');
  });
});
