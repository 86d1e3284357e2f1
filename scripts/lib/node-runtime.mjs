// The Node.js the platform runs on. Its job queue (pg-boss 12) needs Node 22.12 or newer; machines
// that have an older Node (Debian's, 20.x) get Node 22 from the npm registry's node-linux-<arch>
// package, the same build the sandbox image uses, kept under node_modules/.cache.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, root } from './setup.mjs';

/** The version fetched when this Node is too old; the sandbox image's (sandbox-image/bootstrap-base.sh). */
export const PLATFORM_NODE_VERSION = '22.23.3';
const MINIMUM = [22, 12];

function newEnough(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

/** A Node binary of 22.12 or newer: this one when it is, otherwise one fetched once from the npm registry. */
export function platformNode() {
  if (newEnough(process.versions.node)) return process.execPath;
  const dir = join(root, 'node_modules', '.cache', 'forge-node', PLATFORM_NODE_VERSION);
  const binary = join(dir, 'bin', 'node');
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(`Forge needs Node.js ${MINIMUM.join('.')} or newer to run (this is ${process.version}); install it and run again.`);
  }
  const pkg = `node-linux-${process.arch}@${PLATFORM_NODE_VERSION}`;
  log(`Fetching Node.js ${PLATFORM_NODE_VERSION} from the npm registry (${pkg}): the platform needs 22.12 or newer, this is ${process.version}`);
  const work = mkdtempSync(join(tmpdir(), 'forge-node-'));
  try {
    const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', work, pkg], { encoding: 'utf8' });
    if (packed.status !== 0) throw new Error(`npm pack ${pkg} failed: ${(packed.stderr || packed.error?.message || '').trim()}`);
    const archive = join(work, packed.stdout.trim().split('\n').pop());
    const extracted = spawnSync('tar', ['-xzf', archive, '-C', work, '--no-same-owner', 'package/bin/node'], { encoding: 'utf8' });
    if (extracted.status !== 0) throw new Error(`Unpacking ${archive} failed: ${extracted.stderr.trim()}`);
    mkdirSync(join(dir, 'bin'), { recursive: true });
    renameSync(join(work, 'package', 'bin', 'node'), binary);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return binary;
}

/**
 * Runs this script again under the platform's Node when the current one is too old, and exits with
 * its code; returns when the current one will do. Everything the script starts (the platform, jest,
 * Playwright, benchmarks) then runs on the same Node as `npm start`.
 */
export function reexecOnPlatformNode(scriptUrl) {
  const node = platformNode();
  if (node === process.execPath) return;
  const result = spawnSync(node, [new URL(scriptUrl).pathname, ...process.argv.slice(2)], { stdio: 'inherit', cwd: root });
  process.exit(result.status ?? 1);
}
