import { describe, expect, it, jest } from '@jest/globals';
import { loadConfig } from '../config/app-config.js';
import type { SandboxBackend, SandboxEngine } from './sandbox-backend.js';
import type { SandboxNodesRepository } from './sandbox-nodes.repository.js';
import type { ReplicasService } from '../cluster/replicas.service.js';
import { LOST_AFTER_MISSES, SandboxNodesService, toAdminNode } from './sandbox-nodes.service.js';

const HOSTS = 'name=a;docker=unix:///a.sock;address=10.0.0.1;memoryMb=10240;cpus=4,name=b;docker=unix:///b.sock;address=10.0.0.2';

function newService() {
  const config = loadConfig({
    SANDBOX_INSTANCE: 'spec',
    SANDBOX_HOSTS: HOSTS,
    SANDBOX_MEMORY_MB: '1024',
    SANDBOX_DISK_MB: '512',
    SANDBOX_TMP_MB: '256',
    SANDBOX_HOME_MB: '256',
    SANDBOX_CPUS: '1',
    SANDBOX_DISKS: 'tmpfs',
  });
  const answering = { a: true, b: true } as Record<string, boolean>;
  const engineOf = (name: string) => ({
    status: jest.fn(async () => ({ reachable: answering[name]!, version: null, detail: answering[name] ? '' : 'Docker is not reachable, so projects cannot be built or previewed.' })),
    capacity: jest.fn(async () => ({ memoryMb: 2048, cpus: 2 })),
    list: jest.fn(async () => [
      { id: '1', running: true, labels: { 'dev.forge.project-id': 'p1' } },
      { id: '2', running: false, labels: { 'dev.forge.project-id': 'p2' } },
      { id: '3', running: true, labels: { 'dev.forge.role': 'firewall' } },
    ]),
  });
  const engines = { a: engineOf('a'), b: engineOf('b') };
  const backend: SandboxBackend = { hosts: config.sandboxHosts, engine: (id) => engines[id as 'a' | 'b'] as unknown as SandboxEngine };
  let misses = 0;
  const repository = {
    find: jest.fn(async (id: string) => ({ id, state: 'healthy' })),
    register: jest.fn(async (_node: object) => undefined),
    claimDue: jest.fn(async (ids: string[], _intervalMs: number) => ids),
    /** What PostgreSQL has building or running on each host, which the repository counts with what the engine listed. */
    placed: { a: ['p1'], b: [] as string[] } as Record<string, string[]>,
    recorded: [] as Array<[string, object]>,
    recordHeartbeat: jest.fn(async (id: string, listed: string[], heartbeat: (running: number) => object) => {
      repository.recorded.push([id, heartbeat(new Set([...listed, ...repository.placed[id]!]).size)]);
    }),
    recordMiss: jest.fn(async (_id: string, lostAfter: number, _error: string) => ++misses === lostAfter),
    place: jest.fn(async (_projectId: string, _demand: unknown, choose: (candidates: never[]) => string | null) => choose([])),
  };
  const replicas = { addresses: jest.fn(async () => ['198.18.7.20']) };
  const sut = new SandboxNodesService(config, backend, repository as unknown as SandboxNodesRepository, replicas as unknown as ReplicasService);
  return { sut, mocks: { repository, engines, answering } };
}

