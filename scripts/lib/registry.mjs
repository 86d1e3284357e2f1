// The package registry proxy for `npm start` and `npm test` (and by hand: `node scripts/lib/registry.mjs`).
//
// Installs Verdaccio from deploy/registry (its own manifest and lockfile, apart from the platform's
// dependencies: it needs an override the platform's tree must not carry) into
// node_modules/.cache/forge-registry/verdaccio, and pre-warms a package storage with every package the
// lockfiles of deploy/registry/prewarm/stacks.json name, kept under prewarmed/<recipe hash>. The platform
// seeds its proxy's storage (DATA_DIR/registry) from there, so those stacks install with no upstream fetch.
// Both steps are skipped while the recipe is unchanged.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runWithProgress } from './image-build.mjs';
import { log, root } from './setup.mjs';

const cacheDir = join(root, 'node_modules', '.cache', 'forge-registry');
const logFile = join(cacheDir, 'prepare.log');
const RECIPE_FILES = ['package.json', 'package-lock.json', 'runner.mjs'];
/** Tarballs fetched at once while pre-warming. */
const PARALLEL_FETCHES = 8;

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

async function builtApi() {
  const configModule = join(root, 'api', 'dist', 'config', 'app-config.js');
  const verdaccioModule = join(root, 'api', 'dist', 'sandboxes', 'verdaccio-config.js');
  if (!existsSync(configModule)) throw new Error('the API is not built yet (api/dist): run `npm run build -w api` first');
  return { ...(await import(pathToFileURL(configModule).href)), ...(await import(pathToFileURL(verdaccioModule).href)) };
}

/** NPM_UPSTREAM_REGISTRY, else the registry this machine's npm uses, else the public one. */
export function upstreamRegistry() {
  const configured = process.env.NPM_UPSTREAM_REGISTRY?.trim();
  if (configured) return configured;
  const npm = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' });
  const found = npm.status === 0 ? npm.stdout.trim() : '';
  return /^https?:\/\//.test(found) ? found : 'https://registry.npmjs.org/';
}

/** Verdaccio installed with the host's npm into its own folder, again only when the recipe changes. */
async function installVerdaccio(recipeDir, verdaccioDir) {
  const hash = createHash('sha256');
  for (const name of RECIPE_FILES) hash.update(readFileSync(join(recipeDir, name))).update('\0');
  const stamp = hash.digest('hex');
  const stampFile = join(verdaccioDir, '.forge-installed');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(join(verdaccioDir, 'node_modules', 'verdaccio'))) return false;
  const started = Date.now();
  log('Installing the package registry proxy (Verdaccio) into node_modules/.cache/forge-registry...');
  rmSync(verdaccioDir, { recursive: true, force: true });
  mkdirSync(verdaccioDir, { recursive: true });
  for (const name of RECIPE_FILES) copyFileSync(join(recipeDir, name), join(verdaccioDir, name));
  // No install scripts: Verdaccio needs none, and this tree is what untrusted sandboxes talk to.
  await runWithProgress('npm ci (Verdaccio)', 'npm', ['ci', '--ignore-scripts', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: verdaccioDir, logFile });
  writeFileSync(stampFile, stamp);
  log(`Verdaccio installed (${seconds(started)})`);
  return true;
}

/** Whether a lockfile entry's native binaries are for this platform (linux x64, glibc): other platforms' are never fetched. */
function runsHere(entry) {
  const allows = (list, value) => !Array.isArray(list) || list.some((item) => item === value) || (list.every((item) => item.startsWith('!')) && !list.includes(`!${value}`));
  return allows(entry.os, 'linux') && allows(entry.cpu, 'x64') && allows(entry.libc, 'glibc');
}

