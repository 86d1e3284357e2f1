// An account deleted while one of its projects builds, against the real Docker engine: nothing of
// that build outlives the deletion, and the next account's build runs. (In the end-to-end run a
// container left behind was stopped by the idle sweep a minute later, in the middle of the next
// test, and the host's network change aborted that test's page load.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { viteApp } from './fixtures/sandbox-projects.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { PrismaService } from '../src/platform-db/prisma.service.js';
import { containerName } from '../src/sandboxes/container-spec.js';
import { DockerDriver } from '../src/sandboxes/docker.driver.js';
import { SandboxLifecycleService } from '../src/sandboxes/sandbox-lifecycle.service.js';
import { runBuild, saveProject } from './support/build-client.js';
import { parsedEvents, readSse } from './support/sse-client.js';
import { type TestApp, signUp, startTestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  // One build at a time: the next account's build runs only once the deleted one's slot is free.
  t = await startTestApp({ BUILD_CONCURRENCY: '1', AUTOFIX_MAX_ATTEMPTS: '0' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an account deleted in the middle of a build', () => {
  it("loses the build's container with it, and frees its build slot for the next account", async () => {
    const doomed = await signUp(t.http);
    await saveProject(t, doomed.cookie, 'doomed', viteApp('Doomed'));
    const prisma = t.app.get(PrismaService);
    const projectId = (await prisma.project.findFirstOrThrow({ where: { name: 'doomed', ownerId: doomed.userId } })).id;
    const building = readSse(`${t.baseUrl}/api/projects/doomed/build`, { Cookie: doomed.cookie }, 'POST');

    // The first build of a project: its sandbox is recorded (with no host yet) while the container is
    // being placed and created, under the project's lifecycle lock. The account goes then.
    const lifecycle = t.app.get(SandboxLifecycleService);
    let creating = false;
    for (let i = 0; i < 1500 && !creating; i++) {
      const sandbox = await prisma.sandbox.findUnique({ where: { projectId } });
      creating = sandbox?.state === 'building' && sandbox.nodeId === null && (await lifecycle.isBusy(projectId));
      if (!creating) await sleep(20);
    }
    expect(creating).toBe(true);
    await t.http.delete('/api/auth/me').set('Cookie', doomed.cookie).expect(200);

    const { status, events } = await building;
    expect(status).toBe(200);
    expect(parsedEvents(events).find((e) => e.type === 'result')).toMatchObject({ data: { success: false } });
    expect(await prisma.project.count({ where: { id: projectId } })).toBe(0);
    const config = t.app.get<AppConfig>(APP_CONFIG);
    expect(await new DockerDriver(config.sandboxHosts[0]!).inspect(containerName(config, projectId))).toBeNull();

    const next = await signUp(t.http);
    await saveProject(t, next.cookie, 'survivor', viteApp('Survivor'));
    const outcome = await runBuild(t, next.cookie, 'survivor');
    expect(outcome.error).toBeNull();
    expect(outcome.success).toBe(true);
  }, 300_000);
});
