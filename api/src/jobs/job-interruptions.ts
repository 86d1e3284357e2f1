import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { AnyJobEvent } from '@forge/protocol/streams';
import { ReplicasService } from '../cluster/replicas.service.js';
import { REPLICA_LOST, type ReplicaLostEvent } from '../common/events/domain-events.js';
import { ProjectsService } from '../projects/projects.service.js';
import { DONE_EVENT_TYPE, DONE_PAYLOAD } from './job-events.js';
import { INTERRUPTED_EDIT_MESSAGE, INTERRUPTED_MESSAGE } from './job-messages.js';
import { JobsRepository } from './jobs.repository.js';

/**
 * Jobs whose replica stopped under them (killed, crashed, cut off) end as failed with a clear
 * message, told by whichever replica finds out first: at its start-up, when the dead replica stops
 * beating, or when the work queue hands the job on after its heartbeat lapsed. Ended once.
 */
@Injectable()
export class JobInterruptions {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly repository: JobsRepository,
    private readonly replicas: ReplicasService,
    private readonly projects: ProjectsService,
  ) {}

  /** Ends the job as interrupted unless it has ended; its viewers, on any replica, get the end. */
  async end(jobId: string): Promise<void> {
    const job = await this.repository.find(jobId);
    if (!job || job.status !== 'running') return;
    const message = job.kind === 'edit' ? INTERRUPTED_EDIT_MESSAGE : INTERRUPTED_MESSAGE;
    if (!(await this.repository.finish(jobId, 'failed', message))) return;
    // Past every id a viewer may have seen, even those never stored: a resuming viewer gets these.
    const after = Math.max(await this.repository.lastSeq(jobId), job.seqReserved);
    const ending: AnyJobEvent[] =
      job.kind === 'edit'
        ? [{ type: 'error', message }]
        : [
            { type: 'error', message },
            { type: 'status', status: 'failed', filesSaved: 0 },
          ];
    await this.repository.insertEvents(jobId, [
      ...ending.map((event, i) => ({ seq: after + 1 + i, type: event.type, payload: JSON.stringify(event) })),
      { seq: after + 1 + ending.length, type: DONE_EVENT_TYPE, payload: DONE_PAYLOAD },
    ]);
    await this.projects.releaseJobClaim(jobId);
    this.logger.warn(`Job ${jobId} was running on a replica that stopped; marked failed`);
  }

  /** At start-up: jobs of replicas that are gone (this host's earlier process, or one silent too long). */
  async endOrphans(): Promise<void> {
    const replicaIds = await this.repository.runningReplicaIds();
    const alive = await this.replicas.alive(replicaIds);
    await this.endJobsOf(replicaIds.filter((id) => !alive.has(id)));
  }

  @OnEvent(REPLICA_LOST)
  async onReplicaLost({ replicaId }: ReplicaLostEvent): Promise<void> {
    await this.endJobsOf([replicaId]);
  }

  private async endJobsOf(replicaIds: string[]): Promise<void> {
    if (replicaIds.length === 0) return;
    for (const job of await this.repository.runningOn(replicaIds)) {
      await this.end(job.id).catch((err: Error) => this.logger.error(`Ending job ${job.id}: ${err.message}`));
    }
  }
}