/** Every registry package (name and version) the lockfiles install on this platform, once each. */
export function prewarmPackages(lockfiles) {
  const packages = new Map();
  for (const file of lockfiles) {
    const lock = JSON.parse(readFileSync(file, 'utf8'));
    for (const [path, entry] of Object.entries(lock.packages ?? {})) {
      if (!path || entry.link || !entry.version || !runsHere(entry)) continue;
      if (entry.resolved && !/^https?:\/\//.test(entry.resolved)) continue;
      const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      packages.set(`${name}@${entry.version}`, { name, version: entry.version });
    }
  }
  return [...packages.values()];
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts the runner on a loopback port and resolves once it says READY. */
async function startProxy(runner, configFile) {
  const address = `127.0.0.1:${await freePort()}`;
  const child = spawn(process.execPath, [runner, configFile, address, '--exit-with-stdin'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  await new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Verdaccio did not start within 60 s:\n${output.slice(-2000)}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (/^READY /m.test(output)) {
        clearTimeout(timer);
        done();
      }
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Verdaccio exited (${code}) before it was ready:\n${output.slice(-2000)}`));
    });
  });
  return { url: `http://${address}/`, stop: () => new Promise((done) => (child.exitCode !== null ? done() : (child.once('exit', done), child.kill('SIGTERM')))) };
}

async function fetchAll(items, action, onProgress) {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await action(item);
      onProgress(++done);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
}

async function fetchOk(url, what) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url).catch((err) => ({ ok: false, status: err.cause?.code ?? err.message, arrayBuffer: async () => new ArrayBuffer(0) }));
    const body = await response.arrayBuffer();
    if (response.ok) return body.byteLength;
    if (attempt === 3) throw new Error(`pre-warming ${what}: GET ${url} answered ${response.status}`);
    await new Promise((done) => setTimeout(done, 1000 * attempt));
  }
}

/** A storage holding every package of the pre-warm lockfiles, fetched through a Verdaccio of its own. */
async function prewarm({ runner, prewarmedStorage, lockfiles, upstream, verdaccioConfig }) {
  if (existsSync(prewarmedStorage)) return false;
  const packages = prewarmPackages(lockfiles);
  const started = Date.now();
  log(`Pre-warming the package registry proxy: ${packages.length} packages of the popular stacks from ${upstream} (first run, or the list changed)...`);
  const recipeStore = resolve(prewarmedStorage, '..');
  const partial = join(cacheDir, `prewarming-${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(join(partial, 'storage'), { recursive: true });
  const configFile = join(partial, 'config.yaml');
  writeFileSync(configFile, verdaccioConfig({ storage: join(partial, 'storage'), upstream, minReleaseAgeHours: 0, denyPackages: [] }));
  const proxy = await startProxy(runner, configFile);
  let bytes = 0;
  let lastNote = Date.now();
  const progress = (what, total) => (count) => {
    if (Date.now() - lastNote < 10_000) return;
    lastNote = Date.now();
    log(`  … ${what} ${count}/${total} (${(bytes / 1e6).toFixed(0)} MB, ${seconds(started)})`);
  };
  try {
    const names = [...new Set(packages.map(({ name }) => name))];
    const path = (name) => name.replace('/', '%2f');
    // Counted after each fetch: `bytes += await …` would read the total before waiting and lose the others' bytes.
    const count = (size) => (bytes += size);
    await fetchAll(names, async (name) => count(await fetchOk(`${proxy.url}${path(name)}`, name)), progress('metadata', names.length));
    const tarball = ({ name, version }) => `${proxy.url}${name}/-/${name.slice(name.lastIndexOf('/') + 1)}-${version}.tgz`;
    await fetchAll(packages, async (pkg) => count(await fetchOk(tarball(pkg), `${pkg.name}@${pkg.version}`)), progress('packages', packages.length));
  } catch (err) {
    await proxy.stop();
    rmSync(partial, { recursive: true, force: true });
    throw err;
  }
  await proxy.stop();
  rmSync(configFile, { force: true });
  // Other recipes' storages are of no further use.
  const prewarmedDir = resolve(recipeStore, '..');
  for (const name of existsSync(prewarmedDir) ? readdirSync(prewarmedDir) : []) rmSync(join(prewarmedDir, name), { recursive: true, force: true });
  mkdirSync(prewarmedDir, { recursive: true });
  renameSync(partial, recipeStore);
  log(`Registry proxy pre-warmed: ${packages.length} packages, ${(bytes / 1e6).toFixed(0)} MB (${seconds(started)})`);
  return true;
}

/** Where this checkout's recipe installs Verdaccio and keeps its pre-warmed storage (computed by the built API). */
export async function registryInstall() {
  const api = await builtApi();
  const recipeDir = join(root, 'deploy', 'registry');
  return { recipeDir, recipeHash: api.registryRecipeHash(recipeDir), ...api.registryInstallPaths({ recipeDir, installDir: cacheDir }) };
}

/**
 * Verdaccio and its pre-warmed storage before the platform runs. `required` (npm test) throws when
 * they cannot be had; otherwise (npm start) it warns, and builds that need a package the sandbox image
 * lacks say the proxy is missing. With NPM_REGISTRY_URL (an operator's proxy) there is nothing to do.
 */
export async function prepareRegistry({ required, forImage = false }) {
  // An operator's proxy serves this platform; the compose image still carries the managed one.
  if (process.env.NPM_REGISTRY_URL?.trim() && !forImage) {
    log(`Packages come from NPM_REGISTRY_URL (${process.env.NPM_REGISTRY_URL.trim()}): no proxy to prepare`);
    return;
  }
  // The platform started after this reads the same upstream.
  process.env.NPM_UPSTREAM_REGISTRY = upstreamRegistry();
  const started = Date.now();
  try {
    const api = await builtApi();
    const { recipeDir, ...paths } = await registryInstall();
    mkdirSync(cacheDir, { recursive: true });
    await installVerdaccio(recipeDir, paths.verdaccioDir);
    await prewarm({
      runner: paths.runner,
      prewarmedStorage: paths.prewarmedStorage,
      lockfiles: api.prewarmLockfiles(recipeDir),
      upstream: process.env.NPM_UPSTREAM_REGISTRY,
      verdaccioConfig: api.verdaccioConfig,
    });
    log(`Package registry proxy ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    if (required) throw err;
    log(`\x1b[33m⚠ The package registry proxy is not ready: ${err.message}\x1b[0m`);
    log('  Forge starts anyway; builds that need packages the sandbox image lacks will fail until it is (run `node scripts/lib/registry.mjs`).');
  }
}

// By hand: node scripts/lib/registry.mjs
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await prepareRegistry({ required: true });
  } catch (err) {
    console.error(`✗ ${err.message}`);
    process.exit(1);
  }
}
