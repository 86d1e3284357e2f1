import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from './env.js';
import { sandboxHostsFrom } from './sandbox-hosts-config.js';

describe(sandboxHostsFrom.name, () => {
  it('is the local engine alone when unset, named local, as a single machine always ran', () => {
    expect(sandboxHostsFrom({})).toEqual([{ name: 'local', docker: null, tls: null, address: null, memoryMb: null, cpus: null }]);
    expect(sandboxHostsFrom({ DOCKER_HOST: 'unix:///run/user/docker.sock' })[0]).toMatchObject({ name: 'local', docker: 'unix:///run/user/docker.sock' });
  });

  it('reads entries separated by newlines or commas, fields by semicolons', () => {
    const hosts = sandboxHostsFrom({
      SANDBOX_HOSTS: 'name=a;docker=unix:///var/run/docker.sock;address=10.0.0.1;memoryMb=8192;cpus=4,\n name=b ; docker=tcp://10.0.0.2:2375 ; address=10.0.0.2 ; cpus=2.5\n',
    });
    expect(hosts).toEqual([
      { name: 'a', docker: 'unix:///var/run/docker.sock', tls: null, address: '10.0.0.1', memoryMb: 8192, cpus: 4 },
      { name: 'b', docker: 'tcp://10.0.0.2:2375', tls: null, address: '10.0.0.2', memoryMb: null, cpus: 2.5 },
    ]);
  });

  it('takes TLS files for a tcp engine, all three together, when they exist', () => {
    const dir = mkdtempSync(join(tmpdir(), 'forge-tls-'));
    for (const name of ['ca.pem', 'cert.pem', 'key.pem']) writeFileSync(join(dir, name), 'x');
    const tls = `tlsCa=${dir}/ca.pem;tlsCert=${dir}/cert.pem;tlsKey=${dir}/key.pem`;
    expect(sandboxHostsFrom({ SANDBOX_HOSTS: `name=a;docker=tcp://10.0.0.2:2376;address=10.0.0.2;${tls}` })[0]!.tls).toEqual({ ca: `${dir}/ca.pem`, cert: `${dir}/cert.pem`, key: `${dir}/key.pem` });
    expect(() => sandboxHostsFrom({ SANDBOX_HOSTS: `name=a;docker=tcp://10.0.0.2:2376;address=10.0.0.2;tlsCa=${dir}/ca.pem` })).toThrow('tlsCa, tlsCert and tlsKey go together');
    expect(() => sandboxHostsFrom({ SANDBOX_HOSTS: `name=a;docker=tcp://10.0.0.2:2376;address=10.0.0.2;tlsCa=${dir}/nope;tlsCert=${dir}/cert.pem;tlsKey=${dir}/key.pem` })).toThrow('no TLS ca file');
    expect(() => sandboxHostsFrom({ SANDBOX_HOSTS: `name=a;docker=unix:///x.sock;${tls}` })).toThrow('only apply to a tcp:// engine');
  });

  it('lets a local socket leave out the address (the bridge is used), never a tcp engine', () => {
    expect(sandboxHostsFrom({ SANDBOX_HOSTS: 'name=a;docker=unix:///var/run/docker.sock' })[0]!.address).toBeNull();
    expect(() => sandboxHostsFrom({ SANDBOX_HOSTS: 'name=a;docker=tcp://10.0.0.2:2375' })).toThrow('needs address=');
  });

  it.each([
    ['name=A;docker=unix:///x.sock', 'name=<lower-case'],
    ['docker=unix:///x.sock', 'every host needs name='],
    ['name=a;docker=http://x:1', 'docker= must be unix:///'],
    ['name=a;docker=unix:///x.sock;address=10.0.0.300', 'address= must be'],
    ['name=a;docker=unix:///x.sock;memoryMb=1.5', 'memoryMb= must be a positive whole number'],
    ['name=a;docker=unix:///x.sock;cpus=0', 'cpus= must be a positive number'],
    ['name=a;docker=unix:///x.sock;colour=red', 'is not one of'],
    ['name=a;docker=unix:///x.sock,name=a;docker=unix:///y.sock', 'used twice'],
    [' , ', 'names no host'],
  ])('stops the start naming SANDBOX_HOSTS for %s', (value, problem) => {
    let error: unknown;
    try {
      sandboxHostsFrom({ SANDBOX_HOSTS: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/^Invalid setting SANDBOX_HOSTS: /);
    expect((error as Error).message).toContain(problem);
  });
});
