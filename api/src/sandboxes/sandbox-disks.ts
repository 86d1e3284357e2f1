import { execFile } from 'node:child_process';
import { chown, mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { SandboxDiskMounts } from './container-spec.js';

const run = promisify(execFile);
/** A disk without its container is swept only once older than this: it may be one being made for a container now. */
const ORPHAN_AFTER_MS = 2 * 60_000;
const SANDBOX_UID = 1000;

/** Who a disk belongs to: an engine on this machine and a container name, so any platform on the machine can tell an orphan. */
interface DiskOwner {
  engine: string;
  container: string;
}

/**
 * Per-sandbox disks on this machine's real disk: a sparse ext4 image per container, loop-mounted, whose
 * `workspace/` and `home/` folders are the container's /workspace and /home/sandbox. The image's size is
 * the limit (a full disk is "No space left on device" in that sandbox only); it takes host disk space
 * as it fills (discard gives freed blocks back) and no memory. Mounting needs root (SANDBOX_DISKS=loop).
 * A disk goes with its container; one whose container was removed behind the platform's back is swept.
 */
@Injectable()
export class SandboxDisks {
  private readonly logger = new Logger('SandboxDisks');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.sandbox.disks === 'loop';
  }

  /** The container's disk, made and mounted when needed; null when sandboxes keep tmpfs disks. */
  async ensure(engine: string, container: string): Promise<SandboxDiskMounts | null> {
    if (!this.enabled) return null;
    const { dir, image, mountPoint } = this.paths(container);
    await mkdir(mountPoint, { recursive: true, mode: 0o700 });
    // First: a disk is always someone's, so a sweep can tell when it is no one's any more.
    await writeFile(join(dir, 'owner.json'), JSON.stringify({ engine, container } satisfies DiskOwner));
    if (!(await exists(image))) await this.makeImage(image);
    if (!(await isMounted(mountPoint))) {
      // discard: space the sandbox frees goes back to the host; nosuid, nodev: nothing on it gains privileges.
      await run('mount', ['-o', 'loop,discard,nosuid,nodev,noatime', image, mountPoint]);
    }
    const mounts = { workspace: join(mountPoint, 'workspace'), home: join(mountPoint, 'home') };
    for (const folder of Object.values(mounts)) {
      await mkdir(folder, { recursive: true });
      await chown(folder, SANDBOX_UID, SANDBOX_UID);
    }
    return mounts;
  }

  /**
   * Unmounts the disk of a container removed just now from `engine` (its loop device goes with it) and
   * deletes the image. A disk the same name has on another engine now (the sandbox moved) stays.
   */
  async release(engine: string, container: string): Promise<void> {
    if (!this.enabled) return;
    const { dir, mountPoint } = this.paths(container);
    const owner = await readOwner(dir);
    if (!owner || owner.engine !== engine) return;
    if (await isMounted(mountPoint)) {
      // Another release of the same disk (the container's removal and a sweep, say) may unmount it first.
      await run('umount', [mountPoint])
        .catch(() => run('umount', ['-l', mountPoint]))
        .catch(async (err: Error) => {
          if (await isMounted(mountPoint)) throw err;
        });
    }
    await rm(dir, { recursive: true, force: true });
  }

  /**
   * Releases disks of this platform's engines whose container no longer exists (`existing` holds every
   * container name those engines have), once old enough not to be one being made right now. An engine
   * being taken away releases all of its disks with an empty `existing` and no minimum age.
   */
  async sweep(engines: readonly string[], existing: ReadonlySet<string>, minAgeMs = ORPHAN_AFTER_MS): Promise<void> {
    if (!this.enabled) return;
    const names = await readdir(this.config.sandbox.diskDir).catch(() => [] as string[]);
    for (const name of names) {
      const dir = join(this.config.sandbox.diskDir, name);
      const owner = await readOwner(dir);
      if (!owner || !engines.includes(owner.engine) || existing.has(owner.container)) continue;
      const age = Date.now() - (await stat(dir)).mtimeMs;
      if (age < minAgeMs) continue;
      this.logger.log(`Removing the disk of ${owner.container}: its container no longer exists`);
      await this.release(owner.engine, owner.container).catch((err: Error) => this.logger.warn(`Removing the disk of ${owner.container}: ${err.message}`));
    }
  }

  private paths(container: string): { dir: string; image: string; mountPoint: string } {
    const dir = join(this.config.sandbox.diskDir, container);
    return { dir, image: join(dir, 'disk.ext4'), mountPoint: join(dir, 'mnt') };
  }

  /** A sparse file of the configured size with an ext4 file system on it (a few tens of milliseconds). */
  private async makeImage(image: string): Promise<void> {
    const partial = `${image}.partial`;
    const file = await open(partial, 'w', 0o600);
    try {
      await file.truncate(this.config.sandbox.diskMb * 1024 * 1024);
    } finally {
      await file.close();
    }
    // No reserved blocks (nobody but the sandbox writes here); inode tables initialised lazily.
    await run('mkfs.ext4', ['-q', '-F', '-m', '0', '-E', `lazy_itable_init=1,lazy_journal_init=1,root_owner=${SANDBOX_UID}:${SANDBOX_UID}`, partial]);
    await rename(partial, image);
  }
}

function readOwner(dir: string): Promise<DiskOwner | null> {
  return readFile(join(dir, 'owner.json'), 'utf8')
    .then((text) => JSON.parse(text) as DiskOwner)
    .catch(() => null);
}

/** A host's engine as disks name it: its socket (the default one when none is set). */
export function engineKey(docker: string | null): string {
  return docker ?? 'unix:///var/run/docker.sock';
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Whether something is mounted exactly at `path` (mountinfo escapes spaces and the like as octal). */
export async function isMounted(path: string): Promise<boolean> {
  const mountinfo = await readFile('/proc/self/mountinfo', 'utf8');
  return mountinfo.split('\n').some((line) => line.split(' ')[4]?.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))) === path);
}
