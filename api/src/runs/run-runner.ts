import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { RunEvent } from '@forge/protocol/runs';
import { RUN_STOP_REQUESTED, type RunStopRequestedEvent } from '../common/events/domain-events.js';
import { type CallUsage, CreditsService } from '../credits/credits.service.js';
import { workMetrics } from '../operations/work-metrics.js';
import { ProjectsService } from '../projects/projects.service.js';
import { RunEventLog } from './run-event-log.js';
import { RunsRepository } from './runs.repository.js';
import { RunStop } from './run-stops.js';

/** What a generation's or edit's work may do while it runs. */
export interface RunContext {
  readonly runId: string;
  readonly ownerId: string;
  readonly signal: AbortSignal;
  /** Appends an event to the run's log, for every viewer now and later. */
  append(event: RunEvent): void;
  /** Links the run to the project it writes into. */
  setProject(projectId: string): Promise<void>;
  /**
   * Records one model call: its tokens on the run and its charge, in one transaction (`what` names
   * the work in the ledger). Answers the account's balance after it.
   */
  recordCall(call: CallUsage, what: string): Promise<bigint>;
}

/** How a run's work ended, and the events that say so, sent once the run's status is recorded. */
export interface RunEnd {
  status: 'completed' | 'failed';
  error: string | null;
  events: RunEvent[];
}

/** One generation's or edit's work. */
export interface RunWork {
  run(context: RunContext): Promise<RunEnd>;
}

/** The reason a run's signal is aborted with when the server stops under it. */
export const SERVER_STOPPING = 'server-stopping';
/** The reason when the work queue no longer counts this replica as the run's runner (its heartbeat lapsed). */
export const RUN_LOST = 'run-lost';
/** How long a stopping server waits for its runs to record how they ended. */
const SHUTDOWN_WAIT_MS = 5000;

/** Runs a generation's or edit's work on the server, whether or not anyone watches: its events, its status, its end. */
@Injectable()
export class RunRunner implements OnModuleDestroy {
  private readonly logger = new Logger('Runs');
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(
    private readonly events: RunEventLog,
    private readonly repository: RunsRepository,
    private readonly credits: CreditsService,
    private readonly projects: ProjectsService,
  ) {}

  /** Runs the work to its end; `lost` aborts it when the queue gave the run to another replica. */
  run(run: { id: string; ownerId: string }, work: RunWork, lost?: AbortSignal): Promise<void> {
    const controller = new AbortController();
    lost?.addEventListener('abort', () => controller.abort(RUN_LOST), { once: true });
    const done = this.execute(run, work, controller).finally(() => this.running.delete(run.id));
    this.running.set(run.id, { controller, done });
    return done;
  }

  /** The platform stops a run (an operator's cancel): aborted here, with why, when it runs here. */
  @OnEvent(RUN_STOP_REQUESTED)
  onStopRequested({ runId, by, reason }: RunStopRequestedEvent): void {
    this.running.get(runId)?.controller.abort(new RunStop(by, reason));
  }

  /** Whether the run's work runs on this replica. */
  isRunning(runId: string): boolean {
    return this.running.has(runId);
  }

  /** A server on its way down stops its runs and lets each record its end before the database goes. */
  async onModuleDestroy(): Promise<void> {
    const runs = [...this.running.values()];
    for (const run of runs) run.controller.abort(SERVER_STOPPING);
    await Promise.race([Promise.allSettled(runs.map((run) => run.done)), new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
  }

  private async execute(run: { id: string; ownerId: string }, work: RunWork, controller: AbortController): Promise<void> {
    const context: RunContext = {
      runId: run.id,
      ownerId: run.ownerId,
      signal: controller.signal,
      append: (event) => void this.events.append(run.id, event),
      setProject: (projectId) => this.repository.setProject(run.id, projectId),
      recordCall: (call, what) => this.credits.recordCall(run.ownerId, { runId: run.id }, call, what),
    };
    let end: RunEnd;
    try {
      end = await work.run(context);
    } catch (err) {
      // Work ends itself with its own events; this is the net for what it did not foresee.
      const message = (err as Error).message || 'Job error';
      this.logger.error(`Run ${run.id}: ${(err as Error).stack ?? message}`);
      end = { status: 'failed', error: message, events: [{ type: 'error', message }] };
    }
    workMetrics.jobFinished(end.status);
    try {
      // Another replica may have ended the run already (this one's heartbeat lapsed): its end stands.
      const ended = await this.repository.finish(run.id, end.status, end.error).catch((e: Error) => {
        this.logger.error(e.message);
        return true;
      });
      if (ended) {
        // Every run's log says what it cost, just before how it ended.
        const cost = await this.credits.costLine({ runId: run.id }).catch((e: Error) => this.logger.error(e.message));
        if (cost) this.events.append(run.id, { type: 'log', level: 'info', message: cost });
        for (const event of end.events) this.events.append(run.id, event);
      } else {
        this.logger.warn(`Run ${run.id} had been ended by another replica; its own end is dropped`);
      }
    } finally {
      await this.events.close(run.id);
      await this.projects.releaseJobClaim(run.id).catch((err: Error) => this.logger.error(`Releasing the project of run ${run.id}: ${err.message}`));
    }
  }
}
