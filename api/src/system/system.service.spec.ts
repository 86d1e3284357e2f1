import { describe, expect, it, jest } from '@jest/globals';
import type { AgentService } from '../agent/agent.service.js';
import { DomainError } from '../common/errors/domain-error.js';
import { loadConfig } from '../config/app-config.js';
import { DrainState } from '../operations/drain.js';
import type { AdminNode } from '@forge/protocol/admin';
import type { EngineStatus } from '../sandboxes/docker.driver.js';
import type { SandboxesService } from '../sandboxes/sandboxes.service.js';
import type { WorkQueue } from '../cluster/work-queue.js';
import type { SystemRepository } from './system.repository.js';
import { SystemService } from './system.service.js';

const ENGINE_UP: EngineStatus = { reachable: true, version: '20.10.24', detail: 'Docker Engine 20.10.24 (API 1.41)' };
const NODE: AdminNode = {
  id: 'local',
  endpoint: 'unix:///var/run/docker.sock',
  address: null,
  state: 'healthy',
  draining: false,
  capacityMemoryMb: 8192,
  capacityCpus: 2,
  freeMemoryMb: 8192,
  freeCpus: 2,
  runningSandboxes: 0,
  heartbeatAt: null,
  missedHeartbeats: 0,
  lostReason: null,
};
const ENGINE_DOWN: EngineStatus = { reachable: false, version: null, detail: 'Docker is not reachable (connect ENOENT /var/run/docker.sock)' };

function newSystemService() {
  const repository = { ping: jest.fn(async () => undefined) };
  const sandboxes = { engineStatus: jest.fn(async () => ENGINE_UP), listNodes: jest.fn(async (): Promise<AdminNode[]> => [NODE]) };
  const drain = new DrainState();
  const queue = { check: jest.fn(async () => undefined) };
  const sut = new SystemService(
    loadConfig({}, { version: '1.2.3' }),
    sandboxes as unknown as SandboxesService,
    {} as AgentService,
    repository as unknown as SystemRepository,
    drain,
    queue as unknown as WorkQueue,
  );
  return { sut, mocks: { repository, sandboxes, drain, queue } };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

describe(SystemService.name, () => {
  describe('ready', () => {
    it('is ready when the database and the container engine answer', async () => {
      const { sut } = newSystemService();
      await expect(sut.ready()).resolves.toEqual({ ok: true, database: 'ok', queue: 'ok', containerEngine: ENGINE_UP.detail, sandboxHosts: { takingWork: 1, total: 1 }, warnings: [] });
    });

    it('stays ready but says so when no host takes work or a host is lost', async () => {
      const { sut, mocks } = newSystemService();
      mocks.sandboxes.listNodes.mockResolvedValue([
        { ...NODE, draining: true },
        { ...NODE, id: 'node-b', state: 'lost', missedHeartbeats: 4 },
        { ...NODE, id: 'node-c', state: 'lost', missedHeartbeats: 3, lostReason: 'Docker is not reachable' },
      ]);
      await expect(sut.ready()).resolves.toMatchObject({
        sandboxHosts: { takingWork: 0, total: 3 },
        warnings: [
          'No sandbox host takes work: new builds and stopped previews fail until an operator undrains a host or a lost one comes back.',
          'Sandbox host node-b is lost: it missed 4 heartbeats.',
          // With the engine's own reason when the heartbeat kept it.
          'Sandbox host node-c is lost: it missed 3 heartbeats (Docker is not reachable).',
        ],
      });
    });

    it('answers 503 naming the work queue when it does not answer', async () => {
      const { sut, mocks } = newSystemService();
      mocks.queue.check.mockRejectedValue(new Error('the work queue is not started'));
      const err = await refusal(sut.ready());
      expect(err.message).toBe('Not ready: the work queue does not answer');
      expect(err.details).toBe('the work queue: the work queue is not started');
    });

    it('answers 503 naming the database when it does not answer', async () => {
      const { sut, mocks } = newSystemService();
      mocks.repository.ping.mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      const err = await refusal(sut.ready());
      expect(err).toMatchObject({ code: 'unavailable', message: 'Not ready: the database does not answer' });
      expect(err.details).toContain('ECONNREFUSED');
    });

    it('answers 503 naming the container engine, and both when both are down', async () => {
      const { sut, mocks } = newSystemService();
      mocks.sandboxes.engineStatus.mockResolvedValue(ENGINE_DOWN);
      expect((await refusal(sut.ready())).message).toBe('Not ready: the container engine does not answer');
      mocks.repository.ping.mockRejectedValue(new Error('timeout'));
      const both = await refusal(sut.ready());
      expect(both.message).toBe('Not ready: the database and the container engine do not answer');
      expect(both.details).toBe(`the database: timeout; the container engine: ${ENGINE_DOWN.detail}`);
    });

    it('is not ready while the server shuts down, without asking anything', async () => {
      const { sut, mocks } = newSystemService();
      mocks.drain.begin();
      expect((await refusal(sut.ready())).message).toBe('Not ready: this server is shutting down');
      expect(mocks.repository.ping).not.toHaveBeenCalled();
    });
  });
});
