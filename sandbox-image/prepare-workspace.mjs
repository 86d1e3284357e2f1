// Makes a project's node_modules inside the sandbox: reused while nothing that decides it changed,
// linked from the image when it holds everything, otherwise installed through the platform's registry
// proxy under its package policy (install-policy.mjs).
//
//   node /opt/forge/bin/prepare-workspace.mjs /workspace/app
//
// - A stamp (node_modules/.forge-prepared) records a hash of the dependency lists, the lockfile, the
//   image's packages and the policy: while it matches, node_modules is kept as it is.
// - With a package-lock.json written for this package.json: `npm ci`. With one that is not: `npm install`.
// - Without one, when the image's /opt/forge/deps/node_modules holds every package at a version the
//   project's range allows: <project>/node_modules becomes a real folder of symlinks into the image
//   (nothing is copied or fetched; tools still write node_modules/.vite next to the links). Otherwise the
//   held packages are copied in and `npm install` fetches what is missing.
// - npm talks only to the proxy (FORGE_NPM_REGISTRY): the project's .npmrc is set aside and any other
//   host goes to a closed port. Dependencies' install scripts run only for the allow-list.
//
// Plain Node 22 ESM; the only dependency is the image's own semver.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { explainInstallFailure, foreignLockfiles, installScripts, lockMatches, policyFromEnv, policyRefusals } from './install-policy.mjs';

export const DEFAULT_DEPS_DIR = '/opt/forge/deps';
export const STAMP_FILE = '.forge-prepared';
/** Where npm sends requests for anything but the proxy: nothing listens there, so they fail at once. */
const CLOSED_PROXY = 'http://127.0.0.1:9';
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

