import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { JobKind } from '@forge/protocol/api';
import { ReplicasService } from '../cluster/replicas.service.js';
import { JOB_HEARTBEAT_SECONDS, type QueueDatabase, type QueuedJob, WorkQueue } from '../cluster/work-queue.js';
import { SERVER_DRAINING } from '../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { workMetrics } from '../operations/work-metrics.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { JobEventLog } from './job-events.js';
import { JobInterruptions } from './job-interruptions.js';
import { JobRunner, type JobWork } from './job-runner.js';
import { JobsRepository } from './jobs.repository.js';

export const JOBS_QUEUE = 'forge-jobs';
/** A queued job is taken within this in practice (workers are woken by NOTIFY). */
const LAUNCH_PICKUP_MS = 3000;

/** What the queue carries of a job: enough for any replica to run it. */
export interface QueuedJobData {
  jobId: string;
  ownerId: string;
  kind: JobKind;
  /** The kind's own input (the description, the edit request, images), as JSON. */
  input: unknown;
}

/** Makes a job's work from its queued input, on whichever replica takes it. */
export type JobBuilder = (input: never, ownerId: string) => JobWork;

/**
 * Generations and edits go through the work queue: any replica takes a job, runs it and beats for
 * it; when a replica stops beating, another finds out and ends its jobs with a clear message.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap {
  private readonly logger = new Logger('Jobs');
  private readonly builders = new Map<JobKind, JobBuilder>();
  /** Jobs this replica accepted (answered 201 for) and no replica has taken yet, with when. */
  private readonly launchedHere = new Map<string, number>();
  /** Jobs being taken here, not yet counted as running. */
  private taking = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: WorkQueue,
    private readonly replicas: ReplicasService,
    private readonly repository: JobsRepository,
    private readonly events: JobEventLog,
    private readonly runner: JobRunner,
    private readonly secrets: SecretsService,
    private readonly interruptions: JobInterruptions,
  ) {}

  /** Says how a kind of job is made from its input; each kind's module registers its own. */
  register(kind: JobKind, builder: JobBuilder): void {
    this.builders.set(kind, builder);
  }

  /** Queues the job inside the caller's transaction (`db`), so row and queue entry exist together. */
  async enqueue(data: QueuedJobData, db: QueueDatabase): Promise<void> {
    await this.queue.send(JOBS_QUEUE, data, { id: data.jobId, db });
    const now = Date.now();
    for (const [jobId, at] of this.launchedHere) if (now - at > LAUNCH_PICKUP_MS) this.launchedHere.delete(jobId);
    this.launchedHere.set(data.jobId, now);
  }

  async onApplicationBootstrap(): Promise<void> {
    // A job of a dead replica is failed after this long without its heartbeat, and handed on.
    await this.queue.ensureQueue(JOBS_QUEUE, { heartbeatSeconds: JOB_HEARTBEAT_SECONDS, retryLimit: 3, retryDelay: 0, expireInSeconds: 24 * 3600, deleteAfterSeconds: 3600 });
    await this.interruptions.endOrphans();
    if (this.config.jobs.perReplica > 0) await this.queue.work<QueuedJobData>(JOBS_QUEUE, { localConcurrency: this.config.jobs.perReplica }, (job) => this.take(job));
  }

  /**
   * A replica on its way down takes no further jobs: they wait in the queue for another. Jobs it
   * accepted a moment ago are taken first (by it or another), so a job answered 201 just before the
   * signal runs as it would have without it.
   */
  @OnEvent(SERVER_DRAINING)
  async onDraining(): Promise<void> {
    const deadline = Date.now() + LAUNCH_PICKUP_MS;
    while ((this.launchedHere.size > 0 || this.taking > 0) && Date.now() < deadline) {
      const taken = await this.repository.takenOrEnded([...this.launchedHere.keys()]);
      for (const jobId of taken) this.launchedHere.delete(jobId);
      if (this.launchedHere.size > 0 || this.taking > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await this.queue.stopTaking(JOBS_QUEUE);
  }

  private async take(job: QueuedJob<QueuedJobData>): Promise<void> {
    this.taking++;
    let counted = false;
    try {
      const work = await this.prepare(job);
      if (!work) return;
      workMetrics.jobStarted();
      this.taking--;
      counted = true;
      await work();
    } finally {
      if (!counted) this.taking--;
      this.launchedHere.delete(job.data.jobId);
    }
  }

  /** Takes the job on for this replica; answers how to run it, or null when it is not to run here. */
  private async prepare(job: QueuedJob<QueuedJobData>): Promise<(() => Promise<void>) | null> {
    const { jobId, ownerId, kind, input } = job.data;
    const builder = this.builders.get(kind);
    if (!builder) throw new Error(`No work is registered for jobs of kind ${kind}`);
    const taken = await this.repository.takeOn(jobId, this.replicas.id);
    if (!taken) {
      // Started on a replica that stopped beating (the queue hands such a job on): it ends here.
      await this.interruptions.end(jobId);
      return null;
    }
    this.events.open(jobId, taken.seqReserved, await this.secrets.maskerForName(ownerId, taken.projectName));
    this.logger.debug(`Job ${jobId} (${kind}) runs on this replica`);
    // The queue also aborts its signal when this replica stops taking work; the job is lost only
    // when another replica ended it (this one's heartbeat lapsed).
    const lost = new AbortController();
    job.signal.addEventListener(
      'abort',
      () => {
        void this.repository.runsOn(jobId, this.replicas.id).then((ours) => {
          if (!ours) lost.abort();
        });
      },
      { once: true },
    );
    return () => this.runner.run({ id: jobId, ownerId }, builder(input as never, ownerId), lost.signal);
  }
}
