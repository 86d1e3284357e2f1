// sandbox-image/prepare-workspace.mjs decides, inside each sandbox, whether a project's dependencies are
// kept, linked from the image, or installed (npm ci or npm install) through the registry proxy under the
// platform's policy. These tests run it against a fake image folder and a fake npm.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Policy {
  registry: string | null;
  allowScripts: Set<string>;
  deny: string[];
  minAgeHours: number;
}
interface PrepareOptions {
  depsDir: string;
  print: (line: string) => void;
  npm: (args: string[], options: { cwd: string }) => Promise<{ code: number; output: string }>;
  policy: Policy;
}
interface PrepareModule {
  STAMP_FILE: string;
  PrepareError: new (message: string) => Error;
  prepareWorkspace(projectDir: string, options: PrepareOptions): Promise<number>;
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
let npmRuns: string[][];
let npmExitCode: number;
let npmOutput: string;
let policy: Policy;
/** What the fake npm leaves in node_modules after an install: npm's hidden lockfile. */
let installedTree: Record<string, object>;

function writeJson(path: string, value: unknown) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2));
}

function writeProject(dependencies: Record<string, string>, devDependencies: Record<string, string> = {}) {
  writeJson(join(project, 'package.json'), { name: 'app', private: true, dependencies, devDependencies });
}

function prepare(): Promise<number> {
  return prepareWorkspace(project, {
    depsDir,
    print: (line) => lines.push(line),
    policy,
    npm: async (args, { cwd }) => {
      expect(cwd).toBe(project);
      npmRuns.push(args);
      if (npmExitCode === 0 && args[0] !== 'rebuild') writeJson(join(project, 'node_modules', '.package-lock.json'), { lockfileVersion: 3, packages: installedTree });
      return { code: npmExitCode, output: npmOutput };
    },
  });
}

