import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { RunEvent, RunKind, RunSummary } from '@forge/protocol/runs';
import { ErrorCode } from '@forge/protocol/errors';
import { ReplicasService } from '../cluster/replicas.service.js';
import { DomainError, notFound } from '../common/errors/domain-error.js';
import { RUN_STOP_REQUESTED, type RunStopRequestedEvent } from '../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CreditsService } from '../credits/credits.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { AgentRunQueue } from './agent-run-queue.js';
import { RunEventLog, SEQ_BLOCK } from './run-event-log.js';
import type { RunViewer, TextMask } from './run-events.js';
import { RunInterruptions } from './run-interruptions.js';
import { AGENT_RUN_KINDS, type AgentRunKind, type NewRun, type RunRecord, type RunningRunRecord, RunsRepository } from './runs.repository.js';
import { RunStop } from './run-stops.js';
import type { RunStream } from './spec-streams.js';

// What other modules use of runs, through this facade.
export { INTERRUPTED_EDIT_MESSAGE, INTERRUPTED_MESSAGE } from './run-messages.js';
export { type RunContext, type RunEnd, type RunWork, SERVER_STOPPING } from './run-runner.js';
export { type AgentRunWork, AGENT_RUNS_QUEUE, AgentRunQueue, type QueuedAgentRun } from './agent-run-queue.js';
export { type LogLine, type RunViewer, eventOf } from './run-events.js';
export { type RunStream, writeRunSse } from './spec-streams.js';
export { AGENT_RUN_KINDS, type AgentRunKind, type RunningRunRecord } from './runs.repository.js';
export { RunStop, type StoppedBy, runStopOf } from './run-stops.js';

/** The kinds of work an operator may stop: builds, fixes, generations and edits. */
const STOPPABLE_KINDS = ['build', 'fix', ...AGENT_RUN_KINDS] as const satisfies readonly RunKind[];
/** How long a stop waits for the run to record its end before answering. */
const STOP_WAIT_MS = 20_000;
const STOP_POLL_MS = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a generation or edit is about, before it runs. */
export interface AgentRunSpec {
  kind: AgentRunKind;
  projectName: string;
  /** The edit's project; a generation makes its own. */
  projectId?: string;
  /** The description or the edit request. */
  prompt: string;
  provider: string;
  model: string | null;
}

/**
 * Runs: every piece of long-running work (a generation, an edit, a build, a fix) with one stored,
 * numbered event log. Generations and edits are queued here and run by whichever replica takes
 * them; builds run where they were asked for and keep their log here. Anyone allowed follows a
 * run from any event id, on any replica.
 */
