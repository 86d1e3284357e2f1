import { describe, expect, it, jest } from '@jest/globals';
import type { QueuedJob, WorkQueue } from '../cluster/work-queue.js';
import { loadConfig } from '../config/app-config.js';
import { memoryLocks } from '../../test/support/memory-locks.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { PackageRegistryService } from './package-registry.service.js';
import { SandboxDisks } from './sandbox-disks.js';
import { SandboxHousekeepingService } from './sandbox-housekeeping.service.js';
import type { SandboxNodesService } from './sandbox-nodes.service.js';
import type { SandboxLiveService } from './sandbox-live.service.js';
import type { SandboxOutputService } from './sandbox-output.service.js';
import { SandboxLifecycleService } from './sandbox-lifecycle.service.js';
import { SandboxRefreshService } from './sandbox-refresh.service.js';
import type { SandboxScriptsService } from './sandbox-scripts.service.js';
import { SandboxWorkspaceService } from './sandbox-workspace.service.js';
import type { SandboxUsageCollector } from './sandbox-usage-collector.js';
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
    inspect: async (name: string) => {
      const container = containers.get(name);
      return container ? { ...container, publishedPorts: {} } : null;
    },
    list: async () => [...containers.values()].map((container) => ({ ...container, labels: {} })),
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

/** pg-boss's `exclusive` policy on one replica: one job per singleton key queued or running; jobs one at a time. */
function memoryQueue() {
  const queued: Array<{ key: string; data: object }> = [];
  let handler: ((job: QueuedJob<object>) => Promise<void>) | null = null;
  let running: string | null = null;
  const pump = async () => {
    if (running !== null || !handler) return;
    const next = queued.shift();
    if (!next) return;
    running = next.key;
    await handler({ id: next.key, name: 'queue', data: next.data } as QueuedJob<object>);
    running = null;
    void pump();
  };
  const queue = {
    ensureQueue: async () => undefined,
    work: async (_name: string, _options: object, work: (job: QueuedJob<object>) => Promise<void>) => {
      handler = work;
      return 'worker';
    },
    send: async (_name: string, data: object, options: { singletonKey: string }) => {
      if (running === options.singletonKey || queued.some((job) => job.key === options.singletonKey)) return null;
      queued.push({ key: options.singletonKey, data });
      void pump();
      return options.singletonKey;
    },
    queued: async () => queued.length,
    stopTaking: async () => undefined,
  };
  return queue as unknown as WorkQueue;
}

/** One local host whose engine is `engine`. */
function oneHost(engine: object): SandboxNodesService {
  const host = { name: 'local', docker: null, tls: null, address: null, memoryMb: null, cpus: null };
  return { hosts: [host], host: () => host, engine: () => engine, isUsable: async () => true, place: async () => 'local', platformAddresses: async () => [] } as unknown as SandboxNodesService;
}

/** No package registry proxy: these sandboxes install nothing. */
const noRegistry = { endpoint: async () => null, installEnvironment: async () => ({}) } as unknown as PackageRegistryService;

