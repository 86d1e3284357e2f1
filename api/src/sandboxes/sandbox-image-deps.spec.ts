// The sandbox image preinstalls sandbox-image/package.json's dependencies; a generated project is only
// offline-ready when what it asks for is there: the v1 conventions' packages at a version their ranges
// allow, and the v2 template's pinned stack at exactly its versions.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { ALL_ALLOWED_DEPENDENCIES } from '../agent/v1-dependencies.js';

const readJson = (relative: string) => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8'));
const image = readJson('../../../sandbox-image/package.json') as { name: string; private: boolean; dependencies: Record<string, string> };
const stack = (readJson('../../templates/v2/package.json') as { dependencies: Record<string, string> }).dependencies;
const lock = readJson('../../../sandbox-image/package-lock.json') as {
  packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
};

/** Whether exact version `version` is allowed by caret range `range` (^1.2.3: 1.x from 1.2.3; ^0.2.3: 0.2.x from 0.2.3). */
function caretAllows(range: string, version: string): boolean {
  const floor = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range)?.slice(1).map(Number);
  const held = /^(\d+)\.(\d+)\.(\d+)$/.exec(version)?.slice(1).map(Number);
  if (!floor || !held) return false;
  const [major, minor, patch] = floor as [number, number, number];
  if (held[0] !== major || (major === 0 && held[1] !== minor)) return false;
  return held[1]! > minor || (held[1] === minor && held[2]! >= patch);
}

describe('sandbox image dependencies', () => {
  it('is the private forge-sandbox-deps package', () => {
    expect(image.name).toBe('forge-sandbox-deps');
    expect(image.private).toBe(true);
  });

  it('holds every package of the v2 template at its pinned version', () => {
    for (const [name, version] of Object.entries(stack)) expect({ name, version: image.dependencies[name] }).toEqual({ name, version });
  });

  it('holds every v1 dependency at a version the v1 range allows', () => {
    for (const [name, range] of Object.entries(ALL_ALLOWED_DEPENDENCIES)) {
      const held = image.dependencies[name]!;
      expect({ name, range, held, allowed: held === range || caretAllows(range, held) }).toEqual({ name, range, held, allowed: true });
    }
  });

  it('holds nothing else but semver, which prepare-workspace.mjs needs', () => {
    const extra = Object.keys(image.dependencies).filter((name) => !(name in ALL_ALLOWED_DEPENDENCIES) && !(name in stack));
    expect(extra).toEqual(['semver']);
  });

  it('has a lockfile made from this package.json, with every dependency locked', () => {
    expect(lock.packages['']?.dependencies).toEqual(image.dependencies);
    for (const name of Object.keys(image.dependencies)) {
      expect({ name, locked: typeof lock.packages[`node_modules/${name}`]?.version }).toEqual({ name, locked: 'string' });
    }
  });
});
