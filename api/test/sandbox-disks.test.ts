// Sandbox disks on the machine's real disk (SANDBOX_DISKS=loop), against the real Docker engine: each
// sandbox's own size-limited file system, a full one failing only its own build, nothing left behind.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hostileApp, websocketApp } from './fixtures/sandbox-projects.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { containerName } from '../src/sandboxes/container-spec.js';
import { DockerDriver } from '../src/sandboxes/docker.driver.js';
import { SandboxesService } from '../src/sandboxes/sandboxes.service.js';
import { runBuild, saveProject } from './support/build-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let cookie: string;
let config: AppConfig;

beforeAll(async () => {
  t = await startTestApp({ SANDBOX_DISKS: 'loop', SANDBOX_DISK_MB: '96', SANDBOX_MEMORY_MB: '300', SANDBOX_TMP_MB: '32', AUTOFIX_MAX_ATTEMPTS: '0', BUILD_CONCURRENCY: '2' });
  cookie = (await signUp(t.http)).cookie;
  config = t.app.get<AppConfig>(APP_CONFIG);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function projectId(name: string): Promise<string> {
  return (await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name } })).id;
}

/** The loop devices backed by a file (losetup lists them by their backing file). */
function loopDevicesOf(image: string): string {
  return spawnSync('losetup', ['-j', image], { encoding: 'utf8' }).stdout.trim();
}

describe('sandbox disks on real disk', () => {
  it('gives the project and the home folder a disk of their own, limited by its size and not counted as memory', async () => {
    const probe = [
      'df -m /workspace /home/sandbox | awk \'NR>1 { print "disk", $6, $2, $1 }\'',
      'echo "memory $(cat /sys/fs/cgroup/memory/memory.limit_in_bytes 2>/dev/null || cat /sys/fs/cgroup/memory.max)"',
      'exit 1',
    ].join('\n');
    await saveProject(t, cookie, 'probe', hostileApp(probe));

    const log = (await runBuild(t, cookie, 'probe')).log.join('\n');

    // ext4 keeps a few MB for itself: the file system is the 96 MB image, shared by both folders.
    expect(log).toMatch(/disk \/workspace 8\d \/dev\/loop\d+/);
    expect(log).toMatch(/disk \/home\/sandbox 8\d \/dev\/loop\d+/);
    expect(log).toContain(`memory ${(300 + 32) * 1024 * 1024}`);
  }, 60_000);

  it('a project that fills its disk fails its own build with "No space left on device" while a neighbour builds', async () => {
    await saveProject(t, cookie, 'filler', hostileApp('dd if=/dev/zero of=/workspace/app/fill bs=1M count=1000\necho "dd exit code $?"\nexit 1\n'));
    await saveProject(t, cookie, 'neighbour', websocketApp('Neighbour'));

    const [filler, neighbour] = await Promise.all([runBuild(t, cookie, 'filler'), runBuild(t, cookie, 'neighbour')]);

    expect(filler.success).toBe(false);
    expect(filler.log.join('\n')).toMatch(/No space left on device/);
    expect(neighbour.success).toBe(true);
  }, 120_000);

  it('removes the disk, its image and its loop device with the sandbox', async () => {
    const id = await projectId('neighbour');
    const dir = join(config.sandbox.diskDir, containerName(config, id));
    const image = join(dir, 'disk.ext4');
    expect(existsSync(image)).toBe(true);
    expect(loopDevicesOf(image)).not.toBe('');

    await t.app.get(SandboxesService).remove(id);

    expect(await new DockerDriver(config.sandboxHosts[0]!).inspect(containerName(config, id))).toBeNull();
    expect(existsSync(dir)).toBe(false);
    expect(loopDevicesOf(image)).toBe('');
  }, 60_000);
});
