// sandbox-image/prepare-workspace.mjs decides, inside each sandbox, whether a project's dependencies can
// be linked from the image or need `npm install`. These tests run it against a fake image folder.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface PrepareOptions {
  depsDir: string;
  print: (line: string) => void;
  npmInstall: (projectDir: string) => number;
}
interface PrepareModule {
  STAMP_FILE: string;
  PrepareError: new (message: string) => Error;
  prepareWorkspace(projectDir: string, options: PrepareOptions): number;
  wantedDependencies(manifest: object): { name: string; range: string }[];
}

// A computed specifier: the script is plain ESM outside the TypeScript project, loaded as it is.
const scriptPath = fileURLToPath(new URL('../../../sandbox-image/prepare-workspace.mjs', import.meta.url));
const { prepareWorkspace, wantedDependencies, PrepareError, STAMP_FILE } = (await import(scriptPath)) as PrepareModule;
// The repository's own semver stands in for the image's (any 6.x or 7.x has the same API).
const semverDir = dirname(createRequire(import.meta.url).resolve('semver/package.json'));

const HELD: Record<string, string> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  vite: '8.3.8',
  '@types/react': '19.3.0',
  '@types/node': '22.20.5',
  typescript: '5.9.3',
};

let work: string;
let depsDir: string;
let project: string;
let lines: string[];
let npmRuns: string[];
let npmExitCode: number;

function writeJson(path: string, value: unknown) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

function writeProject(dependencies: Record<string, string>, devDependencies: Record<string, string> = {}) {
  writeJson(join(project, 'package.json'), { name: 'app', private: true, dependencies, devDependencies });
}

