import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import type { ContainerInfo } from './docker.driver.js';
import type { SandboxNodesService } from './sandbox-nodes.service.js';
import { COLLECT_EVERY_MS, COLLECT_IDLE_AFTER_MS, STATS_PER_HOST, SandboxUsageCollector } from './sandbox-usage-collector.js';

const config = loadConfig({ SANDBOX_INSTANCE: 'spec' });

function container(projectId: string, running = true): ContainerInfo {
  return { id: `c-${projectId}`, name: `forge-${projectId}`, running, status: running ? 'Up 1 minute' : 'Exited (0)', labels: { 'dev.forge.project-id': projectId }, ip: null, publishedPorts: {} };
}

function newCollector(containers: ContainerInfo[]) {
  let inFlight = 0;
  let mostInFlight = 0;
  const engine = {
    list: jest.fn(async () => containers),
    usage: jest.fn(async (id: string) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return { cpuPercent: 12.34, memoryBytes: id.length, memoryLimitBytes: 1024 };
    }),
  };
  const nodes = { hosts: [{ name: 'local' }], engine: () => engine };
  const sut = new SandboxUsageCollector(config, nodes as unknown as SandboxNodesService);
  return { sut, mocks: { engine, mostInFlight: () => mostInFlight } };
}

async function settle(sut: SandboxUsageCollector): Promise<void> {
  await (sut as unknown as { collecting: Promise<void> | null }).collecting;
}

describe(SandboxUsageCollector.name, () => {
  let open: SandboxUsageCollector | null = null;
  afterEach(async () => {
    jest.useRealTimers();
    await open?.onModuleDestroy();
    open = null;
  });

  it('answers from one container list, measuring in the background at most STATS_PER_HOST at a time', async () => {
    const containers = [...Array.from({ length: 10 }, (_, i) => container(`p${i}`)), container('stopped', false)];
    const { sut, mocks } = newCollector(containers);
    open = sut;
    const first = await sut.snapshot();
    expect(mocks.engine.list).toHaveBeenCalledTimes(1);
    expect(first.get('local/p0')).toMatchObject({ nodeId: 'local', usage: null, measuredAt: null });
    await settle(sut);
    expect(mocks.engine.usage).toHaveBeenCalledTimes(10);
    expect(mocks.mostInFlight()).toBe(STATS_PER_HOST);
    const second = await sut.snapshot();
    expect(second.get('local/p0')).toMatchObject({ usage: { cpuPercent: 12.34 }, measuredAt: expect.any(Date) });
    expect(second.get('local/stopped')).toMatchObject({ usage: null });
    // A refresh within a round costs no Docker call.
    expect(mocks.engine.list).toHaveBeenCalledTimes(1);
    expect(mocks.engine.usage).toHaveBeenCalledTimes(10);
  });

  it('collects every round while a console asks, stops when none has for a minute, and at shutdown', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const { sut, mocks } = newCollector([container('p1')]);
    open = sut;
    expect(sut.running).toBe(false);
    const asked = sut.snapshot();
    await jest.advanceTimersByTimeAsync(10);
    await asked;
    expect(sut.running).toBe(true);
    await jest.advanceTimersByTimeAsync(COLLECT_EVERY_MS);
    expect(mocks.engine.list).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(COLLECT_IDLE_AFTER_MS + COLLECT_EVERY_MS);
    expect(sut.running).toBe(false);
    const calls = mocks.engine.list.mock.calls.length;
    await jest.advanceTimersByTimeAsync(5 * COLLECT_EVERY_MS);
    expect(mocks.engine.list).toHaveBeenCalledTimes(calls);

    const again = sut.snapshot();
    await jest.advanceTimersByTimeAsync(10);
    await again;
    expect(sut.running).toBe(true);
    await sut.onModuleDestroy();
    open = null;
    expect(sut.running).toBe(false);
    const atShutdown = mocks.engine.list.mock.calls.length;
    await jest.advanceTimersByTimeAsync(5 * COLLECT_EVERY_MS);
    expect(mocks.engine.list).toHaveBeenCalledTimes(atShutdown);
  });

  it('keeps what a host showed while it does not answer', async () => {
    const { sut, mocks } = newCollector([container('p1')]);
    open = sut;
    await sut.snapshot();
    await settle(sut);
    mocks.engine.list.mockRejectedValueOnce(new Error('connect ENOENT'));
    (sut as unknown as { listedAt: number }).listedAt = 0;
    const after = await sut.snapshot();
    await settle(sut);
    expect(after.get('local/p1')).toMatchObject({ usage: { cpuPercent: 12.34 } });
  });
});
