// The sandbox image for `npm start` and `npm test` (and by hand: `node scripts/lib/sandbox-image.mjs`).
//
// Its tag is forge-sandbox:<hash of sandbox-image/>, computed by the API's own sandboxImageTag(), so the
// platform and this script always agree on which image a checkout needs. When that tag is missing it is
// built from sandbox-image/Dockerfile, in a context staged under node_modules/.cache/forge-sandbox: the
// recipe files plus deps/node_modules, installed here with the host's npm (builds cannot reach the
// registry). The base is SANDBOX_BASE_IMAGE when set (machines that can pull: node:22-bookworm-slim),
// otherwise forge-sandbox-base:<hash of bootstrap-base.sh>, made offline with debootstrap once.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureDocker } from './docker.mjs';
import { debianMirror, runWithProgress } from './image-build.mjs';
import { log, root } from './setup.mjs';

export const recipeDir = join(root, 'sandbox-image');
const cacheDir = join(root, 'node_modules', '.cache', 'forge-sandbox');
const LATEST = 'forge-sandbox:latest';
const BOOTSTRAP_SCRIPT = 'bootstrap-base.sh';
/** Native parts the image's tools load on linux-x64 (npm installs them as optional dependencies). */
const NATIVE_PACKAGES = ['@rolldown/binding-linux-x64-gnu', 'lightningcss-linux-x64-gnu', '@esbuild/linux-x64'];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The tag the API will run, from the API's own function (built into api/dist). */
export async function sandboxImageTag() {
  const configModule = join(root, 'api', 'dist', 'config', 'app-config.js');
  if (!existsSync(configModule)) throw new Error('the API is not built yet (api/dist): run `npm run build -w api` first');
  const { sandboxImageTag: tagFor } = await import(pathToFileURL(configModule).href);
  return tagFor(recipeDir);
}

/** The offline base's tag: a hash of the bootstrap recipe, so editing it makes a new base. */
export function baseImageTag() {
  const hash = createHash('sha256')
    .update(readFileSync(join(recipeDir, BOOTSTRAP_SCRIPT)))
    .digest('hex')
    .slice(0, 12);
  return `forge-sandbox-base:${hash}`;
}

