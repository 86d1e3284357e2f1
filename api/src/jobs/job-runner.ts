import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { AnyJobEvent } from '@forge/protocol/streams';
import { type CallUsage, CreditsService } from '../credits/credits.service.js';
import { workMetrics } from '../operations/work-metrics.js';
import { ProjectsService } from '../projects/projects.service.js';
import { JobEventLog } from './job-events.js';
import { JobsRepository } from './jobs.repository.js';

/** What a job's work may do while it runs. */
export interface JobContext {
  readonly jobId: string;
  readonly ownerId: string;
  readonly signal: AbortSignal;
  /** Appends an event to the job's stream, for every viewer now and later. */
  append(event: AnyJobEvent): void;
  /** Links the job to the project it writes into. */
  setProject(projectId: string): Promise<void>;
  /**
   * Records one model call: its tokens on the job and its charge, in one transaction (`what` names
   * the work in the ledger). Answers the account's balance after it.
   */
  recordCall(call: CallUsage, what: string): Promise<bigint>;
}

/** How a job's work ended, and the events that say so, sent once the job's status is recorded. */
export interface JobEnd {
  status: 'completed' | 'failed';
  error: string | null;
  events: AnyJobEvent[];
}

/** One kind of job's work: a generation, an edit. */
export interface JobWork {
  /** Which stream the job's events belong to. */
  kind: 'generate' | 'edit';
  run(context: JobContext): Promise<JobEnd>;
}

export interface RunningJob {
  id: string;
  ownerId: string;
}

/** The reason a job's signal is aborted with when the server stops under it. */
export const SERVER_STOPPING = 'server-stopping';
/** The reason when the work queue no longer counts this replica as the job's runner (its heartbeat lapsed). */
export const JOB_LOST = 'job-lost';
/** How long a stopping server waits for its jobs to record how they ended. */
const SHUTDOWN_WAIT_MS = 5000;

/** Runs a job's work on the server, whether or not anyone watches: its events, its status, its end. */
@Injectable()
export class JobRunner implements OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(
    private readonly events: JobEventLog,
    private readonly repository: JobsRepository,
    private readonly credits: CreditsService,
    private readonly projects: ProjectsService,
  ) {}

  /** Runs the work to its end; `lost` aborts it when the queue gave the job to another replica. */
  run(job: RunningJob, work: JobWork, lost?: AbortSignal): Promise<void> {
    const controller = new AbortController();
    lost?.addEventListener('abort', () => controller.abort(JOB_LOST), { once: true });
    const done = this.execute(job, work, controller).finally(() => this.running.delete(job.id));
    this.running.set(job.id, { controller, done });
    return done;
  }

  /** A server on its way down stops its jobs and lets each record its end before the database goes. */
  async onModuleDestroy(): Promise<void> {
    const runs = [...this.running.values()];
    for (const run of runs) run.controller.abort(SERVER_STOPPING);
    await Promise.race([Promise.allSettled(runs.map((run) => run.done)), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
  }

  private async execute(job: RunningJob, work: JobWork, controller: AbortController): Promise<void> {
    const context: JobContext = {
      jobId: job.id,
      ownerId: job.ownerId,
      signal: controller.signal,
      append: (event) => this.events.append(job.id, event),
      setProject: (projectId) => this.repository.setProject(job.id, projectId),
      recordCall: (call, what) => this.credits.recordCall(job.ownerId, { jobId: job.id }, call, what),
    };
    let end: JobEnd;
    try {
      end = await work.run(context);
    } catch (err) {
      // Work ends itself with its own events; this is the net for what it did not foresee.
      const message = (err as Error).message || 'Job error';
      this.logger.error(`Job ${job.id}: ${(err as Error).stack ?? message}`);
      end = { status: 'failed', error: message, events: [{ type: 'error', message }] };
    }
    workMetrics.jobFinished(end.status);
    try {
      // Another replica may have ended the job already (this one's heartbeat lapsed): its end stands.
      const ended = await this.repository.finish(job.id, end.status, end.error).catch((e: Error) => {
        this.logger.error(e.message);
        return true;
      });
      if (ended) {
        // Every job's log says what it cost, just before how it ended.
        const cost = await this.credits.costLine({ jobId: job.id }).catch((e: Error) => this.logger.error(e.message));
        if (cost) this.events.append(job.id, work.kind === 'edit' ? { type: 'log', message: cost } : { type: 'log', level: 'info', message: cost });
        for (const event of end.events) this.events.append(job.id, event);
      } else {
        this.logger.warn(`Job ${job.id} had been ended by another replica; its own end is dropped`);
      }
    } finally {
      await this.events.close(job.id);
      await this.projects.releaseJobClaim(job.id).catch((err: Error) => this.logger.error(`Releasing the project of job ${job.id}: ${err.message}`));
    }
  }
}
