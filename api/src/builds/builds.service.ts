import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { ErrorCode } from '@forge/protocol/errors';
import { ReplicasService } from '../cluster/replicas.service.js';
import { DomainError, projectNotFound } from '../common/errors/domain-error.js';
import { RUN_STOP_REQUESTED, type RunStopRequestedEvent } from '../common/events/domain-events.js';
import { workMetrics } from '../operations/work-metrics.js';
import { ProjectsService } from '../projects/projects.service.js';
import { type LogLine, RunStop, type RunStream, RunsService } from '../runs/runs.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { BuildAttempts } from './build-attempts.service.js';
import { type FailedPass, BuildPassService, failedPass } from './build-pass.service.js';
import { BuildRun } from './build-run.js';
import { BuildsRepository } from './builds.repository.js';

export { BUILD_INTERRUPTED_MESSAGE } from './build-interruptions.js';

/** How long a stopped build's container is stopped again while the build has not ended, and how often. */
const STOP_ENFORCE_MS = 60_000;
const STOP_RETRY_MS = 2_000;

/** An error the owner met in the preview, as the workspace sends it. */
export interface PreviewErrorReportInput {
  message: string;
  file?: string | null;
  line?: number | null;
  stack?: string | null;
}

/**
 * Builds a project in its sandbox as a run (kind build, or fix when it starts from an error met in
 * the preview): install, build, start, then the preview, with the auto-fix loop after a failed
 * pass. A second request for a project whose build runs follows it, on whichever replica it runs
 * (one build per project at a time across replicas, held by a lease in the database); its events
 * are the run's, so any replica follows it, from the start or after a reconnect.
 */
@Injectable()
export class BuildsService implements OnModuleDestroy {
  private readonly logger = new Logger('Builds');
  /** Builds running on this replica, by project. */
  private readonly active = new Map<string, BuildRun>();
  /** Lease attempts in progress here: a request racing one waits for it, then follows. */
  private readonly opening = new Map<string, Promise<unknown>>();

  constructor(
    private readonly projects: ProjectsService,
    private readonly sandboxes: SandboxesService,
    private readonly repository: BuildsRepository,
    private readonly runs: RunsService,
    private readonly secrets: SecretsService,
    private readonly replicas: ReplicasService,
    private readonly attempts: BuildAttempts,
    private readonly passes: BuildPassService,
  ) {}

  onModuleDestroy(): void {
    for (const run of this.active.values()) run.controller.abort(new RunStop('shutdown'));
  }

  /**
   * The platform stops a build running here (an operator's cancel, a stop of its sandbox): the reason
   * is recorded on the build first, then its container stops, ending whatever step it was in; the
   * build ends saying why and puts the last good build back in the preview.
   */
  @OnEvent(RUN_STOP_REQUESTED)
  async onStopRequested({ runId, by, reason }: RunStopRequestedEvent): Promise<void> {
    const run = [...this.active.values()].find((active) => active.id === runId);
    if (!run || run.controller.signal.aborted) return;
    run.controller.abort(new RunStop(by, reason));
    this.logger.warn(`Build ${runId} of ${run.projectId}: ${run.platformStop()!.message('build')}`);
    void this.enforceStop(run);
  }

  /**
   * Stops the build's container, and again while the build's steps still run: a step that was starting
   * its container or its command when the first stop came would otherwise carry on in a fresh one.
   * Once the build puts its last good build back, that container is the preview's and is left alone.
   */
  private async enforceStop(run: BuildRun): Promise<void> {
    const deadline = Date.now() + STOP_ENFORCE_MS;
    const stepsRunning = () => this.active.get(run.projectId) === run && !run.restoringAfterStop;
    while (stepsRunning() && Date.now() < deadline) {
      run.containerStop = this.sandboxes.abandon(run.projectId).catch((err: Error) => this.logger.warn(`Stopping the container of ${run.projectId}: ${err.message}`));
      await run.containerStop;
      await new Promise((resolve) => setTimeout(resolve, STOP_RETRY_MS));
    }
  }

  /** The project's build from its first event, starting one unless one is running; a missing project is refused first. */
  async build(ownerId: string, name: string): Promise<RunStream> {
    const project = await this.projects.find(ownerId, name);
    return this.open(project.id, project.name, ownerId);
  }

