// What `npm start` and `npm test` both need before they can run: dependencies, the Prisma client, builds.
// Each step is skipped when its inputs have not changed since it last ran.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const stampDir = join(root, 'node_modules', '.forge-stamps');

export function log(message) {
  console.log(`\x1b[36m[forge]\x1b[0m ${message}`);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    const why = result.error ? result.error.message : `exit code ${result.status ?? result.signal}`;
    throw new Error(`${command} ${args.join(' ')} failed (${why})`);
  }
}

/** `run` that lets the event loop go on meanwhile, for a command that runs beside others. */
export function runInherited(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('close', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (exit code ${code ?? signal})`))));
  });
}

/**
 * Runs a command with its output held back, for one that runs beside another: the output is printed
 * in one piece when the command ends, so that two commands' lines do not interleave.
 */
export function runHeldBack(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(output));
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (exit code ${code ?? signal})`));
    });
  });
}

export function checkNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Forge needs Node.js 20.19 or newer (this is ${process.version}).`);
    process.exit(1);
  }
}

/** A fingerprint of files (path, size, mtime) under the given paths, skipping build output. */
function fingerprint(paths) {
  const hash = createHash('sha256');
  const walk = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        if (['node_modules', 'dist', 'generated', '.data', 'test-results'].includes(entry)) continue;
        walk(join(path, entry));
      }
    } else {
      hash.update(`${path}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const p of paths) walk(join(root, p));
  return hash.digest('hex');
}

/** Runs `action` unless the inputs and outputs are as they were after its last run. */
function step(name, inputs, outputs, action) {
  const stampFile = join(stampDir, name);
  const current = fingerprint(inputs);
  const upToDate = outputs.every((o) => existsSync(join(root, o))) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === current;
  if (upToDate) return false;
  action();
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(stampFile, fingerprint(inputs));
  return true;
}

export function installDependencies() {
  const lock = join(root, 'package-lock.json');
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  log('Installing dependencies (first run only)...');
  // Not `npm ci`: npm 11 writes lockfiles without other platforms' optional packages and then
  // refuses them in `npm ci`. `npm install` with the lockfile installs the same versions.
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
}

export function generatePrismaClient() {
  step('prisma-client', ['prisma/schema.prisma'], ['api/src/generated/prisma/client.ts'], () => {
    log('Generating the Prisma client...');
    run(process.execPath, ['scripts/prisma-generate.mjs']);
  });
}

export function buildAll() {
  step('protocol', ['protocol/src', 'protocol/tsconfig.json', 'protocol/tsconfig.build.json'], ['protocol/dist'], () => {
    log('Building the protocol package...');
    run('npm', ['run', '--silent', 'build', '-w', 'protocol']);
  });
  step('api', ['api/src', 'api/.swcrc', 'prisma/schema.prisma'], ['api/dist/main.js'], () => {
    log('Building the API...');
    run('npm', ['run', '--silent', 'build', '-w', 'api']);
  });
  step('web', ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'protocol/src'], ['web/dist/index.html'], () => {
    log('Building the web app...');
    run('npm', ['run', '--silent', 'build', '-w', 'web'], { env: { ...process.env, NODE_ENV: 'production' } });
  });
}

export function prepare() {
  checkNodeVersion();
  installDependencies();
  generatePrismaClient();
  buildAll();
}