describe(SandboxNodesService.name, () => {
  it('heartbeats with free capacity counted as what the running sandboxes reserve, the engine filling in unset capacity', async () => {
    const { sut, mocks } = newService();
    await sut.heartbeat();
    expect(mocks.repository.claimDue).toHaveBeenCalledWith(['a', 'b'], expect.any(Number));
    // One running sandbox (the stopped one and the firewall helper do not count; p1 is also in PostgreSQL) of 2048 MB and 1 CPU.
    expect(mocks.repository.recorded).toContainEqual(['a', { capacityMemoryMb: 10240, capacityCpus: 4, runningSandboxes: 1, freeMemoryMb: 8192, freeCpus: 3 }]);
    expect(mocks.repository.recorded).toContainEqual(['b', { capacityMemoryMb: 2048, capacityCpus: 2, runningSandboxes: 1, freeMemoryMb: 0, freeCpus: 1 }]);
    expect(mocks.repository.recordHeartbeat).toHaveBeenCalledWith('a', ['p1'], expect.any(Function));
    expect(mocks.engines.a.capacity).not.toHaveBeenCalled();
  });

  it('counts a sandbox placed on the host but not running yet, so a heartbeat cannot undo a placement', async () => {
    const { sut, mocks } = newService();
    mocks.repository.placed.a = ['p1', 'p9'];
    await sut.check('a');
    expect(mocks.repository.recorded).toEqual([['a', expect.objectContaining({ runningSandboxes: 2, freeMemoryMb: 6144, freeCpus: 2 })]]);
  });

  it('checks only the hosts this replica claimed', async () => {
    const { sut, mocks } = newService();
    mocks.repository.claimDue.mockResolvedValueOnce(['b']);
    await sut.heartbeat();
    expect(mocks.engines.a.status).not.toHaveBeenCalled();
    expect(mocks.repository.recorded.map(([id]) => id)).toEqual(['b']);
  });

  it('counts a miss when the engine does not answer, the host lost at the threshold', async () => {
    const { sut, mocks } = newService();
    mocks.answering.a = false;
    for (let i = 0; i < LOST_AFTER_MISSES; i++) await sut.check('a');
    expect(mocks.repository.recordMiss).toHaveBeenCalledTimes(LOST_AFTER_MISSES);
    // The engine's own words are kept: the console's banner says why the host is lost.
    expect(mocks.repository.recordMiss).toHaveBeenCalledWith('a', LOST_AFTER_MISSES, 'Docker is not reachable, so projects cannot be built or previewed.');
    expect(mocks.repository.recordHeartbeat).not.toHaveBeenCalled();
    mocks.answering.a = true;
    await sut.check('a');
    expect(mocks.repository.recorded).toEqual([['a', expect.objectContaining({ runningSandboxes: 1 })]]);
  });

  it('refuses a placement with a domain error when no host may take it', async () => {
    const { sut } = newService();
    await expect(sut.place('p1')).rejects.toMatchObject({ code: 'unavailable', message: 'No sandbox host can take the project' });
  });

  it("registers every configured host once, with the engine's capacity where the settings give none, before anything is placed", async () => {
    const { sut, mocks } = newService();
    await Promise.all([sut.registered(), sut.place('p1').catch(() => undefined)]);
    expect(mocks.repository.register.mock.calls).toEqual([
      [{ id: 'a', endpoint: 'unix:///a.sock', address: '10.0.0.1', capacityMemoryMb: 10240, capacityCpus: 4 }],
      [{ id: 'b', endpoint: 'unix:///b.sock', address: '10.0.0.2', capacityMemoryMb: 2048, capacityCpus: 2 }],
    ]);
    expect(mocks.repository.register.mock.invocationCallOrder.at(-1)!).toBeLessThan(mocks.repository.place.mock.invocationCallOrder[0]!);
  });

  describe(toAdminNode.name, () => {
    const record = {
      id: 'a',
      endpoint: 'unix:///a.sock',
      address: null,
      capacityMemoryMb: 2048,
      capacityCpus: 2,
      freeMemoryMb: -1024,
      freeCpus: -1,
      runningSandboxes: 3,
      state: 'healthy' as const,
      draining: false,
      heartbeatAt: null,
      missedHeartbeats: 0,
      lastError: null,
    };

    it('keeps an overcommitted figure below zero for the console to name', () => {
      expect(toAdminNode(record)).toMatchObject({ freeMemoryMb: -1024, freeCpus: -1, lostReason: null });
    });

    it('offers nothing free on a lost host, and says why it is lost', () => {
      expect(toAdminNode({ ...record, state: 'lost', freeMemoryMb: 2048, freeCpus: 2, missedHeartbeats: 3, lastError: 'Docker is not reachable' })).toMatchObject({
        freeMemoryMb: 0,
        freeCpus: 0,
        lostReason: 'Docker is not reachable',
      });
      expect(toAdminNode({ ...record, state: 'lost', missedHeartbeats: 4 }).lostReason).toBe('it missed 4 heartbeats');
    });
  });
});
