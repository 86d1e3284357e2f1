// Makes a generated project's node_modules inside the sandbox, preferably without downloading anything.
//
//   node /opt/forge/bin/prepare-workspace.mjs /workspace/app
//
// The image holds the dependencies every blueprint may use in /opt/forge/deps/node_modules. When the
// project asks only for those (at ranges the held versions satisfy), <project>/node_modules becomes a
// real folder of symlinks into the image: nothing is copied or fetched, and tools can still write their
// caches (node_modules/.vite, .vite-temp) next to the links. Otherwise the held packages are copied in
// and `npm install` fetches only what is missing. A stamp (node_modules/.forge-prepared) skips all of it
// when package.json's dependencies have not changed since the last run.
//
// Plain Node 22 ESM; the only dependency is the image's own semver.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const DEFAULT_DEPS_DIR = '/opt/forge/deps';
export const STAMP_FILE = '.forge-prepared';
const NPM_INSTALL_ARGS = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
/** npm's own bookkeeping for the image's tree: describes the image's package, not the project. */
const NOT_LINKED = new Set(['.package-lock.json', '.cache', STAMP_FILE]);
const PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;

/** A problem with the project itself; the message is shown as is. */
export class PrepareError extends Error {}

/** The project's manifest, checked just enough to read its dependencies. */
export function readManifest(projectDir) {
  const file = join(projectDir, 'package.json');
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const why = err.code === 'ENOENT' ? 'not found' : `could not be read (${err.code ?? err.message})`;
    throw new PrepareError(`❌ package.json ${why} at ${file}: a project needs one listing its dependencies.`);
  }
  let manifest;
  try {
    manifest = JSON.parse(text);
  } catch (err) {
    throw new PrepareError(`❌ package.json is not valid JSON (${err.message}).`);
  }
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) {
    throw new PrepareError('❌ package.json must hold a JSON object.');
  }
  for (const field of ['dependencies', 'devDependencies']) {
    const value = manifest[field];
    if (value === undefined) continue;
    const valid = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((range) => typeof range === 'string');
    if (!valid) throw new PrepareError(`❌ package.json: "${field}" must be an object mapping package names to version ranges.`);
  }
  return manifest;
}

/** Every [name, range] the project asks for, dependencies and devDependencies alike, sorted. */
export function wantedDependencies(manifest) {
  const wanted = [];
  for (const field of ['dependencies', 'devDependencies']) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) wanted.push({ name, range });
  }
  return wanted.sort((a, b) => (a.name === b.name ? a.range.localeCompare(b.range) : a.name < b.name ? -1 : 1));
}

