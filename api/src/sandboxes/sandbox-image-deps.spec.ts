// The sandbox image preinstalls sandbox-image/package.json's dependencies; a generated project is only
// offline-ready when everything a blueprint or the conventions allow is there at the same range.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { ALL_ALLOWED_DEPENDENCIES } from '../agent/offline/blueprints/dependency-versions.js';

const readJson = (relative: string) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
const image = readJson('../../../sandbox-image/package.json') as { name: string; private: boolean; dependencies: Record<string, string> };
const lock = readJson('../../../sandbox-image/package-lock.json') as {
  packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
};

describe('sandbox image dependencies', () => {
  it('is the private forge-sandbox-deps package', () => {
    expect(image.name).toBe('forge-sandbox-deps');
    expect(image.private).toBe(true);
  });

  it('holds every allowed dependency at the range blueprints ask for', () => {
    for (const [name, range] of Object.entries(ALL_ALLOWED_DEPENDENCIES)) {
      expect({ name, range: image.dependencies[name] }).toEqual({ name, range });
    }
  });

  it('holds nothing else but semver, which prepare-workspace.mjs needs', () => {
    const extra = Object.keys(image.dependencies).filter((name) => !(name in ALL_ALLOWED_DEPENDENCIES));
    expect(extra).toEqual(['semver']);
  });

  it('has a lockfile made from this package.json, with every dependency locked', () => {
    expect(lock.packages['']?.dependencies).toEqual(image.dependencies);
    for (const name of Object.keys(image.dependencies)) {
      expect({ name, locked: typeof lock.packages[`node_modules/${name}`]?.version }).toEqual({ name, locked: 'string' });
    }
  });
});