/** The real sandbox services over a fake engine, repository and projects. */
function services(engine: ReturnType<typeof fakeEngine>) {
  const config = loadConfig({ DATA_DIR: '/tmp/forge-spec', SANDBOX_INSTANCE: 'spec', SANDBOX_DISKS: 'tmpfs' });
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
  const deleted = new Set<string>();
  const projects = { findById: async (id: string) => (deleted.has(id) ? null : { id, ownerId: 'owner', name: `project-${id}` }) };
  const docker = oneHost(engine);
  const store = repository as unknown as SandboxesRepository;
  const locks = memoryLocks();
  const disks = new SandboxDisks(config);
  const lifecycle = new SandboxLifecycleService(config, docker, store, projects as unknown as ProjectsService, locks, noRegistry, disks);
  const workspace = new SandboxWorkspaceService(config, docker, store, projects as unknown as ProjectsService, lifecycle, noRegistry);
  const queue = memoryQueue();
  const housekeeping = new SandboxHousekeepingService(config, docker, store, lifecycle, workspace, queue, locks, disks, {} as SandboxUsageCollector);
  const refreshes = new SandboxRefreshService(docker, lifecycle, projects as unknown as ProjectsService);
  return {
    lifecycle,
    housekeeping,
    deleted,
    sandboxes: new SandboxesService(lifecycle, workspace, housekeeping, refreshes, {} as SandboxScriptsService, {} as SandboxOutputService, docker, {} as SandboxLiveService, queue),
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('SandboxHousekeepingService.prewarm', () => {
  const running: Array<{ onModuleDestroy(): Promise<void> }> = [];
  // Started services sweep on timers: stopped after each test, so none fires in a later file of the worker.
  afterEach(async () => {
    for (const housekeeping of running.splice(0)) await housekeeping.onModuleDestroy();
  });

  async function started(engine: ReturnType<typeof fakeEngine>) {
    const all = services(engine);
    await all.housekeeping.onApplicationBootstrap();
    running.push(all.housekeeping);
    return all;
  }

  it('starts queued sandboxes one at a time, in order, once each', async () => {
    const engine = fakeEngine();
    const { housekeeping } = await started(engine);
    for (const id of ['a', 'b', 'a', 'c']) housekeeping.prewarm(id);
    await until(() => engine.started.length === 3);
    expect(engine.started.map((name) => name.slice(-1))).toEqual(['a', 'b', 'c']);
    expect(engine.mostAtOnce).toBe(1);
  });

  it('skips a queued prewarm whose project was deleted first', async () => {
    const engine = fakeEngine();
    const { housekeeping, deleted } = await started(engine);
    housekeeping.prewarm('a');
    housekeeping.prewarm('b');
    deleted.add('b');
    await until(() => engine.started.length === 1);
    // Long enough for b's turn to have come and gone.
    await new Promise((resolve) => setTimeout(resolve, 4 * START_MS));
    expect(engine.started.map((name) => name.slice(-1))).toEqual(['a']);
  });

  it('skips a project whose container is already being started, without holding up the rest', async () => {
    const engine = fakeEngine();
    const { lifecycle, housekeeping } = await started(engine);
    const building = lifecycle.ensureContainer('a');
    housekeeping.prewarm('a');
    housekeeping.prewarm('b');
    await building;
    await until(() => engine.started.length === 2);
    // b started while a's start still held its lock: the queue did not wait behind it.
    expect(engine.mostAtOnce).toBe(2);
    expect(engine.started.map((name) => name.slice(-1))).toEqual(['a', 'b']);
  });
});

describe('SandboxHousekeepingService.startWithinQuota', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
  /** An owner with two running sandboxes, p1 visited long ago and p2 built recently, and a limit of 2. */
  function quota(states: { p1: string; p2: string } = { p1: 'running', p2: 'running' }) {
    const config = loadConfig({ DATA_DIR: '/tmp/forge-spec', SANDBOX_INSTANCE: 'spec', LIMIT_RUNNING_SANDBOXES: '2' });
    const container = (id: string) => ({ id, name: id, running: true, status: 'Up', ip: '', labels: { 'dev.forge.project-id': id } });
    const rows = [
      { projectId: 'p1', state: states.p1, lastVisitAt: hoursAgo(5), builtAt: hoursAgo(6), startedAt: null, project: { name: 'old-one' } },
      { projectId: 'p2', state: states.p2, lastVisitAt: null, builtAt: hoursAgo(1), startedAt: null, project: { name: 'new-one' } },
    ];
    const docker = { inspect: async () => null, list: async () => [container('p1'), container('p2')] };
    const repository = { findMany: async () => rows };
    const lifecycle = {
      ownerOf: async () => 'owner',
      busyAmong: async () => new Set<string>(),
      runningContainer: async () => {
        throw new Error('not running');
      },
      stop: jest.fn(async (_projectId: string) => undefined),
      ensureContainer: jest.fn(async (_projectId: string, _log: unknown) => ({ id: 'p3', ip: '172.30.0.9' })),
    };
    const sut = new SandboxHousekeepingService(
      config,
      oneHost(docker),
      repository as unknown as SandboxesRepository,
      lifecycle as unknown as SandboxLifecycleService,
      {} as SandboxWorkspaceService,
      memoryQueue(),
      memoryLocks(),
      new SandboxDisks(config),
      {} as SandboxUsageCollector,
    );
    return { sut, mocks: { lifecycle } };
  }

  it("stops the owner's least recently used sandbox first and says so in the log", async () => {
    const { sut, mocks } = quota();
    const log: string[] = [];
    await sut.startWithinQuota('p3', (line) => log.push(line));
    expect(mocks.lifecycle.stop.mock.calls).toEqual([['p1']]);
    expect(mocks.lifecycle.ensureContainer).toHaveBeenCalledWith('p3', expect.any(Function));
    expect(log).toEqual(['⏹️ Stopped the preview of old-one: an account may have 2 previews running at once (LIMIT_RUNNING_SANDBOXES), and old-one was the least recently visited']);
  });

  it('counts a visit not yet written down', async () => {
    const { sut, mocks } = quota();
    sut.recordVisit('p1');
    await sut.startWithinQuota('p3', () => undefined);
    expect(mocks.lifecycle.stop.mock.calls).toEqual([['p2']]);
  });

  it('never stops a sandbox being built, and refuses the start when all the others are', async () => {
    const { sut, mocks } = quota({ p1: 'building', p2: 'building' });
    await expect(sut.startWithinQuota('p3', () => undefined)).rejects.toMatchObject({
      code: 'quota_exceeded',
      message: 'Too many sandboxes running',
      details: expect.stringContaining('2 of yours are building now'),
    });
    expect(mocks.lifecycle.stop).not.toHaveBeenCalled();
    expect(mocks.lifecycle.ensureContainer).not.toHaveBeenCalled();
  });
});

describe('SandboxHousekeepingService.listForAdmin', () => {
  function listing() {
    const config = loadConfig({ DATA_DIR: '/tmp/forge-spec', SANDBOX_INSTANCE: 'spec', SANDBOX_DISKS: 'tmpfs' });
    const row = (i: number, state: 'running' | 'stopped') => ({
      projectId: `p${i}`,
      previewId: `pv${i}`,
      containerId: null,
      state,
      builtAt: null,
      startedAt: null,
      lastVisitAt: null,
      nodeId: state === 'running' ? 'local' : null,
      appAddress: null,
      project: { id: `p${i}`, name: `app-${i}`, ownerId: 'owner', ownerKeyHint: 'fk_abcd' },
    });
    const repository = {
      page: jest.fn(async (_after: string | undefined, limit: number) => ({ rows: [row(1, 'running'), row(2, 'stopped')].slice(0, limit), more: limit < 3 })),
      countByState: jest.fn(async () => ({ stopped: 2, building: 0, running: 1, failed: 0 })),
    };
    const measuredAt = new Date('2026-01-02T03:04:05Z');
    const collected = new Map([
      [
        'local/p1',
        { nodeId: 'local', container: { id: 'c1'.padEnd(64, 'f'), running: true, status: 'Up 1 minute' }, usage: { cpuPercent: 12.345, memoryBytes: 10, memoryLimitBytes: 100 }, measuredAt },
      ],
    ]);
    const usage = { snapshot: jest.fn(async () => collected) };
    const engine = { usage: jest.fn() };
    const lifecycle = { previewUrl: (id: string) => `http://${id}.preview.localhost/` };
    const sut = new SandboxHousekeepingService(
      config,
      oneHost(engine),
      repository as unknown as SandboxesRepository,
      lifecycle as unknown as SandboxLifecycleService,
      {} as SandboxWorkspaceService,
      memoryQueue(),
      memoryLocks(),
      new SandboxDisks(config),
      usage as unknown as SandboxUsageCollector,
    );
    return { sut, mocks: { repository, usage, engine } };
  }

  it('answers a page with the next cursor, counts of every sandbox and the collected figures, asking Docker nothing', async () => {
    const { sut, mocks } = listing();
    const page = await sut.listForAdmin(undefined, 2);
    expect(mocks.repository.page).toHaveBeenCalledWith(undefined, 2);
    expect(page.nextCursor).toBe('p2');
    expect(page.counts).toEqual({ total: 3, running: 1, building: 0, failed: 0 });
    expect(page.sandboxes.map((sandbox) => sandbox.projectName)).toEqual(['app-1', 'app-2']);
    expect(page.sandboxes[0]!.container).toEqual({ id: 'c1ffffffffff', status: 'Up 1 minute', cpuPercent: 12.3, memoryBytes: 10, memoryLimitBytes: 100, measuredAt: '2026-01-02T03:04:05.000Z' });
    expect(page.sandboxes[1]!.container).toBeNull();
    expect(mocks.engine.usage).not.toHaveBeenCalled();
  });

  it('says there is no next page on the last one', async () => {
    const { sut } = listing();
    expect((await sut.listForAdmin('p0', 50)).nextCursor).toBeNull();
  });
});
