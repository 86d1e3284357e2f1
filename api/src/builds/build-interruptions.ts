import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ReplicasService } from '../cluster/replicas.service.js';
import { REPLICA_LOST, type ReplicaLostEvent } from '../common/events/domain-events.js';
import { RunsService } from '../runs/runs.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { BuildsRepository } from './builds.repository.js';

/** What a build's viewers are told when the replica running it stopped. */
export const BUILD_INTERRUPTED_MESSAGE = 'The server running this build stopped. Build again to carry on.';

/**
 * Builds whose replica stopped under them end as failed, with their viewers told, and let go of
 * their projects: found at start-up (this host's earlier process, or a replica silent too long)
 * and when the others notice a replica has stopped beating.
 */
@Injectable()
export class BuildInterruptions implements OnApplicationBootstrap {
  private readonly logger = new Logger('Builds');

  constructor(
    private readonly repository: BuildsRepository,
    private readonly replicas: ReplicasService,
    private readonly runs: RunsService,
    private readonly sandboxes: SandboxesService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.repository.failUnowned(BUILD_INTERRUPTED_MESSAGE);
    const owners = (await this.repository.runningReplicaIds()).filter((id): id is string => id !== null);
    const alive = await this.replicas.alive(owners);
    await this.endBuildsOf(owners.filter((id) => !alive.has(id)));
  }

  @OnEvent(REPLICA_LOST)
  async onReplicaLost({ replicaId }: ReplicaLostEvent): Promise<void> {
    await this.endBuildsOf([replicaId]);
  }

  private async endBuildsOf(replicaIds: string[]): Promise<void> {
    if (replicaIds.length === 0) return;
    for (const build of await this.repository.runningOn(replicaIds)) {
      if (!(await this.repository.failIfRunning(build.id, BUILD_INTERRUPTED_MESSAGE))) continue;
      await this.runs.endInterrupted(build.id, BUILD_INTERRUPTED_MESSAGE, [
        { type: 'error', message: 'The build stopped', details: BUILD_INTERRUPTED_MESSAGE },
        { type: 'result', success: false, previewUrl: null, failedAt: 'build' },
      ]);
      await this.repository.releaseLease(build.projectId, build.id);
      // Not the project's failure: a preview that was built stays built and starts again on its next visit.
      await this.sandboxes.markInterrupted(build.projectId).catch((err: Error) => this.logger.warn(`After the build of ${build.projectId} stopped: ${err.message}`));
      this.logger.warn(`Build ${build.id} was running on a replica that stopped; marked failed`);
    }
  }
}
