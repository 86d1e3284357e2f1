import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { BuildStreamEvent } from '@forge/protocol/streams';
import { formatMicroUsd } from '@forge/protocol/credits';
import { ErrorCode } from '@forge/protocol/errors';
import { ReplicasService } from '../cluster/replicas.service.js';
import { DomainError, projectNotFound } from '../common/errors/domain-error.js';
import { JOB_HEARTBEAT_SECONDS, WorkQueue } from '../cluster/work-queue.js';
import { REPLICA_LOST, type ReplicaLostEvent, SERVER_DRAINING } from '../common/events/domain-events.js';
import type { SseSource } from '../common/http/sse.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type CallUsage, CreditsService } from '../credits/credits.service.js';
import { workMetrics } from '../operations/work-metrics.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { AutoFixService } from '../auto-fix/auto-fix.service.js';
import { BuildSlots } from './build-slots.js';
import { type FailedPass, type PassOutcome, BuildPassService, failedPass } from './build-pass.service.js';
import { BuildEventFollowers, BuildEventStore } from './build-events.js';
import { BuildRun } from './build-run.js';
import { underWatchdog } from './build-watchdog.js';
import { BuildsRepository } from './builds.repository.js';

/** An error the owner met in the preview, as the workspace sends it. */
export interface PreviewErrorReportInput {
  message: string;
  file?: string | null;
  line?: number | null;
  stack?: string | null;
}

/** Stopped previews to start again on their next visit, one queued or running per project. */
const WAKES_QUEUE = 'forge-preview-wakes';
const WAKES_PER_REPLICA = 4;

/** What a build's viewers are told when the replica running it stopped. */
export const BUILD_INTERRUPTED_MESSAGE = 'The server running this build stopped. Build again to carry on.';

/**
 * Builds a project in its sandbox: install, build, start, then the preview. A failed build goes
 * through the auto-fix loop; builds beyond the set number wait in a queue; a second request for a
 * project whose build runs attaches to it, on whichever replica it runs (one build per project at
 * a time across replicas, held by a lease in the database; its events are stored for the others).
 */