/** The version of `name` the image holds at the top of its node_modules, or null. */
export function heldVersion(depsDir, name) {
  if (!PACKAGE_NAME.test(name)) return null;
  try {
    const version = JSON.parse(readFileSync(join(depsDir, 'node_modules', name, 'package.json'), 'utf8')).version;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

export function loadSemver(depsDir) {
  return createRequire(join(depsDir, 'package.json'))('semver');
}

/** Which wanted packages the image does not hold at a satisfying version (tags, URLs and aliases never are). */
export function missingDependencies(wanted, depsDir, semver = loadSemver(depsDir)) {
  return wanted.filter(({ name, range }) => {
    const version = heldVersion(depsDir, name);
    if (version === null || semver.validRange(range) === null) return true;
    return !semver.satisfies(version, range);
  });
}

/** Changes when anything that decides the project's node_modules changes: its dependency lists or the image's. */
export function dependencyHash(manifest, depsDir) {
  const hash = createHash('sha256');
  const sorted = (value) => Object.entries(value ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  hash.update(JSON.stringify([sorted(manifest.dependencies), sorted(manifest.devDependencies), manifest.overrides ?? null]));
  for (const file of ['package.json', 'package-lock.json']) {
    const path = join(depsDir, file);
    hash.update('\0').update(existsSync(path) ? readFileSync(path) : '');
  }
  return hash.digest('hex');
}

function readStamp(nodeModules) {
  try {
    return JSON.parse(readFileSync(join(nodeModules, STAMP_FILE), 'utf8'));
  } catch {
    return null;
  }
}

function isRealDirectory(path) {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** node_modules as a real folder whose entries are symlinks to the image's (scopes and .bin as a whole). */
export function linkHeldDependencies(depsDir, nodeModules) {
  const held = join(depsDir, 'node_modules');
  rmSync(nodeModules, { recursive: true, force: true });
  mkdirSync(nodeModules, { recursive: true });
  for (const entry of readdirSync(held)) {
    if (NOT_LINKED.has(entry)) continue;
    symlinkSync(join(held, entry), join(nodeModules, entry));
  }
}

/** A private, writable copy of the image's node_modules, timestamps kept so npm trusts its hidden lockfile. */
export function copyHeldDependencies(depsDir, nodeModules) {
  const held = join(depsDir, 'node_modules');
  rmSync(nodeModules, { recursive: true, force: true });
  const cp = spawnSync('cp', ['-a', held, nodeModules], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (cp.status === 0) return;
  rmSync(nodeModules, { recursive: true, force: true });
  cpSync(held, nodeModules, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
}

function runNpmInstall(projectDir) {
  const result = spawnSync('npm', NPM_INSTALL_ARGS, { cwd: projectDir, stdio: 'inherit' });
  if (result.error) {
    console.error(`❌ Could not run npm: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

/**
 * Prepares `projectDir`'s node_modules and returns the exit code.
 * `print` receives each progress line; `npmInstall(projectDir)` runs npm and returns its exit code.
 */
export function prepareWorkspace(projectDir, { depsDir = DEFAULT_DEPS_DIR, print = (line) => console.log(line), npmInstall = runNpmInstall } = {}) {
  const manifest = readManifest(projectDir);
  const nodeModules = join(projectDir, 'node_modules');
  const hash = dependencyHash(manifest, depsDir);
  const stamp = isRealDirectory(nodeModules) ? readStamp(nodeModules) : null;
  if (stamp?.hash === hash) {
    print('📦 Dependencies unchanged since the last build');
    return 0;
  }

  const wanted = wantedDependencies(manifest);
  const missing = missingDependencies(wanted, depsDir);
  if (missing.length === 0) {
    linkHeldDependencies(depsDir, nodeModules);
    writeFileSync(join(nodeModules, STAMP_FILE), JSON.stringify({ hash, mode: 'linked' }) + '\n');
    const count = new Set(wanted.map(({ name }) => name)).size;
    print(`📦 All ${count} dependencies are preinstalled in the sandbox image; nothing to download`);
    return 0;
  }

  // An earlier install's copy is kept (npm updates it in place); a tree of links is replaced by a copy.
  if (stamp?.mode === 'installed') rmSync(join(nodeModules, STAMP_FILE), { force: true });
  else copyHeldDependencies(depsDir, nodeModules);
  const list = missing.map(({ name, range }) => `${name}@${range}`).join(', ');
  print(`📦 Installing ${missing.length} packages the sandbox image does not hold: ${list}`);
  const code = npmInstall(projectDir);
  if (code === 0) writeFileSync(join(nodeModules, STAMP_FILE), JSON.stringify({ hash, mode: 'installed' }) + '\n');
  return code;
}

function main(args) {
  if (args.length !== 1) {
    console.error('❌ Usage: node prepare-workspace.mjs <project folder>');
    return 1;
  }
  try {
    return prepareWorkspace(resolve(args[0]), { depsDir: process.env.FORGE_DEPS_DIR || DEFAULT_DEPS_DIR });
  } catch (err) {
    console.error(err instanceof PrepareError ? err.message : `❌ Could not prepare the dependencies: ${err.stack ?? err}`);
    return 1;
  }
}

function invokedDirectly() {
  try {
    return Boolean(process.argv[1]) && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  process.exitCode = main(process.argv.slice(2));
}
