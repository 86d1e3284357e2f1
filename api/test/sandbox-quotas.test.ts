// What sandboxes may hold on the host, against the real Docker engine: idle and failed containers
// stop, memory and disks have the limits their settings say, an account has a number of running previews.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hostileApp, websocketApp } from './fixtures/sandbox-projects.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { containerName } from '../src/sandboxes/container-spec.js';
import { DockerDriver } from '../src/sandboxes/docker.driver.js';
import { SandboxHousekeepingService } from '../src/sandboxes/sandbox-housekeeping.service.js';
import { SandboxesService } from '../src/sandboxes/sandboxes.service.js';
import { getThroughProxy, runBuild, saveProject } from './support/build-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await startTestApp({
    BUILD_CONCURRENCY: '3',
    AUTOFIX_MAX_ATTEMPTS: '0',
    LIMIT_RUNNING_SANDBOXES: '2',
    SANDBOX_MEMORY_MB: '300',
    SANDBOX_DISK_MB: '100',
    SANDBOX_TMP_MB: '40',
    SANDBOX_HOME_MB: '30',
    // The disks as tmpfs, as a platform without root has them (sandbox-disks.test.ts covers loop disks).
    SANDBOX_DISKS: 'tmpfs',
  });
  cookie = (await signUp(t.http)).cookie;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function projectId(name: string): Promise<string> {
  return (await t.app.get(PrismaService).project.findFirstOrThrow({ where: { name } })).id;
}

async function containerRunning(id: string): Promise<boolean> {
  const config = t.app.get<AppConfig>(APP_CONFIG);
  const info = await new DockerDriver(config.sandboxHosts[0]!).inspect(containerName(config, id));
  return info?.running === true;
}

describe('containers that are not in use stop', () => {
  it('a container started ahead of a build (prewarm) stops once idle, whatever its recorded state', async () => {
    await saveProject(t, cookie, 'prewarmed', websocketApp('Early'));
    const id = await projectId('prewarmed');
    t.app.get(SandboxesService).prewarm(id);
    const prisma = t.app.get(PrismaService);
    // Started and recorded: the container is up and firewalled.
    const started = async () => Boolean((await prisma.sandbox.findUnique({ where: { projectId: id } }))?.startedAt);
    for (let i = 0; i < 100 && !(await started()); i++) await sleep(200);
    expect(await containerRunning(id)).toBe(true);
    const longAgo = new Date(Date.now() - 3 * 3600_000);
    await prisma.sandbox.update({ where: { projectId: id }, data: { startedAt: longAgo } });
    expect((await prisma.sandbox.findUniqueOrThrow({ where: { projectId: id } })).state).toBe('stopped');

    await t.app.get(SandboxHousekeepingService).stopIdle();

    expect(await containerRunning(id)).toBe(false);
  }, 60_000);

  it("a failed build's container is stopped, so its disks no longer hold host memory", async () => {
    await saveProject(t, cookie, 'fails', hostileApp('dd if=/dev/zero of=/workspace/app/ballast bs=1M count=20 2>/dev/null\necho giving up\nexit 1\n'));
    const outcome = await runBuild(t, cookie, 'fails');
    expect(outcome.success).toBe(false);
    expect(await containerRunning(await projectId('fails'))).toBe(false);
  }, 60_000);
});

describe('memory and disk limits', () => {
  it('gives each disk its own size and the container the documented sum as its memory limit', async () => {
    const probe = [
      'df -m /workspace /tmp /home/sandbox | awk \'NR>1 { print "disk", $6, $2 }\'',
      'echo "memory $(cat /sys/fs/cgroup/memory/memory.limit_in_bytes 2>/dev/null || cat /sys/fs/cgroup/memory.max)"',
      'dd if=/dev/zero of=/tmp/fill bs=1M count=80 2>&1 | head -n 1',
      'exit 1',
    ].join('\n');
    await saveProject(t, cookie, 'limits', hostileApp(probe));
    const log = (await runBuild(t, cookie, 'limits')).log.join('\n');
    expect(log).toMatch(/disk \/workspace 100\b/);
    expect(log).toMatch(/disk \/tmp 40\b/);
    expect(log).toMatch(/disk \/home\/sandbox 30\b/);
    // 300 for processes + 100 + 40 + 30 for the disks, which live in memory.
    expect(log).toContain(`memory ${470 * 1024 * 1024}`);
    // A full disk is a clear error, not an out-of-memory kill.
    expect(log).toMatch(/No space left on device/);
  }, 60_000);
});

describe('running previews per account', () => {
  it('starting one more stops the least recently visited running preview of the same account, and says so', async () => {
    const other = await signUp(t.http);
    await saveProject(t, other.cookie, 'other-account', websocketApp('Not mine'));
    expect((await runBuild(t, other.cookie, 'other-account')).success).toBe(true);

    for (const name of ['first', 'second']) {
      await saveProject(t, cookie, name, websocketApp(name));
      expect((await runBuild(t, cookie, name)).success).toBe(true);
    }
    // first is visited after second was built: second is now the least recently visited.
    const { previewUrl } = (await t.http.get('/api/projects/first/preview-status').set('Cookie', cookie).expect(200)).body as { previewUrl: string };
    expect((await getThroughProxy(t, previewUrl)).status).toBe(200);

    await saveProject(t, cookie, 'third', websocketApp('third'));
    const third = await runBuild(t, cookie, 'third');
    expect(third.success).toBe(true);
    expect(third.log.join('\n')).toContain('⏹️ Stopped the preview of second: an account may have 2 previews running at once (LIMIT_RUNNING_SANDBOXES), and second was the least recently visited');

    expect(await containerRunning(await projectId('first'))).toBe(true);
    expect(await containerRunning(await projectId('second'))).toBe(false);
    expect(await containerRunning(await projectId('third'))).toBe(true);
    expect(await containerRunning(await projectId('other-account'))).toBe(true);
    const second = await t.app.get(PrismaService).sandbox.findUniqueOrThrow({ where: { projectId: await projectId('second') } });
    expect(second.state).toBe('stopped');
  }, 180_000);
});
