import { describe, expect, it, jest } from '@jest/globals';
import type { EventEmitter2 } from '@nestjs/event-emitter';
import type { ReplicasService } from '../cluster/replicas.service.js';
import { RUN_STOP_REQUESTED } from '../common/events/domain-events.js';
import type { AppConfig } from '../config/app-config.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { AgentRunQueue } from './agent-run-queue.js';
import type { RunEventLog } from './run-event-log.js';
import type { RunInterruptions } from './run-interruptions.js';
import { RunStop } from './run-stops.js';
import type { RunsRepository } from './runs.repository.js';
import { RunsService } from './runs.service.js';

const RUN = '44444444-4444-4444-8444-444444444444';

function newRunsService(run: { kind: string; replicaId: string | null }) {
  /** What the run's row says, read after each stop request: `running` until the replica running it ends it. */
  let status = 'running';
  const repository = {
    findWithPlace: jest.fn(async () => ({ id: RUN, kind: run.kind, status, projectId: 'p1', projectName: 'shop', ownerId: 'o1', replicaId: run.replicaId })),
    find: jest.fn(async () => ({ id: RUN, status })),
    runningBuildOf: jest.fn(async (): Promise<string | null> => RUN),
  };
  const interruptions = { end: jest.fn(async (_runId: string, _stop?: RunStop) => ((status = 'failed'), true)) };
  const domainEvents = { emitAsync: jest.fn(async (_name: string, _event: unknown) => []) };
  const sut = new RunsService(
    {} as AppConfig,
    repository as unknown as RunsRepository,
    {} as RunEventLog,
    {} as AgentRunQueue,
    interruptions as unknown as RunInterruptions,
    {} as ProjectsService,
    {} as CreditsService,
    {} as ReplicasService,
    domainEvents as unknown as EventEmitter2,
  );
  const end = () => (status = 'failed');
  return { sut, mocks: { repository, interruptions, domainEvents }, end };
}

describe(RunsService.name, () => {
  describe('stop', () => {
    it('asks every replica to stop the run with why, and answers once the replica running it has ended it', async () => {
      const { sut, mocks, end } = newRunsService({ kind: 'build', replicaId: 'r1' });
      mocks.domainEvents.emitAsync.mockImplementation(async () => (setTimeout(end, 150), []));
      await expect(sut.stop(RUN, new RunStop('operator', 'Runaway build'))).resolves.toBe(true);
      expect(mocks.domainEvents.emitAsync).toHaveBeenCalledWith(RUN_STOP_REQUESTED, { runId: RUN, by: 'operator', reason: 'Runaway build' });
      expect(mocks.interruptions.end).not.toHaveBeenCalled();
    });

    it('ends a generation still waiting in the queue itself, with the stop as its message', async () => {
      const { sut, mocks } = newRunsService({ kind: 'generation', replicaId: null });
      const stop = new RunStop('operator', 'Abuse');
      await expect(sut.stop(RUN, stop)).resolves.toBe(true);
      expect(mocks.interruptions.end).toHaveBeenCalledWith(RUN, stop);
    });

    it('does nothing to a run that has ended', async () => {
      const { sut, mocks, end } = newRunsService({ kind: 'edit', replicaId: 'r1' });
      end();
      await expect(sut.stop(RUN, new RunStop('operator', 'late'))).resolves.toBe(true);
      expect(mocks.domainEvents.emitAsync).not.toHaveBeenCalled();
    });
  });

  it("stops a project's running build, and nothing when none runs", async () => {
    const { sut, mocks, end } = newRunsService({ kind: 'build', replicaId: 'r1' });
    mocks.domainEvents.emitAsync.mockImplementation(async () => (end(), []));
    await sut.stopProjectBuild('p1', new RunStop('operator', 'its sandbox was stopped'));
    expect(mocks.domainEvents.emitAsync).toHaveBeenCalledTimes(1);
    mocks.repository.runningBuildOf.mockResolvedValue(null);
    await sut.stopProjectBuild('p1', new RunStop('operator', 'its sandbox was stopped'));
    expect(mocks.domainEvents.emitAsync).toHaveBeenCalledTimes(1);
  });
});