function prepare(): number {
  return prepareWorkspace(project, {
    depsDir,
    print: (line) => lines.push(line),
    npmInstall: (dir) => {
      npmRuns.push(dir);
      return npmExitCode;
    },
  });
}

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'forge-prepare-'));
  depsDir = join(work, 'deps');
  project = join(work, 'app');
  const held = join(depsDir, 'node_modules');
  writeJson(join(depsDir, 'package.json'), { name: 'forge-sandbox-deps', private: true, dependencies: HELD });
  for (const [name, version] of Object.entries(HELD)) writeJson(join(held, name, 'package.json'), { name, version });
  writeFileSync(join(held, 'vite', 'cli.js'), '');
  mkdirSync(join(held, '.bin'));
  symlinkSync('../vite/cli.js', join(held, '.bin', 'vite'));
  writeJson(join(held, '.package-lock.json'), { name: 'forge-sandbox-deps', lockfileVersion: 3 });
  symlinkSync(semverDir, join(held, 'semver'));
  mkdirSync(project);
  lines = [];
  npmRuns = [];
  npmExitCode = 0;
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('prepare-workspace', () => {
  it('links the image’s packages into a real node_modules folder when it holds everything', () => {
    writeProject({ react: '^19.3.1', 'react-dom': '^19.3.1' }, { vite: '^8.3.8', '@types/react': '^19.3.0', typescript: '~5.9.0' });

    expect(prepare()).toBe(0);

    expect(lines).toEqual(['📦 All 5 dependencies are preinstalled in the sandbox image; nothing to download']);
    expect(npmRuns).toEqual([]);
    const nodeModules = join(project, 'node_modules');
    expect(lstatSync(nodeModules).isDirectory()).toBe(true);
    expect(readlinkSync(join(nodeModules, 'react'))).toBe(join(depsDir, 'node_modules', 'react'));
    expect(readlinkSync(join(nodeModules, '@types'))).toBe(join(depsDir, 'node_modules', '@types'));
    expect(readlinkSync(join(nodeModules, '.bin'))).toBe(join(depsDir, 'node_modules', '.bin'));
    // Packages the project did not name are there too: the image's tree is linked whole.
    expect(lstatSync(join(nodeModules, 'semver')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(nodeModules, '.package-lock.json'))).toBe(false);
    expect(realpathSync(join(nodeModules, '.bin', 'vite'))).toBe(realpathSync(join(depsDir, 'node_modules', 'vite', 'cli.js')));
    // Tools may write their caches there without touching the image.
    mkdirSync(join(nodeModules, '.vite-temp'));
    expect(existsSync(join(depsDir, 'node_modules', '.vite-temp'))).toBe(false);
  });

  it('does nothing the second time while the dependency lists stay the same', () => {
    writeProject({ react: '^19.0.0' });
    prepare();
    writeJson(join(project, 'package.json'), { name: 'renamed', scripts: { build: 'vite build' }, dependencies: { react: '^19.0.0' } });

    expect(prepare()).toBe(0);

    expect(lines[1]).toBe('📦 Dependencies unchanged since the last build');
  });

  it('prepares again when a range changes', () => {
    writeProject({ react: '^19.0.0' });
    prepare();
    writeProject({ react: '^19.3.0' });

    prepare();

    expect(lines[1]).toBe('📦 All 1 dependencies are preinstalled in the sandbox image; nothing to download');
  });

  it('copies the image’s packages and installs when a package is missing or held at another version', () => {
    writeProject({ react: '^18.2.0', 'left-pad': '^1.3.0' }, { vite: '^8.0.0' });

    expect(prepare()).toBe(0);

    expect(lines).toEqual(['📦 Installing 2 packages the sandbox image does not hold: left-pad@^1.3.0, react@^18.2.0']);
    expect(npmRuns).toEqual([project]);
    const nodeModules = join(project, 'node_modules');
    expect(lstatSync(join(nodeModules, 'vite')).isDirectory()).toBe(true);
    expect(readlinkSync(join(nodeModules, '.bin', 'vite'))).toBe('../vite/cli.js');
    expect(JSON.parse(readFileSync(join(nodeModules, STAMP_FILE), 'utf8')).mode).toBe('installed');

    prepare();
    expect(lines[1]).toBe('📦 Dependencies unchanged since the last build');
  });

  it('treats tags, URLs and aliases as not held', () => {
    writeProject({ react: 'latest', vite: 'npm:rolldown-vite@^7.0.0', typescript: 'github:microsoft/TypeScript' });

    prepare();

    expect(lines[0]).toMatch(/^📦 Installing 3 packages the sandbox image does not hold: react@latest, typescript@github:/);
  });

  it('returns npm’s exit code and leaves no stamp when the install fails, so the next run tries again', () => {
    writeProject({ 'left-pad': '^1.3.0' });
    npmExitCode = 7;

    expect(prepare()).toBe(7);
    expect(existsSync(join(project, 'node_modules', STAMP_FILE))).toBe(false);

    npmExitCode = 0;
    expect(prepare()).toBe(0);
    expect(npmRuns).toHaveLength(2);
  });

  it('replaces a linked tree by a copy when a later package.json needs an install', () => {
    writeProject({ react: '^19.0.0' });
    prepare();
    writeProject({ react: '^19.0.0', 'left-pad': '^1.3.0' });

    prepare();

    expect(lstatSync(join(project, 'node_modules', 'react')).isDirectory()).toBe(true);
    expect(lstatSync(join(project, 'node_modules', 'react')).isSymbolicLink()).toBe(false);
    // The image's own folder is untouched.
    expect(existsSync(join(depsDir, 'node_modules', 'left-pad'))).toBe(false);
  });

  it('explains a missing or broken package.json', () => {
    expect(() => prepare()).toThrow(PrepareError);
    expect(() => prepare()).toThrow(/^❌ package.json not found at /);

    writeFileSync(join(project, 'package.json'), '{ "dependencies": ');
    expect(() => prepare()).toThrow(/^❌ package.json is not valid JSON/);

    writeJson(join(project, 'package.json'), { dependencies: ['react'] });
    expect(() => prepare()).toThrow(/^❌ package.json: "dependencies" must be an object/);
  });

  it('lists dependencies and devDependencies together, sorted by name', () => {
    expect(wantedDependencies({ dependencies: { vite: '^8', react: '^19' }, devDependencies: { '@types/react': '^19' } })).toEqual([
      { name: '@types/react', range: '^19' },
      { name: 'react', range: '^19' },
      { name: 'vite', range: '^8' },
    ]);
  });
});
