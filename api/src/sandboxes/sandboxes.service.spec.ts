import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import type { ProjectStorage } from '../projects/project-storage.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { DockerDriver } from './docker.driver.js';
import type { SandboxesRepository } from './sandboxes.repository.js';
import { SandboxesService } from './sandboxes.service.js';

const START_MS = 20;

/** An engine whose container starts take a while, recording how many overlap. */
function fakeEngine() {
  const containers = new Map<string, { id: string; running: boolean; ip: string }>();
  const engine = {
    started: [] as string[],
    active: 0,
    mostAtOnce: 0,
    status: async () => ({ reachable: true, detail: '' }),
    imageExists: async () => true,
    ensureNetwork: async () => undefined,
    inspect: async (name: string) => containers.get(name) ?? null,
    createContainer: async (options: { name: string }) => {
      containers.set(options.name, { id: options.name, running: false, ip: '' });
    },
    start: async (name: string) => {
      engine.active++;
      engine.mostAtOnce = Math.max(engine.mostAtOnce, engine.active);
      await new Promise((resolve) => setTimeout(resolve, START_MS));
      containers.set(name, { id: name, running: true, ip: '172.30.0.2' });
      engine.started.push(name);
      engine.active--;
    },
    runToCompletion: async () => ({ exitCode: 0, output: '' }),
    remove: async (name: string) => {
      containers.delete(name);
    },
  };
  return engine;
}

function service(engine: ReturnType<typeof fakeEngine>) {
  const config = loadConfig({ DATA_DIR: '/tmp/forge-spec', SANDBOX_INSTANCE: 'spec' });
  const records = new Map<string, object>();
  const repository = {
    ensure: async (projectId: string) => {
      const record = records.get(projectId) ?? { projectId, previewId: `p-${projectId}`, state: 'stopped' };
      records.set(projectId, record);
      return record;
    },
    find: async (projectId: string) => records.get(projectId) ?? null,
    update: async () => undefined,
  };
  const projects = { findById: async (id: string) => ({ id, ownerId: 'owner', name: `project-${id}` }) };
  return new SandboxesService(
    config,
    engine as unknown as DockerDriver,
    repository as unknown as SandboxesRepository,
    {} as ProjectStorage,
    projects as unknown as ProjectsService,
  );
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('SandboxesService.prewarm', () => {
  it('starts queued sandboxes one at a time, in order, once each', async () => {
    const engine = fakeEngine();
    const sandboxes = service(engine);
    for (const id of ['a', 'b', 'a', 'c']) sandboxes.prewarm(id);
    await until(() => engine.started.length === 3);
    expect(engine.started.map((name) => name.slice(-1))).toEqual(['a', 'b', 'c']);
    expect(engine.mostAtOnce).toBe(1);
  });

  it('drops a queued prewarm when the project is removed first', async () => {
    const engine = fakeEngine();
    const sandboxes = service(engine);
    sandboxes.prewarm('a');
    sandboxes.prewarm('b');
    await sandboxes.remove('b', { quiet: true });
    await until(() => engine.started.length === 1);
    // Long enough for b's turn to have come and gone.
    await new Promise((resolve) => setTimeout(resolve, 4 * START_MS));
    expect(engine.started.map((name) => name.slice(-1))).toEqual(['a']);
  });

  it('skips a project whose container is already being started, without holding up the rest', async () => {
    const engine = fakeEngine();
    const sandboxes = service(engine);
    const building = sandboxes.ensureContainer('a');
    sandboxes.prewarm('a');
    sandboxes.prewarm('b');
    await building;
    await until(() => engine.started.length === 2);
    // b started while a's start still held its lock: the queue did not wait behind it.
    expect(engine.mostAtOnce).toBe(2);
    expect(engine.started.map((name) => name.slice(-1))).toEqual(['a', 'b']);
  });
});