@Injectable()
export class RunsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: RunsRepository,
    private readonly events: RunEventLog,
    private readonly queue: AgentRunQueue,
    private readonly interruptions: RunInterruptions,
    private readonly projects: ProjectsService,
    private readonly credits: CreditsService,
    private readonly replicas: ReplicasService,
    private readonly domainEvents: EventEmitter2,
  ) {}

  /** Every running build, fix, generation and edit, oldest first: what the operators' console lists. */
  listRunning(): Promise<RunningRunRecord[]> {
    return this.repository.listRunning(STOPPABLE_KINDS);
  }

  /** The running run (of a kind an operator may stop), or 404. */
  async findRunning(id: string): Promise<RunningRunRecord> {
    const [run] = UUID.test(id) ? await this.repository.listRunning(STOPPABLE_KINDS, id) : [];
    if (!run) throw new DomainError(ErrorCode.NotFound, 'This work is not running any more: it ended before the cancel reached it. Refresh the list.');
    return run;
  }

  /**
   * The platform stops a run, saying why (`stop`), whichever replica runs it: that replica aborts it
   * with the reason before it stops its container, so the owner reads the reason, not a guess. A
   * generation or edit still waiting in the queue ends here. Answers whether the run has ended
   * within a short wait (its last events, the owner's preview put back, are written by then).
   */
  async stop(runId: string, stop: RunStop): Promise<boolean> {
    const run = await this.repository.findWithPlace(runId);
    if (!run || run.status !== 'running') return true;
    const event: RunStopRequestedEvent = { runId, by: stop.by, reason: stop.reason };
    await this.domainEvents.emitAsync(RUN_STOP_REQUESTED, event);
    if ((AGENT_RUN_KINDS as readonly RunKind[]).includes(run.kind) && run.replicaId === null) await this.interruptions.end(runId, stop);
    const deadline = Date.now() + STOP_WAIT_MS;
    for (;;) {
      const now = await this.repository.find(runId);
      if (!now || now.status !== 'running') return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, STOP_POLL_MS));
    }
  }

  /** Stops the project's running build (or fix), if any, saying why; see `stop`. */
  async stopProjectBuild(projectId: string, stop: RunStop): Promise<void> {
    const runId = await this.repository.runningBuildOf(projectId);
    if (runId) await this.stop(runId, stop);
  }

  /**
   * Queues a generation or edit and answers its id: the project is claimed for it (a second
   * generation or edit of the project is refused with 409 naming it; an account without credit
   * with 402), the account's running ones are counted, and a replica runs it whether or not
   * anyone watches.
   */
  async launch(ownerId: string, spec: AgentRunSpec, input: unknown): Promise<string> {
    // A balance of zero or less is refused with 402 before anything is claimed or asked of the model.
    await this.credits.assertCanSpend(ownerId, spec.kind);
    const id = randomUUID();
    const release = await this.projects.claim(ownerId, spec.projectName, { kind: spec.kind, jobId: id });
    try {
      const run = await this.repository.createAgentRunIfUnder({ id, ownerId, ...spec }, this.config.limits.concurrentJobs, SEQ_BLOCK, (db) =>
        this.queue.enqueue({ runId: id, ownerId, kind: spec.kind, input }, db),
      );
      if (!run) throw tooManyRunning(this.config.limits.concurrentJobs, spec.kind);
      return run.id;
    } catch (err) {
      await release();
      throw err;
    }
  }

  /** The account's running generations and edits, newest first. */
  activeAgentRuns(ownerId: string) {
    return this.repository.listRunningAgentRuns(ownerId);
  }

  /** `GET /api/runs/{id}`: another account's run is not found. */
  async summary(ownerId: string, id: string): Promise<RunSummary> {
    const run = await this.find(ownerId, id);
    return { id: run.id, kind: run.kind, state: run.status, projectName: run.projectName, error: run.status === 'failed' ? run.error : null };
  }

  /**
   * The account's run (of one of `kinds`, when given), or 404: the same answer for another
   * account's run as for none.
   */
  async find(ownerId: string, id: string, kinds?: readonly RunKind[]): Promise<RunRecord> {
    const run = UUID.test(id) ? await this.repository.findForOwner(ownerId, id) : null;
    if (!run || (kinds && !kinds.includes(run.kind))) throw notFound(kinds === AGENT_RUN_KINDS ? 'Job not found' : 'Run not found');
    return run;
  }

  /** Everything after `afterSeq` (0: from the start), then live until its end; a missing run is refused first. */
  async stream(ownerId: string, id: string, afterSeq: number, kinds?: readonly RunKind[]): Promise<RunStream> {
    const run = await this.find(ownerId, id, kinds);
    return { runId: run.id, kind: run.kind, events: this.events.follow(run.id, afterSeq) };
  }

  /** A run's events from after `afterSeq`, wherever it runs, to its end. */
  follow(runId: string, afterSeq = 0): RunViewer {
    return this.events.follow(runId, afterSeq);
  }

  /**
   * A run that starts on this replica now (a build or fix): its log opens at once, so viewers can
   * follow it before `record` has written its row.
   */
  open(runId: string): void {
    this.events.open(runId, SEQ_BLOCK);
  }

  /** Writes the row of a run opened here. */
  record(run: NewRun): Promise<void> {
    return this.repository.create(run, this.replicas.id, SEQ_BLOCK);
  }

  /** The project's secrets, hidden in the run's events from the next on. */
  useMask(runId: string, mask: TextMask): void {
    this.events.useMask(runId, mask);
  }

  /** Appends an event to a run open here; answers it as kept (its secrets masked). */
  append<E extends RunEvent>(runId: string, event: E): E {
    return this.events.append(runId, event);
  }

  /** Records how a run opened here ended (unless another replica ended it). */
  finish(runId: string, status: 'completed' | 'failed', error: string | null): Promise<boolean> {
    return this.repository.finish(runId, status, error);
  }

  /** Appends the run's `end`; resolves once all its events are stored. */
  close(runId: string): Promise<void> {
    return this.events.close(runId);
  }

  /** Ends a run whose replica stopped under it with these events; true when this call ended it. */
  endInterrupted(runId: string, message: string, ending: RunEvent[]): Promise<boolean> {
    return this.interruptions.endInterrupted(runId, message, ending);
  }
}

/** Running generations and edits end by themselves; a minute is a fair time to look again. */
function tooManyRunning(limit: number, kind: AgentRunKind): DomainError {
  const what = kind === 'generation' ? ['a generation', 'generations'] : ['a generation or edit', 'generations or edits'];
  const running = limit === 1 ? `${what[0]} running` : `${limit} ${what[1]} running`;
  return new DomainError(ErrorCode.RateLimited, `You have ${running}, the most an account may run at once. Wait for one to finish.`, undefined, 60);
}