function docker(args, options = {}) {
  return spawnSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

export function imageExists(tag) {
  return docker(['image', 'inspect', '--format', '{{.Id}}', tag]).status === 0;
}

function aptInstall(pkg) {
  if (process.getuid?.() !== 0 || spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(`${pkg} is missing: install it (Debian: sudo apt-get install -y ${pkg}), or set SANDBOX_BASE_IMAGE to an image to build from`);
  }
  log(`Installing ${pkg} (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  // The package lists are usually fresh (Docker was just installed); update only when they are not.
  if (install()) return;
  spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  if (!install()) throw new Error(`apt-get install ${pkg} failed`);
}

/** forge-sandbox-base:<hash>, made with debootstrap when missing. */
async function ensureBootstrapBase({ rebuild = false, logFile }) {
  const tag = baseImageTag();
  if (!rebuild && imageExists(tag)) {
    log(`Base image ${tag} is present`);
    return tag;
  }
  if (process.getuid?.() !== 0) {
    throw new Error(`making the base image ${tag} needs root (debootstrap); run this as root once, or set SANDBOX_BASE_IMAGE=node:22-bookworm-slim on a machine that can pull`);
  }
  if (spawnSync('sh', ['-c', 'command -v debootstrap'], { stdio: 'ignore' }).status !== 0) aptInstall('debootstrap');
  const mirror = debianMirror();
  const started = Date.now();
  log(`Making the base image ${tag} offline: Debian bookworm from ${mirror}, Node and npm from the npm registry (about a minute)...`);
  await runWithProgress('base image', 'bash', [join(recipeDir, BOOTSTRAP_SCRIPT), tag, mirror], { logFile });
  log(`Base image ${tag} made (${seconds(started)})`);
  return tag;
}

/** The build context: the recipe's files and deps/node_modules installed with the host's npm (cached by lockfile). */
async function stageContext({ logFile }) {
  const context = join(cacheDir, 'context');
  const modules = await installSandboxDependencies({ logFile });
  for (const name of readdirSync(context)) {
    if (name !== 'deps') rmSync(join(context, name), { recursive: true, force: true });
  }
  for (const name of readdirSync(recipeDir)) {
    if (!name.startsWith('.') && statSync(join(recipeDir, name)).isFile()) copyFileSync(join(recipeDir, name), join(context, name));
  }
  // What the image pre-bundles the live preview's dependencies with (LIVE_PREVIEW_INPUTS in the API's config).
  const { LIVE_PREVIEW_INPUTS } = await import(pathToFileURL(join(root, 'api', 'dist', 'config', 'app-config.js')).href);
  mkdirSync(join(context, 'live-preview'));
  for (const [name, from] of Object.entries(LIVE_PREVIEW_INPUTS)) copyFileSync(join(root, from), join(context, 'live-preview', name));
  const absent = NATIVE_PACKAGES.filter((name) => !existsSync(join(modules, name, 'package.json')));
  if (absent.length > 0) {
    throw new Error(`npm did not install ${absent.join(', ')} (is this host linux-x64 with glibc, and are optional dependencies allowed?)`);
  }
  return context;
}

/**
 * The image's dependencies (sandbox-image/package.json and its lockfile) installed on the host in
 * the build context's deps/node_modules, again only when the manifests change. The starter
 * blueprints (api/blueprints) are type-checked against the same copy. Resolves to its path.
 */
async function installSandboxDependencies({ logFile }) {
  const deps = join(cacheDir, 'context', 'deps');
  mkdirSync(deps, { recursive: true });
  const manifests = ['package.json', 'package-lock.json'].map((name) => readFileSync(join(recipeDir, name)));
  const stamp = createHash('sha256').update(manifests[0]).update('\0').update(manifests[1]).digest('hex');
  const stampFile = join(deps, '.forge-staged');
  const staged = existsSync(join(deps, 'node_modules')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
  if (!staged) {
    const started = Date.now();
    log('Installing the sandbox dependencies on the host (npm ci)...');
    rmSync(join(deps, 'node_modules'), { recursive: true, force: true });
    rmSync(stampFile, { force: true });
    writeFileSync(join(deps, 'package.json'), manifests[0]);
    writeFileSync(join(deps, 'package-lock.json'), manifests[1]);
    // No install scripts: the only ones are esbuild's, which merely re-checks its native package.
    await runWithProgress('npm ci', 'npm', ['ci', '--ignore-scripts', '--include=optional', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: deps,
      logFile,
    });
    writeFileSync(stampFile, stamp);
    log(`Sandbox dependencies installed (${seconds(started)})`);
  }
  return join(deps, 'node_modules');
}

/** installSandboxDependencies outside an image build, under the same lock. */
export function ensureSandboxDependencies() {
  return withBuildLock(() => installSandboxDependencies({ logFile: join(cacheDir, 'deps.log') }));
}

function processAlive(pid) {
  if (!(pid > 0) || pid === process.pid) return false;
  try {
    return process.kill(pid, 0);
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Takes a lock so two processes do not build at once; waits for the other one otherwise. */
async function withBuildLock(action) {
  mkdirSync(cacheDir, { recursive: true });
  const lockFile = join(cacheDir, 'build.lock');
  const started = Date.now();
  let nextNote = started;
  for (;;) {
    try {
      closeSync(openSync(lockFile, 'wx'));
      writeFileSync(lockFile, String(process.pid));
      break;
    } catch {
      const holder = Number(readFileSync(lockFile, 'utf8').trim() || 0);
      if (!processAlive(holder)) {
        rmSync(lockFile, { force: true });
        continue;
      }
      if (Date.now() >= nextNote) {
        log(`Waiting for another process (pid ${holder}) that is building the sandbox image...`);
        nextNote = Date.now() + 30_000;
      }
      await sleep(2000);
    }
  }
  try {
    return await action();
  } finally {
    rmSync(lockFile, { force: true });
  }
}

/**
 * The base the sandbox image builds on: SANDBOX_BASE_IMAGE when set, else the one made offline once.
 * The compose images (deploy/) build on the same base, so a machine makes it only once.
 */
export async function ensureBaseImage() {
  const configured = process.env.SANDBOX_BASE_IMAGE?.trim();
  if (configured) return configured;
  if (imageExists(baseImageTag())) return baseImageTag();
  return withBuildLock(() => ensureBootstrapBase({ logFile: join(cacheDir, 'build.log') }));
}

/** Checks the built image does what the platform relies on. */
function checkImage(tag) {
  const probe = docker([
    'run',
    '--rm',
    '--network',
    'none',
    tag,
    'bash',
    '-c',
    'set -e; node --version; npm --version; id -u; id -g; command -v iptables >/dev/null; ls /opt/forge/deps/node_modules | wc -l',
  ]);
  if (probe.status !== 0) throw new Error(`the new image ${tag} does not start: ${probe.stderr.trim() || probe.stdout.trim()}`);
  const [node, npm, uid, gid, packages] = probe.stdout.trim().split('\n');
  if (!node.startsWith('v22.') || !npm.startsWith('10.') || uid !== '1000' || gid !== '1000') {
    throw new Error(`the new image ${tag} is not what the platform expects: Node ${node}, npm ${npm}, user ${uid}:${gid}`);
  }
  const size = docker(['image', 'inspect', '--format', '{{.Size}}', tag]).stdout.trim();
  return `Node ${node}, npm ${npm}, ${packages} packages preinstalled, ${Math.round(Number(size) / 1e6)} MB`;
}

/**
 * Makes sure the sandbox image the API will use exists, building it when missing.
 * Resolves to the tag; throws with a readable message when the image cannot be had.
 */
export async function ensureSandboxImage({ rebuild = false, rebuildBase = false } = {}) {
  const tag = await sandboxImageTag();
  const configured = process.env.SANDBOX_IMAGE?.trim();
  if (configured && configured !== tag) {
    if (imageExists(configured)) return configured;
    throw new Error(`SANDBOX_IMAGE=${configured} is not in Docker's image store: build or pull it, or unset SANDBOX_IMAGE to use ${tag}`);
  }
  if (!rebuild && !rebuildBase && imageExists(tag)) {
    docker(['tag', tag, LATEST]);
    return tag;
  }

  return withBuildLock(async () => {
    if (!rebuild && !rebuildBase && imageExists(tag)) return tag;
    const started = Date.now();
    const logFile = join(cacheDir, 'build.log');
    rmSync(logFile, { force: true });
    log(`Building the sandbox image ${tag} (first run, or sandbox-image/ changed; log: ${logFile})`);
    const base = process.env.SANDBOX_BASE_IMAGE?.trim() || (await ensureBootstrapBase({ rebuild: rebuildBase, logFile }));
    const context = await stageContext({ logFile });
    const buildStart = Date.now();
    log(`docker build FROM ${base}...`);
    await runWithProgress('docker build', 'docker', ['build', '--build-arg', `BASE_IMAGE=${base}`, '--label', `forge.sandbox.recipe=${tag}`, '-t', tag, '-t', LATEST, context], {
      logFile,
    });
    log(`docker build done (${seconds(buildStart)})`);
    const summary = checkImage(tag);
    log(`Sandbox image ${tag} ready: ${summary} (built in ${seconds(started)})`);
    return tag;
  });
}

/**
 * Docker and the sandbox image before the platform runs. `required` (npm test): throws when either is
 * missing. Otherwise (npm start) only warns, since the platform runs without them (builds and previews
 * answer 'Docker is not available'); FORGE_SKIP_DOCKER=1 skips the check.
 */
export async function prepareSandboxes({ required }) {
  if (!required && process.env.FORGE_SKIP_DOCKER === '1') {
    log('FORGE_SKIP_DOCKER=1: not checking Docker; builds and previews will answer that Docker is not available');
    return;
  }
  const started = Date.now();
  const engine = await ensureDocker({ install: true });
  if (!engine.ok) {
    if (required) throw new Error(`Docker is needed to build and preview projects: ${engine.reason}`);
    log(`\x1b[33m⚠ Docker is not available (${engine.reason}).\x1b[0m`);
    log('  Forge starts anyway; project builds and previews will answer that Docker is not available until it runs.');
    return;
  }
  try {
    const tag = await ensureSandboxImage();
    log(`Sandbox image ${tag} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    if (required) throw err;
    log(`\x1b[33m⚠ The sandbox image is not available: ${err.message}\x1b[0m`);
    log('  Forge starts anyway; builds will fail until the image exists (run `node scripts/lib/sandbox-image.mjs`).');
  }
}

// By hand: node scripts/lib/sandbox-image.mjs [--rebuild] [--rebuild-base]
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => !['--rebuild', '--rebuild-base'].includes(arg));
  if (unknown.length > 0) {
    console.error('Usage: node scripts/lib/sandbox-image.mjs [--rebuild] [--rebuild-base]');
    process.exit(2);
  }
  const started = Date.now();
  const dockerState = await ensureDocker({ install: true });
  if (!dockerState.ok) {
    console.error(`Docker is not available: ${dockerState.reason}`);
    process.exit(1);
  }
  try {
    const tag = await ensureSandboxImage({ rebuild: args.includes('--rebuild'), rebuildBase: args.includes('--rebuild-base') });
    log(`${tag} (also ${LATEST}) is ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    console.error(`✗ ${err.message}`);
    process.exit(1);
  }
}
