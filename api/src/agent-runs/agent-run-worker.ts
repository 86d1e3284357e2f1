import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type QueuedJob, WorkQueue } from '../cluster/work-queue.js';
import { AGENT_RUNS_QUEUE, AgentRunQueue, type AgentRunWork, type QueuedAgentRun } from '../runs/runs.service.js';

/** Each kind of agent run's work, as the module below provides it. */
export const AGENT_RUN_WORK = Symbol('AGENT_RUN_WORK');

/** This replica's consumer of the agent runs' queue (up to `JOBS_PER_REPLICA` at once; none at 0). */
@Injectable()
export class AgentRunWorker implements OnApplicationBootstrap {
  constructor(
    private readonly workQueue: WorkQueue,
    private readonly runs: AgentRunQueue,
    @Inject(AGENT_RUN_WORK) private readonly work: AgentRunWork,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.runs.perReplica === 0) return;
    await this.workQueue.work<QueuedAgentRun>(AGENT_RUNS_QUEUE, { localConcurrency: this.runs.perReplica }, (job: QueuedJob<QueuedAgentRun>) => this.runs.take(job, this.work));
  }
}
