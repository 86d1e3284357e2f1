import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { seedStorage, verdaccioProblem } from './managed-registry.js';

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