const REGISTRY = 'http://172.30.0.1:4873/';

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
  npmOutput = '';
  policy = { registry: REGISTRY, allowScripts: new Set(['esbuild']), deny: [], minAgeHours: 48 };
  installedTree = {};
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('prepare-workspace', () => {
  it('links the image’s packages into a real node_modules folder when it holds everything', async () => {
    writeProject({ react: '^19.3.1', 'react-dom': '^19.3.1' }, { vite: '^8.3.8', '@types/react': '^19.3.0', typescript: '~5.9.0' });

    expect(await prepare()).toBe(0);

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

  it('does nothing the second time while the dependency lists stay the same', async () => {
    writeProject({ react: '^19.0.0' });
    await prepare();
    writeJson(join(project, 'package.json'), { name: 'renamed', scripts: { build: 'vite build' }, dependencies: { react: '^19.0.0' } });

    expect(await prepare()).toBe(0);

    expect(lines[1]).toBe('📦 Dependencies unchanged since the last build');
  });

  it('prepares again when a range changes', async () => {
    writeProject({ react: '^19.0.0' });
    await prepare();
    writeProject({ react: '^19.3.0' });

    await prepare();

    expect(lines[1]).toBe('📦 All 1 dependencies are preinstalled in the sandbox image; nothing to download');
  });

  it('copies the image’s packages and installs through the proxy when a package is missing or held at another version', async () => {
    writeProject({ react: '^18.2.0', 'left-pad': '^1.3.0' }, { vite: '^8.0.0' });

    expect(await prepare()).toBe(0);

    expect(lines).toEqual(['📦 Installing 2 packages the sandbox image does not hold: left-pad@^1.3.0, react@^18.2.0']);
    expect(npmRuns).toHaveLength(1);
    expect(npmRuns[0]!.slice(0, 2)).toEqual(['install', `--registry=${REGISTRY}`]);
    expect(npmRuns[0]).toEqual(expect.arrayContaining(['--ignore-scripts', '--replace-registry-host=always', '--noproxy=172.30.0.1', '--https-proxy=http://127.0.0.1:9']));
    const nodeModules = join(project, 'node_modules');
    expect(lstatSync(join(nodeModules, 'vite')).isDirectory()).toBe(true);
    expect(readlinkSync(join(nodeModules, '.bin', 'vite'))).toBe('../vite/cli.js');
    expect(JSON.parse(readFileSync(join(nodeModules, STAMP_FILE), 'utf8')).mode).toBe('installed');

    await prepare();
    expect(lines[1]).toBe('📦 Dependencies unchanged since the last build');
  });

  it('treats tags and aliases as not held', async () => {
    writeProject({ react: 'latest', vite: 'npm:rolldown-vite@^7.0.0' });

    await prepare();

    expect(lines[0]).toBe('📦 Installing 2 packages the sandbox image does not hold: react@latest, vite@npm:rolldown-vite@^7.0.0');
  });

  it('returns npm’s exit code and leaves no stamp when the install fails, so the next run tries again', async () => {
    writeProject({ 'left-pad': '^1.3.0' });
    npmExitCode = 7;

    expect(await prepare()).toBe(7);
    expect(existsSync(join(project, 'node_modules', STAMP_FILE))).toBe(false);

    npmExitCode = 0;
    expect(await prepare()).toBe(0);
    expect(npmRuns).toHaveLength(2);
  });

  it('replaces a linked tree by a copy when a later package.json needs an install', async () => {
    writeProject({ react: '^19.0.0' });
    await prepare();
    writeProject({ react: '^19.0.0', 'left-pad': '^1.3.0' });

    await prepare();

    expect(lstatSync(join(project, 'node_modules', 'react')).isDirectory()).toBe(true);
    expect(lstatSync(join(project, 'node_modules', 'react')).isSymbolicLink()).toBe(false);
    // The image's own folder is untouched.
    expect(existsSync(join(depsDir, 'node_modules', 'left-pad'))).toBe(false);
  });

  it('explains a missing or broken package.json', async () => {
    await expect(prepare()).rejects.toThrow(PrepareError);
    await expect(prepare()).rejects.toThrow(/^❌ package.json not found at /);

    writeFileSync(join(project, 'package.json'), '{ "dependencies": ');
    await expect(prepare()).rejects.toThrow(/^❌ package.json is not valid JSON/);

    writeJson(join(project, 'package.json'), { dependencies: ['react'] });
    await expect(prepare()).rejects.toThrow(/^❌ package.json: "dependencies" must be an object/);
  });

  it('lists dependencies and devDependencies together, sorted by name', () => {
    expect(wantedDependencies({ dependencies: { vite: '^8', react: '^19' }, devDependencies: { '@types/react': '^19' } })).toEqual([
      { name: '@types/react', range: '^19' },
      { name: 'react', range: '^19' },
      { name: 'vite', range: '^8' },
    ]);
  });
});

/** A lockfile written for the project's package.json, as npm writes one. */
function writeLock(dependencies: Record<string, string>, packages: Record<string, object> = {}) {
  writeJson(join(project, 'package-lock.json'), { name: 'app', lockfileVersion: 3, requires: true, packages: { '': { name: 'app', dependencies }, ...packages } });
}

describe('prepare-workspace with a lockfile', () => {
  it('installs with npm ci from a lockfile written for this package.json, even when the image holds everything', async () => {
    writeProject({ react: '^19.0.0' });
    writeLock({ react: '^19.0.0' }, { 'node_modules/react': { version: '19.3.1', resolved: 'https://registry.npmjs.org/react/-/react-19.3.1.tgz' } });

    expect(await prepare()).toBe(0);

    expect(lines).toEqual(['📦 Installing from package-lock.json (npm ci)']);
    expect(npmRuns[0]![0]).toBe('ci');
    expect(npmRuns[0]).toContain('--ignore-scripts');
  });

  it('keeps node_modules while the lockfile is unchanged, and installs again when it changes', async () => {
    writeProject({ react: '^19.0.0' });
    writeLock({ react: '^19.0.0' });
    await prepare();
    // Another file of the project changed: nothing that decides node_modules did.
    writeFileSync(join(project, 'index.html'), '<p>changed</p>');

    await prepare();
    expect(lines[1]).toBe('📦 Dependencies unchanged since the last build');
    expect(npmRuns).toHaveLength(1);

    writeLock({ react: '^19.0.0' }, { 'node_modules/react': { version: '19.3.1' } });
    await prepare();
    expect(lines[2]).toBe('📦 Installing from package-lock.json (npm ci)');
    expect(npmRuns).toHaveLength(2);
  });

  it('installs with npm install when the lockfile was written for another package.json', async () => {
    writeProject({ react: '^19.0.0', 'left-pad': '^1.3.0' });
    writeLock({ react: '^19.0.0' });

    expect(await prepare()).toBe(0);

    expect(lines).toEqual(['📦 package-lock.json was not written for this package.json: installing with npm install, which updates it']);
    expect(npmRuns[0]![0]).toBe('install');
  });

  it('notes a lockfile of another package manager and installs with npm', async () => {
    writeProject({ 'left-pad': '^1.3.0' });
    writeFileSync(join(project, 'bun.lockb'), 'binary');

    await prepare();

    expect(lines[0]).toBe('ℹ️ bun.lockb found: this platform installs with npm, which does not read it; versions come from package.json');
    expect(npmRuns[0]![0]).toBe('install');
  });
});

describe('prepare-workspace applies the package policy', () => {
  it('refuses git, URL, tarball and local dependencies before installing, naming each', async () => {
    writeProject({ mine: 'github:someone/mine', other: 'git+https://example.com/other.git', packed: 'https://example.com/packed-1.0.0.tgz', local: 'file:../local' }, { short: 'someone/short#main' });

    expect(await prepare()).toBe(1);

    expect(npmRuns).toEqual([]);
    expect(lines).toEqual([
      '❌ package.json: "mine": "github:someone/mine" is a git repository. Only packages from the registry, by name and version range, are installed here: depend on a published version instead (for example "mine": "^1.0.0").',
      expect.stringMatching(/^❌ package.json: "other": "git\+https:\/\/example.com\/other.git" is a git repository\./),
      expect.stringMatching(/^❌ package.json: "packed": "https:\/\/example.com\/packed-1.0.0.tgz" is a tarball URL\./),
      expect.stringMatching(/^❌ package.json: "local": "file:..\/local" is a local path\./),
      expect.stringMatching(/^❌ package.json: "short": "someone\/short#main" is a git repository\./),
    ]);
  });

  it('refuses a lockfile entry that comes from outside the registry', async () => {
    writeProject({ react: '^19.0.0' });
    writeLock({ react: '^19.0.0' }, { 'node_modules/sneaky': { version: '1.0.0', resolved: 'git+ssh://git@github.com/someone/sneaky.git#abc' } });

    expect(await prepare()).toBe(1);

    expect(lines).toEqual([expect.stringMatching(/^❌ package-lock.json: sneaky comes from git\+ssh:\/\/git@github.com\/someone\/sneaky.git#abc \(a git repository\)/)]);
  });

  it('refuses a package on the deny-list, named directly, through an alias or in the lockfile', async () => {
    policy.deny = ['evil', '@bad'];
    writeProject({ evil: '^1.0.0', nice: 'npm:@bad/thing@^2.0.0' });
    writeLock({ evil: '^1.0.0', nice: 'npm:@bad/thing@^2.0.0' }, { 'node_modules/hidden-evil': { name: 'evil', version: '1.0.0' } });

    expect(await prepare()).toBe(1);

    expect(lines).toContain(`❌ package.json: "evil" is on this platform's deny-list (NPM_DENY_PACKAGES), so it is not installed. Remove it, or use another package.`);
    expect(lines).toContain(`❌ package.json: "@bad/thing" is on this platform's deny-list (NPM_DENY_PACKAGES), so it is not installed. Remove it, or use another package.`);
    expect(lines).toContain(`❌ package-lock.json (node_modules/hidden-evil): "evil" is on this platform's deny-list (NPM_DENY_PACKAGES), so it is not installed. Remove it, or use another package.`);
  });

  it('runs install scripts of allow-listed packages only, and names the others', async () => {
    writeProject({ 'left-pad': '^1.3.0' });
    installedTree = {
      'node_modules/esbuild': { version: '0.25.0', hasInstallScript: true },
      'node_modules/vite/node_modules/esbuild': { version: '0.21.5', hasInstallScript: true },
      'node_modules/sketchy': { version: '1.0.0', hasInstallScript: true },
      'node_modules/left-pad': { version: '1.3.0' },
    };

    expect(await prepare()).toBe(0);

    expect(lines.slice(1)).toEqual([
      "ℹ️ Install scripts not run for sketchy: only packages on the platform's allow-list run theirs (NPM_ALLOW_SCRIPTS)",
      "⚙️ Running the install scripts of esbuild (on the platform's allow-list)",
    ]);
    expect(npmRuns[1]!.slice(0, 2)).toEqual(['rebuild', 'esbuild']);
    expect(npmRuns[1]).toContain('--ignore-scripts=false');
  });

  it('says which rule may have kept npm from a version it could not find', async () => {
    policy.deny = ['evil'];
    writeProject({ 'left-pad': '^9.0.0' });
    npmExitCode = 1;
    npmOutput = "npm error code ETARGET\nnpm error notarget No matching version found for left-pad@^9.0.0.\nnpm error 404  'evil@^1.0.0' is not in this registry.\n";

    expect(await prepare()).toBe(1);

    expect(lines).toContain(
      'ℹ️ left-pad@^9.0.0: versions published less than 48 h ago are not offered here (NPM_MIN_RELEASE_AGE_HOURS), so this range may have no version old enough, or none at all. Depend on an older published version.',
    );
    expect(lines).toContain(`❌ npm: "evil" is on this platform's deny-list (NPM_DENY_PACKAGES), so it is not installed. Remove it, or use another package.`);
  });

  it('says whose disk is full when npm runs out of space', async () => {
    writeProject({ 'left-pad': '^1.3.0' });
    npmExitCode = 1;
    npmOutput = 'npm error code ENOSPC\nnpm error nospc ENOSPC: no space left on device, write\n';

    expect(await prepare()).toBe(1);

    expect(lines).toContain("❌ No space left on device: the project's disk in its sandbox is full. Remove large files, or dependencies the project does not use.");
  });

  it('sets the project’s .npmrc aside: it could name another registry', async () => {
    writeProject({ 'left-pad': '^1.3.0' });
    writeFileSync(join(project, '.npmrc'), 'registry=https://elsewhere.example/\n@corp:registry=https://corp.example/\n');

    await prepare();

    expect(existsSync(join(project, '.npmrc'))).toBe(false);
    expect(lines[0]).toBe("ℹ️ The project's .npmrc is not used here: packages come from the platform's registry proxy");
  });

  it('says so, and installs nothing, when the registry proxy is not available', async () => {
    policy.registry = null;
    writeProject({ 'left-pad': '^1.3.0' });

    expect(await prepare()).toBe(1);

    expect(lines).toEqual(["❌ Packages cannot be installed right now: the platform's package registry is not available. Try the build again in a minute."]);
    expect(npmRuns).toEqual([]);
  });
});
