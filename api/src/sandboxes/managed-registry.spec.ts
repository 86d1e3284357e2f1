import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ManagedRegistry, seedStorage, verdaccioProblem } from './managed-registry.js';

let work: string;
let prewarmed: string;
let storage: string;
let lines: string[];

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'forge-seed-'));
  prewarmed = join(work, 'prewarmed');
  storage = join(work, 'storage');
  mkdirSync(join(prewarmed, 'react'), { recursive: true });
  mkdirSync(join(prewarmed, '@radix-ui', 'react-slot'), { recursive: true });
  writeFileSync(join(prewarmed, 'react', 'package.json'), '{"name":"react","prewarmed":true}');
  writeFileSync(join(prewarmed, 'react', 'react-18.3.1.tgz'), 'tarball');
  writeFileSync(join(prewarmed, '@radix-ui', 'react-slot', 'package.json'), '{"name":"@radix-ui/react-slot"}');
  lines = [];
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('seedStorage', () => {
  it('links every pre-warmed file into the proxy’s storage, scopes included', async () => {
    await seedStorage(prewarmed, storage, (line) => lines.push(line));

    expect(readFileSync(join(storage, 'react', 'react-18.3.1.tgz'), 'utf8')).toBe('tarball');
    expect(statSync(join(storage, 'react', 'react-18.3.1.tgz')).ino).toBe(statSync(join(prewarmed, 'react', 'react-18.3.1.tgz')).ino);
    expect(readFileSync(join(storage, '@radix-ui', 'react-slot', 'package.json'), 'utf8')).toContain('react-slot');
    expect(lines).toEqual([expect.stringMatching(/^Package registry proxy: 3 pre-warmed files added to its storage/)]);
  });

  it('keeps what the proxy fetched since (newer than the pre-warmed copy), and does nothing the second time', async () => {
    mkdirSync(join(storage, 'react'), { recursive: true });
    writeFileSync(join(storage, 'react', 'package.json'), '{"name":"react","fetched":"later"}');
    const past = new Date(Date.now() - 3600_000);
    utimesSync(join(prewarmed, 'react', 'package.json'), past, past);

    await seedStorage(prewarmed, storage, (line) => lines.push(line));
    expect(readFileSync(join(storage, 'react', 'package.json'), 'utf8')).toContain('later');

    await seedStorage(prewarmed, storage, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
  });
});

describe('verdaccioProblem', () => {
  it('passes on errors and leaves warnings and other output alone', () => {
    expect(verdaccioProblem('{"level":50,"msg":"uplink upstream is offline"}')).toBe('uplink upstream is offline');
    expect(verdaccioProblem('{"level":40,"msg":"you are using Node.js v20"}')).toBeNull();
    expect(verdaccioProblem('(node:1) Warning: something')).toBeNull();
  });
});

/** Stands in for deploy/registry/runner.mjs: answers /-/ping on each address, says READY, ends with its stdin. */
const FAKE_RUNNER = `import { createServer } from 'node:http';
const addresses = process.argv.slice(3).filter((arg) => arg !== '--exit-with-stdin');
await Promise.all(addresses.map((address) => new Promise((done) => {
  const at = address.lastIndexOf(':');
  createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}')).listen(Number(address.slice(at + 1)), address.slice(0, at), done);
})));
console.log('READY ' + addresses.join(' '));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

describe('ManagedRegistry', () => {
  const registries: ManagedRegistry[] = [];
  const registry = () => {
    const made = new ManagedRegistry({
      runner: join(work, 'runner.mjs'),
      verdaccioDir: work,
      dir: join(work, 'registry'),
      listenHosts: ['127.0.0.1'],
      settings: { upstream: 'http://127.0.0.1:9/', minReleaseAgeHours: 48, denyPackages: [] },
      prewarmedStorage: prewarmed,
      runAs: null,
      log: (line) => lines.push(line),
      warn: (line) => lines.push(line),
    });
    registries.push(made);
    return made;
  };
  const pings = (port: number) =>
    fetch(`http://127.0.0.1:${port}/-/ping`).then(
      (res) => res.ok,
      () => false,
    );

  beforeEach(() => writeFileSync(join(work, 'runner.mjs'), FAKE_RUNNER));
  afterEach(async () => {
    for (const made of registries.splice(0)) await made.stop();
  });

  it('starts the proxy on a port it keeps, with its configuration and seeded storage', async () => {
    const sut = registry();
    await sut.prepare();
    await sut.run();

    expect(await sut.whenReady(1000)).toBe(true);
    expect(await pings(sut.port)).toBe(true);
    expect(JSON.parse(readFileSync(join(work, 'registry', 'config.yaml'), 'utf8')).storage).toBe(join(work, 'registry', 'storage'));
    expect(readFileSync(join(work, 'registry', 'storage', 'react', 'react-18.3.1.tgz'), 'utf8')).toBe('tarball');
    expect(JSON.parse(readFileSync(join(work, 'registry', 'port.json'), 'utf8')).port).toBe(sut.port);
  });

  it('shares the proxy a replica on this machine runs, and starts its own on the same port once that one is gone', async () => {
    const first = registry();
    await first.prepare();
    await first.run();
    const second = registry();
    await second.prepare();
    await second.run();
    expect(second.port).toBe(first.port);
    expect(lines).toContain(`The package registry proxy on port ${first.port} is run by another platform process of this data directory: using it`);

    await first.stop();

    for (let i = 0; i < 100 && !lines.some((line) => line.includes('is gone with the process that ran it')); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await second.whenReady(5000)).toBe(true);
    expect(await pings(second.port)).toBe(true);
  }, 20_000);
});