@Injectable()
export class BuildsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Builds');
  /** Builds running on this replica. */
  private readonly runs = new Map<string, BuildRun>();
  /** Lease attempts in progress here: a request racing one waits for it, then attaches. */
  private readonly opening = new Map<string, Promise<unknown>>();
  /** Stopped previews being started again from their kept build. */
  private readonly resuming = new Set<string>();
  private readonly slots: BuildSlots;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectsService,
    private readonly sandboxes: SandboxesService,
    private readonly autoFix: AutoFixService,
    private readonly repository: BuildsRepository,
    private readonly secrets: SecretsService,
    private readonly credits: CreditsService,
    private readonly passes: BuildPassService,
    private readonly replicas: ReplicasService,
    private readonly store: BuildEventStore,
    private readonly followers: BuildEventFollowers,
    private readonly workQueue: WorkQueue,
  ) {
    // A build holds a running sandbox: an account builds at most as many projects at once as it may have running.
    this.slots = new BuildSlots(config.builds.concurrency, config.limits.runningSandboxes);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.repository.failUnowned(BUILD_INTERRUPTED_MESSAGE);
    const owners = (await this.repository.runningReplicaIds()).filter((id): id is string => id !== null);
    const alive = await this.replicas.alive(owners);
    await this.endBuildsOf(owners.filter((id) => !alive.has(id)));
    // A stopped preview visited through several replicas at once is woken once: its wake is a job of
    // a queue that holds one per project, taken by whichever replica has room.
    await this.workQueue.ensureQueue(WAKES_QUEUE, { policy: 'exclusive', heartbeatSeconds: JOB_HEARTBEAT_SECONDS, retryLimit: 2, expireInSeconds: 900, deleteAfterSeconds: 600 });
    await this.workQueue.work<{ projectId: string }>(WAKES_QUEUE, { localConcurrency: WAKES_PER_REPLICA }, (job) => this.startForProject(job.data.projectId));
    this.sandboxes.setWakeHandler((projectId) => {
      void this.workQueue.send(WAKES_QUEUE, { projectId }, { singletonKey: projectId }).catch((err: Error) => this.logger.warn(`Waking ${projectId}: ${err.message}`));
    });
  }

  /** A replica on its way down wakes no more previews; the others do. */
  @OnEvent(SERVER_DRAINING)
  async onDraining(): Promise<void> {
    await this.workQueue.stopTaking(WAKES_QUEUE);
  }

  onModuleDestroy(): void {
    for (const run of this.runs.values()) run.controller.abort();
  }

  /** The project's build from its first event, starting one unless one is running; a missing project is refused first. */
  async build(ownerId: string, name: string): Promise<SseSource> {
    const project = await this.projects.find(ownerId, name);
    return this.open(project.id, project.name, ownerId);
  }

  /** Builds of a replica that stopped end as failed, with their viewers told, and let go of their projects. */
  @OnEvent(REPLICA_LOST)
  async onReplicaLost({ replicaId }: ReplicaLostEvent): Promise<void> {
    await this.endBuildsOf([replicaId]);
  }

  private async endBuildsOf(replicaIds: string[]): Promise<void> {
    if (replicaIds.length === 0) return;
    for (const build of await this.repository.runningOn(replicaIds)) {
      if (!(await this.repository.failIfRunning(build.id, BUILD_INTERRUPTED_MESSAGE))) continue;
      const after = await this.repository.lastSeq(build.id);
      const ending: BuildStreamEvent[] = [
        { type: 'error', data: { error: 'The build stopped', details: BUILD_INTERRUPTED_MESSAGE } },
        { type: 'result', data: { success: false, previewUrl: null, failedAt: 'build' } },
        { type: 'done' },
      ];
      await this.repository.insertEvents([{ streamId: build.id, events: ending.map((event, i) => ({ seq: after + 1 + i, type: event.type, payload: JSON.stringify(event) })) }]);
      await this.repository.releaseLease(build.projectId, build.id);
      await this.sandboxes.markFailed(build.projectId).catch((err: Error) => this.logger.warn(`After the build of ${build.projectId} stopped: ${err.message}`));
      this.logger.warn(`Build ${build.id} was running on a replica that stopped; marked failed`);
    }
  }

  /**
   * The project's running build from its first event (here, or followed from the replica that runs
   * it), or a new one here when none runs.
   */
  private async open(projectId: string, projectName: string, ownerId: string, reported?: FailedPass): Promise<SseSource> {
    for (;;) {
      const local = this.runs.get(projectId);
      if (local) return local.attach();
      const pending = this.opening.get(projectId);
      if (pending) {
        await pending.catch(() => undefined);
        continue;
      }
      const attempt = this.tryStart(projectId, projectName, ownerId, reported);
      this.opening.set(projectId, attempt);
      try {
        const outcome = await attempt;
        return 'run' in outcome ? outcome.run.attach() : this.followers.follow(outcome.runningBuildId, 0);
      } finally {
        if (this.opening.get(projectId) === attempt) this.opening.delete(projectId);
      }
    }
  }

  /** Starts a build here if the project's lease is free; otherwise answers the build that holds it. */
  private async tryStart(projectId: string, projectName: string, ownerId: string, reported?: FailedPass): Promise<{ run: BuildRun } | { runningBuildId: string }> {
    const id = randomUUID();
    const runningBuildId = await this.repository.lease(projectId, id, this.replicas.id);
    if (runningBuildId) return { runningBuildId };
    return { run: this.start(id, projectId, projectName, ownerId, reported) };
  }

  /**
   * An error the owner met in the running preview (reported by the page to the workspace): the
   * auto-fix loop starts from it, then builds and checks as after any fix. Refused while a build
   * runs, or when no model can fix code.
   */
  async fixReported(ownerId: string, name: string, report: PreviewErrorReportInput): Promise<SseSource> {
    const project = await this.projects.find(ownerId, name);
    if (this.runs.has(project.id) || (await this.repository.leaseOf(project.id))) {
      throw new DomainError(ErrorCode.Conflict, 'A build of this project is running: wait for it to finish, then ask again');
    }
    const availability = this.autoFix.availability();
    if (!availability.available) throw new DomainError(ErrorCode.Unavailable, availability.reason);
    if (this.autoFix.maxAttempts === 0) throw new DomainError(ErrorCode.Unavailable, 'Automatic fixes are turned off (AUTOFIX_MAX_ATTEMPTS=0)');
    const sandbox = await this.sandboxes.find(project.id);
    const previewUrl = sandbox?.builtAt ? this.sandboxes.previewUrl(sandbox.previewId) : null;
    const where = report.file ? ` (${report.file}${report.line ? `:${report.line}` : ''})` : '';
    const message = `Runtime error in the preview, met by its owner: ${report.message}${where}`;
    const reported: FailedPass = {
      ...failedPass('runtime', message, [message, ...(report.stack ? [report.stack] : [])].join('\n'), [{ file: report.file ?? null, line: report.line ?? null, column: null, message }]),
      previewUrl,
      check: 'failed',
    };
    return this.open(project.id, project.name, ownerId, reported);
  }

  /**
   * A fresh build of the project after its files changed: once the running build (which may not
   * have seen the change) has ended. Answers the new build's stream from its first event.
   */
  async rebuild(projectId: string): Promise<SseSource> {
    await this.whenIdle(projectId);
    const project = await this.projects.findById(projectId);
    if (!project) throw projectNotFound();
    return this.open(project.id, project.name, project.ownerId);
  }

  /**
   * Resolves once no build of the project runs on any replica (auto-fix included); true when it had
   * to wait, after `onWait`.
   */
  async whenIdle(projectId: string, onWait?: () => void): Promise<boolean> {
    let waited = false;
    for (;;) {
      const local = this.runs.get(projectId);
      const elsewhere = local ? null : await this.repository.leaseOf(projectId);
      if (!local && !elsewhere) return waited;
      if (!waited) onWait?.();
      waited = true;
      for await (const _ of local ? local.attach() : this.followers.follow(elsewhere!, 0));
      // A replica lets go of the lease just after its build's last event.
      if (elsewhere) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * A visited preview that was stopped: started again from its last build's kept output when its
   * files did not change since; otherwise (or when that fails) built.
   */
  private async startForProject(projectId: string): Promise<void> {
    if (this.runs.has(projectId) || this.resuming.has(projectId) || (await this.repository.leaseOf(projectId))) return;
    this.resuming.add(projectId);
    try {
      const project = await this.projects.findById(projectId);
      if (!project) return;
      const started = Date.now();
      const previewUrl = await this.sandboxes.resume(projectId, project.updatedAt).catch((err: Error) => {
        this.logger.warn(`Resuming ${project.name} (${projectId}) from its kept build: ${err.message}`);
        return null;
      });
      if (previewUrl) {
        this.logger.log(`Woke ${project.name} (${projectId}) from its kept build in ${Date.now() - started} ms`);
        return;
      }
      if (!this.runs.has(projectId)) await this.tryStart(project.id, project.name, project.ownerId);
    } finally {
      this.resuming.delete(projectId);
    }
  }

  /** A build under the project's lease: registered before anything awaits, so a request racing this one attaches to it. */
  private start(id: string, projectId: string, projectName: string, ownerId: string, reported?: FailedPass): BuildRun {
    const run = new BuildRun(id, projectId, (event) => this.store.append(id, event));
    this.runs.set(projectId, run);
    workMetrics.buildStarted();
    void this.execute(run, projectName, ownerId, reported)
      .catch((err: Error) => {
        // Only the engine failing outside a build step lands here; the viewer still gets an ending.
        this.logger.warn(`Build of ${projectName} (${projectId}): ${err.message}`);
        run.error('The build could not run', err.message);
        run.result(false, null);
      })
      .finally(async () => {
        this.runs.delete(projectId);
        run.finish();
        workMetrics.buildFinished(run.succeeded ? 'succeeded' : 'failed');
        // Its last events are stored before the project is free for the next build.
        await this.store.flush();
        await this.repository.releaseLease(projectId, run.id).catch((err: Error) => this.logger.error(`Releasing the build of ${projectName}: ${err.message}`));
      });
    return run;
  }

  private async execute(run: BuildRun, projectName: string, ownerId: string, reported?: FailedPass): Promise<void> {
    let attempts = 0;
    let fixesMade = 0;
    let pending = reported ?? null;
    let previousSignature: string | null = null;
    run.useMask(await this.secrets.masker(run.projectId));
    await this.repository.create(run.id, run.projectId, this.replicas.id);
    run.log(`🔨 Preparing the build of ${projectName}...`);
    const readiness = await this.sandboxes.readiness();
    if (!readiness.ready) {
      run.error(readiness.error, readiness.details);
      run.result(false, null);
      await this.repository.finish(run.id, { succeeded: false, attempts, error: readiness.error, lines: run.lines });
      return;
    }
    const ahead = this.slots.ahead(ownerId);
    const cap = this.slots.accountCapacity;
    if (this.slots.atAccountLimit(ownerId)) run.log(`⏳ Waiting for one of your builds to finish: an account builds at most ${cap} project${cap === 1 ? '' : 's'} at once (LIMIT_RUNNING_SANDBOXES)`);
    else if (ahead > 0) run.log(`⏳ Waiting for a build slot: ${ahead} build${ahead === 1 ? '' : 's'} ahead (at most ${this.slots.capacity} at once)`);
    const queuedAt = Date.now();
    await this.slots.acquire(ownerId);
    if (ahead > 0) run.log(`▶️ Got a build slot after ${((Date.now() - queuedAt) / 1000).toFixed(1)} s`);
    try {
      await this.repository.markRunning(run.id);
      // Every step has its own limit; one watchdog over each pass stops what hangs regardless.
      const watchdog = { limitMs: this.sandboxes.passLimitMs(), step: () => run.step, onExpire: () => this.sandboxes.abandon(run.projectId) };
      await underWatchdog(watchdog, () => this.sandboxes.prepare(run.projectId, (line) => run.log(line)));
      let failure: string;
      let last: FailedPass | null = null;
      for (;;) {
        let outcome: PassOutcome;
        if (pending) {
          // An error met in the running preview stands in for the first build's failure.
          outcome = pending;
          pending = null;
          run.log(`🐞 ${outcome.summary}`);
        } else {
          attempts++;
          outcome = await underWatchdog(watchdog, () => this.passes.run(run));
        }
        if (outcome.ok) {
          run.log(`🎉 Preview ready at ${outcome.previewUrl}`);
          await this.logCost(run);
          run.result(true, outcome.previewUrl, { check: outcome.check });
          // Kept after the answer, off the build's path: the next wake-up of this preview starts from it.
          if (outcome.filesAt) {
            void this.sandboxes.keepOutput(run.projectId, outcome.filesAt).catch((err: Error) => this.logger.warn(`Keeping the build of ${projectName}: ${err.message}`));
          }
          await this.repository.finish(run.id, { succeeded: true, attempts, error: null, lines: run.lines });
          return;
        }
        failure = outcome.summary;
        last = outcome;
        // The same errors as the build before: the last attempt did not help, and another would not either.
        if (previousSignature === outcome.signature) {
          run.log(`🛑 The agent could not make progress on this error: ${outcome.summary}. Stopping the automatic fixes.`);
          failure = `the agent could not make progress on this error: ${outcome.summary}`;
          break;
        }
        previousSignature = outcome.signature;
        if (fixesMade >= this.autoFix.maxAttempts) {
          if (this.autoFix.maxAttempts > 0) run.log(`🛑 Still failing after ${fixesMade} automatic fix attempt${fixesMade === 1 ? '' : 's'}; giving up.`);
          failure = this.autoFix.maxAttempts > 0 ? `still failing after ${fixesMade} automatic fix attempts: ${outcome.summary}` : outcome.summary;
          break;
        }
        const availability = this.autoFix.availability();
        if (!availability.available) {
          run.log(`ℹ️ ${availability.reason}`);
          break;
        }
        const fix = await this.autoFix.attempt({
          ownerId,
          buildId: run.id,
          projectId: run.projectId,
          projectName,
          buildLog: outcome.log,
          errors: outcome.errors,
          failedAt: outcome.failedAt,
          attempt: fixesMade + 1,
          log: (line) => run.log(line),
          signal: run.controller.signal,
        });
        fixesMade++;
        this.logAttemptCost(run, fixesMade, fix);
        if (fix.changedPaths.length === 0) {
          failure = `the automatic fix changed nothing: ${outcome.summary}`;
          break;
        }
        // A runaway build stops its container; the next build starts it again.
        run.log(`🔁 Rebuilding with ${fix.changedPaths.length} changed file${fix.changedPaths.length === 1 ? '' : 's'} (build ${attempts + 1})...`);
      }
      await this.fail(run, attempts, failure, undefined, last);
    } catch (err) {
      const message = err instanceof DomainError ? err.message : 'The build could not run';
      const details = err instanceof DomainError ? err.details : (err as Error).message;
      this.logger.warn(`Build of ${projectName} (${run.projectId}): ${(err as Error).message}`);
      await this.fail(run, attempts, details ? `${message}: ${details}` : message, { error: message, details });
    } finally {
      this.slots.release(ownerId);
    }
  }

  /** Every build's log says what its automatic fixes cost ($0.00 when none ran). */
  private async logCost(run: BuildRun): Promise<void> {
    run.log(await this.credits.costLine({ buildId: run.id }).catch(() => '💰 Cost: unknown (the ledger could not be read)'));
  }

  /**
   * A build that did not compile or start leaves no preview; one that failed in the browser keeps
   * it running, so its owner can see what broke (and the page's own error reports reach them).
   */
  private async fail(run: BuildRun, attempts: number, summary: string, event?: { error: string; details?: string }, last?: FailedPass | null): Promise<void> {
    const atRuntime = last?.failedAt === 'runtime' && last.previewUrl !== null;
    if (!atRuntime) await this.sandboxes.markFailed(run.projectId).catch(() => undefined);
    await this.logCost(run);
    run.result(false, atRuntime ? last.previewUrl : null, last ? { failedAt: last.failedAt, ...(last.check ? { check: last.check } : {}) } : { failedAt: 'build' });
    run.error(event?.error ?? (atRuntime ? 'The app failed in the browser' : 'Build failed'), event ? event.details : summary);
    await this.repository.finish(run.id, { succeeded: false, attempts, error: summary, lines: run.lines, failedAt: last?.failedAt ?? 'build' }).catch(() => undefined);
  }

  /** One fix attempt's tokens and price in the stream; the ledger has charged them on the build as they came. */
  private logAttemptCost(run: BuildRun, attempt: number, fix: CallUsage): void {
    const cost = formatMicroUsd(this.credits.priceOf(fix), { precise: true });
    run.log(`💰 Fix attempt ${attempt} used ${fix.inputTokens.toLocaleString('en-US')} input and ${fix.outputTokens.toLocaleString('en-US')} output tokens (${cost})`);
  }

  /**
   * A preview changed in place (an edit's fast path), opened in the checking browser as a build's
   * is. False when it found problems (logged): a full build, with its automatic fixes, should follow.
   */
  checkInPlace(projectId: string, previewUrl: string, log: (line: string) => void): Promise<boolean> {
    return this.passes.checkInPlace(projectId, previewUrl, log);
  }
}