/** Changes when anything that decides the project's node_modules changes: its dependency lists, its lockfile, the image's packages, the policy. */
export function dependencyHash(manifest, depsDir, { lock = null, policy = null } = {}) {
  const hash = createHash('sha256');
  const sorted = (value) => Object.entries(value ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const lists = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'].map((field) => sorted(manifest[field]));
  hash.update(JSON.stringify([...lists, manifest.overrides ?? null]));
  hash.update('\0').update(lock ?? '');
  if (policy) hash.update('\0').update(JSON.stringify([[...policy.allowScripts].sort(), policy.deny]));
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

/** Runs npm, its output streamed on as it comes and kept (the end of it) to explain a failure; resolves to its exit code and output. */
function runNpm(args, { cwd }) {
  return new Promise((done) => {
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (stream, target) =>
      stream.on('data', (chunk) => {
        target.write(chunk);
        output = (output + chunk).slice(-64 * 1024);
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on('error', (err) => done({ code: 1, output: `Could not run npm: ${err.message}` }));
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

/** The flags that keep npm on the proxy: they win over any .npmrc and over the environment. */
export function npmRegistryFlags(registry) {
  const host = new URL(registry).hostname;
  return [`--registry=${registry}`, '--replace-registry-host=always', `--proxy=${CLOSED_PROXY}`, `--https-proxy=${CLOSED_PROXY}`, `--noproxy=${host}`, '--no-audit', '--no-fund', '--loglevel=error'];
}

/** The project's .npmrc could name other registries (scoped ones too): the sandbox's copy is set aside. */
function setAsideNpmrc(projectDir, print) {
  const npmrc = join(projectDir, '.npmrc');
  if (!existsSync(npmrc)) return;
  renameSync(npmrc, join(projectDir, '.npmrc.not-used'));
  print("ℹ️ The project's .npmrc is not used here: packages come from the platform's registry proxy");
}

function readLock(projectDir) {
  for (const name of ['npm-shrinkwrap.json', 'package-lock.json']) {
    const path = join(projectDir, name);
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    try {
      return { name, text, lock: JSON.parse(text) };
    } catch {
      throw new PrepareError(`❌ ${name} is not valid JSON: delete it, or write it again with npm install.`);
    }
  }
  return null;
}

/**
 * Prepares `projectDir`'s node_modules and resolves to the exit code. `print` receives each progress
 * line; `npm(args, { cwd })` runs npm and resolves to `{ code, output }`; `policy` is what the platform
 * set (policyFromEnv()).
 */
export async function prepareWorkspace(projectDir, { depsDir = DEFAULT_DEPS_DIR, print = (line) => console.log(line), npm = runNpm, policy = policyFromEnv() } = {}) {
  const manifest = readManifest(projectDir);
  const found = readLock(projectDir);
  const refusals = policyRefusals(manifest, found?.lock, policy, loadSemver(depsDir));
  if (refusals.length > 0) {
    for (const line of refusals) print(line);
    return 1;
  }
  const nodeModules = join(projectDir, 'node_modules');
  const hash = dependencyHash(manifest, depsDir, { lock: found?.text ?? null, policy });
  const stamp = isRealDirectory(nodeModules) ? readStamp(nodeModules) : null;
  if (stamp?.hash === hash) {
    print('📦 Dependencies unchanged since the last build');
    return 0;
  }
  if (!found) for (const name of foreignLockfiles(projectDir)) print(`ℹ️ ${name} found: this platform installs with npm, which does not read it; versions come from package.json`);

  const wanted = wantedDependencies(manifest);
  const missing = missingDependencies(wanted, depsDir);
  if (!found && missing.length === 0) {
    linkHeldDependencies(depsDir, nodeModules);
    writeFileSync(join(nodeModules, STAMP_FILE), JSON.stringify({ hash, mode: 'linked' }) + '\n');
    const count = new Set(wanted.map(({ name }) => name)).size;
    print(`📦 All ${count} dependencies are preinstalled in the sandbox image; nothing to download`);
    return 0;
  }
  if (!policy.registry) {
    print("❌ Packages cannot be installed right now: the platform's package registry is not available. Try the build again in a minute.");
    return 1;
  }
  setAsideNpmrc(projectDir, print);
  const flags = npmRegistryFlags(policy.registry);
  let args;
  if (found && lockMatches(manifest, found.lock)) {
    print(`📦 Installing from ${found.name} (npm ci)`);
    args = ['ci', ...flags, '--ignore-scripts', '--prefer-offline'];
  } else {
    if (found) print(`📦 ${found.name} was not written for this package.json: installing with npm install, which updates it`);
    // An earlier install's tree is kept (npm updates it in place); a tree of links is replaced by a copy of the image's.
    if (stamp?.mode === 'installed') rmSync(join(nodeModules, STAMP_FILE), { force: true });
    else if (!found) copyHeldDependencies(depsDir, nodeModules);
    if (!found) print(`📦 Installing ${missing.length} packages the sandbox image does not hold: ${missing.map(({ name, range }) => `${name}@${range}`).join(', ')}`);
    args = ['install', ...flags, '--ignore-scripts', '--prefer-offline'];
  }
  const install = await npm(args, { cwd: projectDir });
  if (install.code !== 0) {
    for (const line of explainInstallFailure(install.output, policy)) print(line);
    return install.code;
  }
  const scripts = installScripts(nodeModules, policy.allowScripts);
  if (scripts.skipped.length > 0) print(`ℹ️ Install scripts not run for ${scripts.skipped.join(', ')}: only packages on the platform's allow-list run theirs (NPM_ALLOW_SCRIPTS)`);
  if (scripts.allowed.length > 0) {
    print(`⚙️ Running the install scripts of ${scripts.allowed.join(', ')} (on the platform's allow-list)`);
    const rebuild = await npm(['rebuild', ...scripts.allowed, ...flags, '--ignore-scripts=false'], { cwd: projectDir });
    if (rebuild.code !== 0) return rebuild.code;
  }
  writeFileSync(join(nodeModules, STAMP_FILE), JSON.stringify({ hash, mode: 'installed' }) + '\n');
  return 0;
}

async function main(args) {
  if (args.length !== 1) {
    console.error('❌ Usage: node prepare-workspace.mjs <project folder>');
    return 1;
  }
  try {
    return await prepareWorkspace(resolve(args[0]), { depsDir: process.env.FORGE_DEPS_DIR || DEFAULT_DEPS_DIR });
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
  process.exitCode = await main(process.argv.slice(2));
}
