import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { RunEvent } from '@forge/protocol/runs';
import { ReplicasService } from '../cluster/replicas.service.js';
import { REPLICA_LOST, type ReplicaLostEvent } from '../common/events/domain-events.js';
import { ProjectsService } from '../projects/projects.service.js';
import { END_EVENT_TYPE, recordOf } from './run-events.js';
import { INTERRUPTED_EDIT_MESSAGE, INTERRUPTED_MESSAGE } from './run-messages.js';
import { AGENT_RUN_KINDS, RunsRepository } from './runs.repository.js';
import type { RunStop } from './run-stops.js';

/**
 * Runs whose replica stopped under them (killed, crashed, cut off) end as failed with a clear
 * message, told by whichever replica finds out first: at its start-up, when the dead replica stops
 * beating, or when the work queue hands the run on after its heartbeat lapsed. Ended once.
 */
@Injectable()
export class RunInterruptions {
  private readonly logger = new Logger('Runs');

  constructor(
    private readonly repository: RunsRepository,
    private readonly replicas: ReplicasService,
    private readonly projects: ProjectsService,
  ) {}

  /**
   * Ends the run as failed with `message` and these last events (its `end` added) unless it has
   * ended; its viewers, on any replica, get them. True when this call ended it.
   */
  async endInterrupted(runId: string, message: string, ending: RunEvent[]): Promise<boolean> {
    const run = await this.repository.find(runId);
    if (!run || run.status !== 'running') return false;
    if (!(await this.repository.finish(runId, 'failed', message))) return false;
    // Past every id a viewer may have seen, even those never stored: a resuming viewer gets these.
    const after = Math.max(await this.repository.lastSeq(runId), run.seqReserved);
    await this.repository.insertEvents(
      runId,
      [...ending, { type: END_EVENT_TYPE } as const].map((event, i) => recordOf(after + 1 + i, event)),
    );
    return true;
  }

  /**
   * Ends a generation or edit as interrupted (or with `stopped`, the platform's reason) unless it has
   * ended, and lets go of its project. True when this call ended it.
   */
  async end(runId: string, stopped?: RunStop): Promise<boolean> {
    const run = await this.repository.find(runId);
    if (!run) return false;
    const message = stopped ? stopped.message(run.kind === 'edit' ? 'edit' : 'generation') : run.kind === 'edit' ? INTERRUPTED_EDIT_MESSAGE : INTERRUPTED_MESSAGE;
    const ending: RunEvent[] =
      run.kind === 'edit'
        ? [
            { type: 'error', message },
            { type: 'result', success: false },
          ]
        : [
            { type: 'error', message },
            { type: 'result', success: false, filesSaved: 0 },
          ];
    if (!(await this.endInterrupted(runId, message, ending))) return false;
    await this.projects.releaseJobClaim(runId);
    this.logger.warn(stopped ? `Run ${runId} was stopped before it started: ${message}` : `Run ${runId} was running on a replica that stopped; marked failed`);
    return true;
  }

  /** At start-up: generations and edits of replicas that are gone (this host's earlier process, or one silent too long). */
  async endOrphans(): Promise<void> {
    const replicaIds = await this.repository.runningReplicaIds(AGENT_RUN_KINDS);
    const alive = await this.replicas.alive(replicaIds);
    await this.endRunsOf(replicaIds.filter((id) => !alive.has(id)));
  }

  @OnEvent(REPLICA_LOST)
  async onReplicaLost({ replicaId }: ReplicaLostEvent): Promise<void> {
    await this.endRunsOf([replicaId]);
  }

  private async endRunsOf(replicaIds: string[]): Promise<void> {
    if (replicaIds.length === 0) return;
    for (const run of await this.repository.runningOn(replicaIds, AGENT_RUN_KINDS)) {
      await this.end(run.id).catch((err: Error) => this.logger.error(`Ending run ${run.id}: ${err.message}`));
    }
  }
}
