// Sandbox settings: the image projects are built and previewed in, and each container's limits.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CIDR, ConfigError, type Env, integer, number, text } from './env.js';
import type { SandboxHostConfig } from './sandbox-hosts-config.js';

export interface SandboxConfig {
  /** Tag of the sandbox image; by default `forge-sandbox:<hash of sandbox-image/>`. */
  image: string;
  /** Tells this platform's containers from another's on the same engine. */
  instance: string;
  cpus: number;
  /** Memory for the project's processes. The container's limit adds the three disks below: they are tmpfs, held in memory. */
  memoryMb: number;
  /**
   * Where the project (/workspace) and the home folder (npm's cache) live: `loop`, a file system image of
   * its own per sandbox on this machine's disk, size-limited by the image; `tmpfs`, in the host's memory.
   */
  disks: 'loop' | 'tmpfs';
  /** Where `loop` disks are kept: scratch space (the project's files are in DATA_DIR), shared by every platform on the machine. */
  diskDir: string;
  /** Size of the project's writable space: with `loop`, of the image holding /workspace and the home folder; with `tmpfs`, of /workspace. */
  diskMb: number;
  /** Size of /tmp (build and app logs, tools' scratch files); always a tmpfs. */
  tmpMb: number;
  /** Size of the home folder (npm's cache for packages the image lacks) as a tmpfs; with `loop` disks it shares the disk. */
  homeMb: number;
  pids: number;
  /** Extra destinations sandboxes may reach besides the public internet (CIDRs). */
  egressAllow: string[];
}

/** The tools a loop disk is made and mounted with (Debian: util-linux, mount, e2fsprogs). */
const LOOP_TOOLS = ['mkfs.ext4', 'mount', 'umount'];

/** `dataDir` and `databaseUrl` tell this platform's containers apart by default. */
export function sandboxFrom(env: Env, cwd: string, dataDir: string, databaseUrl: string | null, hosts: readonly SandboxHostConfig[], runsAsRoot = process.getuid?.() === 0): SandboxConfig {
  const recipeDir = resolve(cwd, 'sandbox-image');
  const image = text(env, 'SANDBOX_IMAGE') ?? (existsSync(recipeDir) ? sandboxImageTag(recipeDir) : 'forge-sandbox:latest');
  const instance =
    text(env, 'SANDBOX_INSTANCE') ??
    createHash('sha256')
      .update(`${dataDir}\n${databaseUrl ?? ''}`)
      .digest('hex')
      .slice(0, 10);
  if (!/^[a-z0-9][a-z0-9-]{0,30}$/.test(instance)) throw new ConfigError('SANDBOX_INSTANCE', `"${instance}" must be lower-case letters, digits and hyphens`);
  const egressAllow = (text(env, 'SANDBOX_EGRESS_ALLOW') ?? '')
    .split(',')
    .map((cidr) => cidr.trim())
    .filter(Boolean);
  for (const cidr of egressAllow) {
    if (!CIDR.test(cidr)) throw new ConfigError('SANDBOX_EGRESS_ALLOW', `"${cidr}" is not an IPv4 address or CIDR`);
  }
  return {
    image,
    instance,
    disks: diskKind(env, hosts, runsAsRoot),
    diskDir: resolve(cwd, text(env, 'SANDBOX_DISK_DIR') ?? '/var/lib/forge/sandbox-disks'),
    cpus: number(env, 'SANDBOX_CPUS', 1.5, 0.1, 64),
    memoryMb: integer(env, 'SANDBOX_MEMORY_MB', 1024, 128, 65_536),
    diskMb: integer(env, 'SANDBOX_DISK_MB', 1024, 64, 65_536),
    tmpMb: integer(env, 'SANDBOX_TMP_MB', 256, 16, 65_536),
    homeMb: integer(env, 'SANDBOX_HOME_MB', 256, 16, 65_536),
    pids: integer(env, 'SANDBOX_PIDS', 512, 16, 100_000),
    egressAllow,
  };
}

/**
 * Loop disks are made on this machine, as root, for engines on this machine (unix sockets): the default
 * wherever that holds; `tmpfs` elsewhere (a platform in a container without root, engines on other machines).
 */
function diskKind(env: Env, hosts: readonly SandboxHostConfig[], runsAsRoot: boolean): 'loop' | 'tmpfs' {
  const chosen = text(env, 'SANDBOX_DISKS');
  if (chosen !== null && chosen !== 'loop' && chosen !== 'tmpfs') throw new ConfigError('SANDBOX_DISKS', `expected loop or tmpfs, got "${chosen}"`);
  const remote = hosts.find((host) => host.docker !== null && !host.docker.startsWith('unix://'));
  const missingTool = LOOP_TOOLS.find((tool) => !['/usr/sbin', '/sbin', '/usr/bin', '/bin'].some((dir) => existsSync(join(dir, tool))));
  const obstacle = !runsAsRoot
    ? 'the platform does not run as root, which mounting them needs'
    : remote
      ? `host ${remote.name} is another machine's engine (${remote.docker}), and loop disks are made on this one`
      : missingTool
        ? `${missingTool} is not installed`
        : null;
  if (chosen === 'loop' && obstacle) throw new ConfigError('SANDBOX_DISKS', `loop disks are not possible here: ${obstacle}; use tmpfs`);
  return chosen === 'tmpfs' || obstacle ? 'tmpfs' : 'loop';
}

/**
 * The default image tag carries a hash of the image's recipe, so a changed recipe builds a new image.
 * scripts/lib/sandbox-image.mjs imports this function from the built API, so there is one implementation.
 */
export function sandboxImageTag(recipeDir: string): string {
  return `forge-sandbox:${sandboxRecipeHash(recipeDir)}`;
}

/**
 * Files from outside sandbox-image/ that the image is made from (staged into its build context under
 * `live-preview/`, by these names; paths from the repository's root): the live preview's dependencies
 * are pre-bundled in the image with the template's Vite config and the live config, and Vite takes
 * them only if made with the same ones, so a change to either makes a new image.
 */
export const LIVE_PREVIEW_INPUTS: Record<string, string> = {
  'package.json': 'api/templates/v2/base/package.json',
  'vite.config.ts': 'api/templates/v2/base/vite.config.ts',
  'live-vite.config.mjs': 'api/sandbox-files/live-vite.config.mjs',
  // The live config loads it: the image's pre-bundling runs the live config, so it needs it beside it.
  'source-tags.mjs': 'api/sandbox-files/source-tags.mjs',
};

export function sandboxRecipeHash(recipeDir: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(recipeDir)
    .filter((file) => !file.endsWith('.md') && !file.startsWith('.'))
    .sort()) {
    const path = join(recipeDir, name);
    if (!statSync(path).isFile()) continue;
    hash.update(`${name}\0`).update(readFileSync(path)).update('\0');
  }
  for (const [name, from] of Object.entries(LIVE_PREVIEW_INPUTS)) {
    const path = join(recipeDir, '..', from);
    if (existsSync(path)) hash.update(`live-preview/${name}\0`).update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}
