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
import { SandboxNodesService } from '../src/sandboxes/sandbox-nodes.service.js';
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
    // The first build of a project: its sandbox is recorded (with no host yet) while the container is
    // being placed and created, under the project's lifecycle lock. Its placement is held there
    // (polling for that moment missed it on a busy machine), and the account goes then.
    const config = t.app.get<AppConfig>(APP_CONFIG);
    const nodes = t.app.get(SandboxNodesService);
    const place = nodes.place.bind(nodes);
    let reached!: () => void;
    let release!: () => void;
    const creating = new Promise<void>((resolve) => (reached = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    nodes.place = async (id) => {
      reached();
      await held;
      return place(id);
    };
    try {
      const building = readSse(`${t.baseUrl}/api/projects/doomed/build`, { Cookie: doomed.cookie }, 'POST');
      await creating;
      const sandbox = await prisma.sandbox.findUnique({ where: { projectId } });
      expect({ state: sandbox?.state, nodeId: sandbox?.nodeId, busy: await t.app.get(SandboxLifecycleService).isBusy(projectId) }).toEqual({ state: 'building', nodeId: null, busy: true });
      const deleting = t.http
        .delete('/api/auth/me')
        .set('Cookie', doomed.cookie)
        .then((res) => res.status);
      // The deletion waits for the project's lifecycle: let the placement go on once it has begun.
      await sleep(500);
      release();
      expect(await deleting).toBe(200);
      const { status, events } = await building;
      expect(status).toBe(200);
      expect(parsedEvents(events).find((e) => e.type === 'result')).toMatchObject({ data: { success: false } });
    } finally {
      release();
      nodes.place = place;
    }
    expect(await prisma.project.count({ where: { id: projectId } })).toBe(0);
    expect(await new DockerDriver(config.sandboxHosts[0]!).inspect(containerName(config, projectId))).toBeNull();

    const next = await signUp(t.http);
    await saveProject(t, next.cookie, 'survivor', viteApp('Survivor'));
    const outcome = await runBuild(t, next.cookie, 'survivor');
    expect(outcome.error).toBeNull();
    expect(outcome.success).toBe(true);
  }, 300_000);
});
