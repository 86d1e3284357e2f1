import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ReplicasService } from '../cluster/replicas.service.js';
import { JOB_HEARTBEAT_SECONDS, type QueueDatabase, type QueuedJob, WorkQueue } from '../cluster/work-queue.js';
import { SERVER_DRAINING } from '../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { workMetrics } from '../operations/work-metrics.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { RunEventLog } from './run-event-log.js';
import { RunInterruptions } from './run-interruptions.js';
import { RunRunner, type RunWork } from './run-runner.js';
import { type AgentRunKind, RunsRepository } from './runs.repository.js';

/** Generations and edits waiting for a replica to run them. */
export const AGENT_RUNS_QUEUE = 'forge-agent-runs';
/** A queued run is taken within this in practice (workers are woken by NOTIFY). */
const LAUNCH_PICKUP_MS = 3000;

/** What the queue carries of a run: enough for any replica to run it. */
export interface QueuedAgentRun {
  runId: string;
  ownerId: string;
  kind: AgentRunKind;
  /** The kind's own input (the description, the edit request, images), as JSON. */
  input: unknown;
}

/** How each kind of agent run is made from its queued input, on whichever replica takes it. */
export type AgentRunWork = Record<AgentRunKind, (input: never, ownerId: string) => RunWork>;

/**
 * Generations and edits go through the work queue: any replica takes a run, runs it and beats for
 * it; when a replica stops beating, another finds out and ends its runs with a clear message. The
 * module that knows each kind's work consumes the queue (`take`).
 */
@Injectable()
export class AgentRunQueue implements OnApplicationBootstrap {
  private readonly logger = new Logger('Runs');
  /** Runs this replica accepted (answered 201 for) and no replica has taken yet, with when. */
  private readonly launchedHere = new Map<string, number>();
  /** Runs being taken here, not yet counted as running. */
  private taking = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: WorkQueue,
    private readonly replicas: ReplicasService,
    private readonly repository: RunsRepository,
    private readonly events: RunEventLog,
    private readonly runner: RunRunner,
    private readonly secrets: SecretsService,
    private readonly interruptions: RunInterruptions,
  ) {}

  /** Queues the run inside the caller's transaction (`db`), so row and queue entry exist together. */
  async enqueue(data: QueuedAgentRun, db: QueueDatabase): Promise<void> {
    await this.queue.send(AGENT_RUNS_QUEUE, data, { id: data.runId, db });
    const now = Date.now();
    for (const [runId, at] of this.launchedHere) if (now - at > LAUNCH_PICKUP_MS) this.launchedHere.delete(runId);
    this.launchedHere.set(data.runId, now);
  }

  async onApplicationBootstrap(): Promise<void> {
    // A run of a dead replica is failed after this long without its heartbeat, and handed on.
    await this.queue.ensureQueue(AGENT_RUNS_QUEUE, { heartbeatSeconds: JOB_HEARTBEAT_SECONDS, retryLimit: 3, retryDelay: 0, expireInSeconds: 24 * 3600, deleteAfterSeconds: 3600 });
    await this.interruptions.endOrphans();
  }

  /** How many runs this replica takes at once (`JOBS_PER_REPLICA`); 0: it takes none. */
  get perReplica(): number {
    return this.config.jobs.perReplica;
  }

  /**
   * A replica on its way down takes no further runs: they wait in the queue for another. Runs it
   * accepted a moment ago are taken first (by it or another), so a run answered 201 just before the
   * signal runs as it would have without it.
   */
  @OnEvent(SERVER_DRAINING)
  async onDraining(): Promise<void> {
    const deadline = Date.now() + LAUNCH_PICKUP_MS;
    while ((this.launchedHere.size > 0 || this.taking > 0) && Date.now() < deadline) {
      const taken = await this.repository.takenOrEnded([...this.launchedHere.keys()]);
      for (const runId of taken) this.launchedHere.delete(runId);
      if (this.launchedHere.size > 0 || this.taking > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await this.queue.stopTaking(AGENT_RUNS_QUEUE);
  }

  /** Takes a queued run on for this replica and runs it with its kind's work. */
  async take(job: QueuedJob<QueuedAgentRun>, work: AgentRunWork): Promise<void> {
    this.taking++;
    let counted = false;
    try {
      const run = await this.prepare(job, work);
      if (!run) return;
      workMetrics.jobStarted();
      this.taking--;
      counted = true;
      await run();
    } finally {
      if (!counted) this.taking--;
      this.launchedHere.delete(job.data.runId);
    }
  }

  /** Takes the run on for this replica; answers how to run it, or null when it is not to run here. */
  private async prepare(job: QueuedJob<QueuedAgentRun>, work: AgentRunWork): Promise<(() => Promise<void>) | null> {
    const { runId, ownerId, kind, input } = job.data;
    const make = work[kind];
    if (!make) throw new Error(`No work is known for runs of kind ${kind}`);
    const taken = await this.repository.takeOn(runId, this.replicas.id);
    if (!taken) {
      // Started on a replica that stopped beating (the queue hands such a run on): it ends here.
      await this.interruptions.end(runId);
      return null;
    }
    this.events.open(runId, taken.seqReserved, await this.secrets.maskerForName(ownerId, taken.projectName));
    this.logger.debug(`Run ${runId} (${kind}) runs on this replica`);
    // The queue also aborts its signal when this replica stops taking work; the run is lost only
    // when another replica ended it (this one's heartbeat lapsed).
    const lost = new AbortController();
    job.signal.addEventListener(
      'abort',
      () => {
        void this.repository.runsOn(runId, this.replicas.id).then(
          (ours) => {
            if (!ours) lost.abort();
          },
          // Unknown: the run goes on; if another replica ended it, its end is recorded already.
          (err: Error) => this.logger.warn(`Checking whether run ${runId} is still this replica's: ${err.message}`),
        );
      },
      { once: true },
    );
    return () => this.runner.run({ id: runId, ownerId }, make(input as never, ownerId), lost.signal);
  }
}