  /**
   * An error the owner met in the running preview (reported by the page to the workspace): the
   * auto-fix loop starts from it, then builds and checks as after any fix. Refused while a build
   * runs, or when no model can fix code.
   */
  async fixReported(ownerId: string, name: string, report: PreviewErrorReportInput): Promise<RunStream> {
    const project = await this.projects.find(ownerId, name);
    if (await this.isBuilding(project.id)) throw new DomainError(ErrorCode.Conflict, 'A build of this project is running: wait for it to finish, then ask again');
    this.attempts.assertCanFix();
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
   * have seen the change) has ended. Answers the new build's events from its first.
   */
  async rebuild(projectId: string): Promise<RunStream> {
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
      const local = this.active.get(projectId);
      const elsewhere = local ? null : await this.repository.leaseOf(projectId);
      if (!local && !elsewhere) return waited;
      if (!waited) onWait?.();
      waited = true;
      for await (const _ of this.runs.follow(local ? local.id : elsewhere!));
      // A replica lets go of the lease just after its build's last event.
      if (elsewhere) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Whether a build of the project runs, here or on another replica. */
  async isBuilding(projectId: string): Promise<boolean> {
    return this.active.has(projectId) || (await this.repository.leaseOf(projectId)) !== null;
  }

  /** A build of the project unless one runs already (a visited preview with no kept build to start from). */
  async buildUnlessRunning(projectId: string, projectName: string, ownerId: string): Promise<void> {
    if (!this.active.has(projectId)) await this.tryStart(projectId, projectName, ownerId);
  }

  /**
   * A preview changed in place (an edit's fast path), opened in the checking browser as a build's
   * is. False when it found problems (logged): a full build, with its automatic fixes, should follow.
   */
  checkInPlace(projectId: string, previewUrl: string, log: LogLine): Promise<boolean> {
    return this.passes.checkInPlace(projectId, previewUrl, log);
  }

  /**
   * The project's running build from its first event (here, or followed from the replica that runs
   * it), or a new one here when none runs.
   */
  private async open(projectId: string, projectName: string, ownerId: string, reported?: FailedPass): Promise<RunStream> {
    for (;;) {
      const local = this.active.get(projectId);
      if (local) return this.stream(local.id);
      const pending = this.opening.get(projectId);
      if (pending) {
        await pending.catch(() => undefined);
        continue;
      }
      const attempt = this.tryStart(projectId, projectName, ownerId, reported);
      this.opening.set(projectId, attempt);
      try {
        const outcome = await attempt;
        return this.stream('run' in outcome ? outcome.run.id : outcome.runningBuildId);
      } finally {
        if (this.opening.get(projectId) === attempt) this.opening.delete(projectId);
      }
    }
  }

  /** A build's events from the first; builds and fixes share the spec's build stream. */
  private stream(runId: string): RunStream {
    return { runId, kind: 'build', events: this.runs.follow(runId) };
  }

  /** Starts a build here if the project's lease is free; otherwise answers the build that holds it. */
  private async tryStart(projectId: string, projectName: string, ownerId: string, reported?: FailedPass): Promise<{ run: BuildRun } | { runningBuildId: string }> {
    const id = randomUUID();
    const runningBuildId = await this.repository.lease(projectId, id, this.replicas.id);
    if (runningBuildId) return { runningBuildId };
    return { run: this.start(id, projectId, projectName, ownerId, reported) };
  }

  /** A build under the project's lease: registered (and its log open) before anything awaits, so a request racing this one follows it. */
  private start(id: string, projectId: string, projectName: string, ownerId: string, reported?: FailedPass): BuildRun {
    this.runs.open(id);
    const run = new BuildRun(id, projectId, (event) => this.runs.append(id, event));
    this.active.set(projectId, run);
    workMetrics.buildStarted();
    void this.execute(run, projectName, ownerId, reported)
      .catch((err: Error) => {
        // Only the engine failing outside a build step lands here; the viewer still gets an ending.
        this.logger.warn(`Build of ${projectName} (${projectId}): ${err.message}`);
        run.error('The build could not run', err.message);
        run.result(false, null);
        run.failure = err.message;
      })
      .finally(async () => {
        this.active.delete(projectId);
        run.finish();
        workMetrics.buildFinished(run.succeeded ? 'succeeded' : 'failed');
        await this.runs
          .finish(id, run.succeeded ? 'completed' : 'failed', run.succeeded ? null : run.failure)
          .catch((err: Error) => this.logger.error(`Recording the build of ${projectName}: ${err.message}`));
        // Its last events are stored before the project is free for the next build.
        await this.runs.close(id);
        await this.repository.releaseLease(projectId, run.id).catch((err: Error) => this.logger.error(`Releasing the build of ${projectName}: ${err.message}`));
      });
    return run;
  }

  /** The run's row and the build's, its first event, then the build itself. */
  private async execute(run: BuildRun, projectName: string, ownerId: string, reported?: FailedPass): Promise<void> {
    this.runs.useMask(run.id, await this.secrets.masker(run.projectId));
    const kind = reported ? 'fix' : 'build';
    await this.runs.record({ id: run.id, ownerId, kind, projectId: run.projectId, projectName });
    await this.repository.create(run.id, run.projectId, this.replicas.id);
    run.started(kind, projectName);
    await this.attempts.run(run, { projectName, ownerId, reported });
  }
}
