import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DomainError, projectNotFound } from '../common/errors/domain-error.js';
import type { SseSource } from '../common/http/sse.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CreditsService } from '../credits/credits.service.js';
import { DatabaseSetupService } from '../databases/database-setup.service.js';
import { workMetrics } from '../operations/work-metrics.js';
import { ProjectsService } from '../projects/projects.service.js';
import { BUILD_OUTPUT_LIMIT_BYTES, type CommandResult, SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { AutoFixService } from './auto-fix.service.js';
import { extractBuildErrors } from './build-errors.js';
import { OutputLines } from './build-output.js';
import { BuildQueue } from './build-queue.js';
import { BuildRun } from './build-run.js';
import { underWatchdog } from './build-watchdog.js';
import { BuildsRepository } from './builds.repository.js';

/** What the auto-fix loop gets of a failed build: its tail, where the errors are. */
const MAX_FIX_LOG_CHARS = 200_000;

/**
 * Builds a project in its sandbox: install, build, start, then the preview. A failed build goes
 * through the auto-fix loop; builds beyond the set number wait in a queue; a second request for a
 * project whose build runs attaches to it.
 */
@Injectable()
export class BuildsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Builds');
  private readonly runs = new Map<string, BuildRun>();
  private readonly queue: BuildQueue;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectsService,
    private readonly sandboxes: SandboxesService,
    private readonly autoFix: AutoFixService,
    private readonly repository: BuildsRepository,
    private readonly secrets: SecretsService,
    private readonly databases: DatabaseSetupService,
    private readonly credits: CreditsService,
  ) {
    // A build holds a running sandbox: an account builds at most as many projects at once as it may have running.
    this.queue = new BuildQueue(config.builds.concurrency, config.limits.runningSandboxes);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.repository.failInterrupted();
    this.sandboxes.setWakeHandler((projectId) => void this.startForProject(projectId).catch((err: Error) => this.logger.warn(`Waking ${projectId}: ${err.message}`)));
  }

  onModuleDestroy(): void {
    for (const run of this.runs.values()) run.controller.abort();
  }

  /** The project's build from its first event, starting one unless one is running; a missing project is refused first. */
  async build(ownerId: string, name: string): Promise<SseSource> {
    const project = await this.projects.find(ownerId, name);
    const run = this.runs.get(project.id) ?? this.start(project.id, project.name, ownerId);
    return run.attach();
  }

  /**
   * A fresh build of the project after its files changed: once the running build (which may not
   * have seen the change) has ended. Answers the new build's stream from its first event.
   */
  async rebuild(projectId: string): Promise<SseSource> {
    await this.whenIdle(projectId);
    const project = await this.projects.findById(projectId);
    if (!project) throw projectNotFound();
    return (this.runs.get(projectId) ?? this.start(project.id, project.name, project.ownerId)).attach();
  }

  /** Resolves once no build of the project runs (auto-fix included); true when it had to wait, after `onWait`. */
  async whenIdle(projectId: string, onWait?: () => void): Promise<boolean> {
    let waited = false;
    for (let run = this.runs.get(projectId); run; run = this.runs.get(projectId)) {
      if (!waited) onWait?.();
      waited = true;
      for await (const _ of run.attach());
    }
    return waited;
  }

  /** A build nobody asked for over HTTP: a visited preview that was stopped. */
  private async startForProject(projectId: string): Promise<void> {
    if (this.runs.has(projectId)) return;
    const project = await this.projects.findById(projectId);
    if (project && !this.runs.has(projectId)) this.start(project.id, project.name, project.ownerId);
  }

  /** Registers the run before anything awaits, so a request racing this one attaches to it. */
  private start(projectId: string, projectName: string, ownerId: string): BuildRun {
    const run = new BuildRun(randomUUID(), projectId);
    this.runs.set(projectId, run);
    workMetrics.buildStarted();
    void this.execute(run, projectName, ownerId)
      .catch((err: Error) => {
        // Only the engine failing outside a build step lands here; the viewer still gets an ending.
        this.logger.warn(`Build of ${projectName} (${projectId}): ${err.message}`);
        run.error('The build could not run', err.message);
        run.result(false, null);
      })
      .finally(() => {
        this.runs.delete(projectId);
        run.finish();
        workMetrics.buildFinished(run.succeeded ? 'succeeded' : 'failed');
      });
    return run;
  }

  private async execute(run: BuildRun, projectName: string, ownerId: string): Promise<void> {
    let attempts = 0;
    run.useMask(await this.secrets.masker(run.projectId));
    await this.repository.create(run.id, run.projectId);
    run.log(`🔨 Preparing the build of ${projectName}...`);
    const readiness = await this.sandboxes.readiness();
    if (!readiness.ready) {
      run.error(readiness.error, readiness.details);
      run.result(false, null);
      await this.repository.finish(run.id, { succeeded: false, attempts, error: readiness.error, lines: run.lines });
      return;
    }
    const ahead = this.queue.ahead(ownerId);
    const cap = this.queue.accountCapacity;
    if (this.queue.atAccountLimit(ownerId)) run.log(`⏳ Waiting for one of your builds to finish: an account builds at most ${cap} project${cap === 1 ? '' : 's'} at once (LIMIT_RUNNING_SANDBOXES)`);
    else if (ahead > 0) run.log(`⏳ Waiting for a build slot: ${ahead} build${ahead === 1 ? '' : 's'} ahead (at most ${this.queue.capacity} at once)`);
    const queuedAt = Date.now();
    await this.queue.acquire(ownerId);
    if (ahead > 0) run.log(`▶️ Got a build slot after ${((Date.now() - queuedAt) / 1000).toFixed(1)} s`);
    try {
      await this.repository.markRunning(run.id);
      // Every step has its own limit; one watchdog over each pass stops what hangs regardless.
      const watchdog = { limitMs: this.sandboxes.passLimitMs(), step: () => run.step, onExpire: () => this.sandboxes.abandon(run.projectId) };
      await underWatchdog(watchdog, () => this.sandboxes.prepare(run.projectId, (line) => run.log(line)));
      let failure: string;
      for (;;) {
        attempts++;
        const outcome = await underWatchdog(watchdog, () => this.buildOnce(run));
        if (outcome.ok) {
          run.log(`🎉 Preview ready at ${outcome.previewUrl}`);
          await this.logCost(run);
          run.result(true, outcome.previewUrl);
          await this.repository.finish(run.id, { succeeded: true, attempts, error: null, lines: run.lines });
          return;
        }
        failure = outcome.summary;
        const fixesMade = attempts - 1;
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
          attempt: fixesMade + 1,
          log: (line) => run.log(line),
          signal: run.controller.signal,
        });
        if (fix.changedPaths.length === 0) {
          failure = `the automatic fix changed nothing: ${outcome.summary}`;
          break;
        }
        // A runaway build stops its container; the next build starts it again.
        run.log(`🔁 Rebuilding with ${fix.changedPaths.length} changed file${fix.changedPaths.length === 1 ? '' : 's'} (build ${attempts + 1})...`);
      }
      await this.fail(run, attempts, failure);
    } catch (err) {
      const message = err instanceof DomainError ? err.message : 'The build could not run';
      const details = err instanceof DomainError ? err.details : (err as Error).message;
      this.logger.warn(`Build of ${projectName} (${run.projectId}): ${(err as Error).message}`);
      await this.fail(run, attempts, details ? `${message}: ${details}` : message, { error: message, details });
    } finally {
      this.queue.release(ownerId);
    }
  }

  /** Every build's log says what its automatic fixes cost ($0.00 when none ran). */
  private async logCost(run: BuildRun): Promise<void> {
    run.log(await this.credits.costLine({ buildId: run.id }).catch(() => '💰 Cost: unknown (the ledger could not be read)'));
  }

  private async fail(run: BuildRun, attempts: number, summary: string, event?: { error: string; details?: string }): Promise<void> {
    await this.sandboxes.markFailed(run.projectId).catch(() => undefined);
    await this.logCost(run);
    run.result(false, null);
    run.error(event?.error ?? 'Build failed', event ? event.details : summary);
    await this.repository.finish(run.id, { succeeded: false, attempts, error: summary, lines: run.lines }).catch(() => undefined);
  }

  /** One pass of copy, install, build and start; on failure, what the auto-fix loop needs. */
  private async buildOnce(run: BuildRun): Promise<{ ok: true; previewUrl: string } | { ok: false; summary: string; log: string }> {
    const log = (line: string) => run.log(line);
    const output = new OutputLines((line) => run.output(line), MAX_FIX_LOG_CHARS);
    const result = await this.sandboxes.build(run.projectId, log, (chunk) => output.write(chunk));
    output.end();
    run.flushDropped();
    const seconds = (result.durationMs / 1000).toFixed(1);
    if (result.exitCode === 0) {
      run.log(`✅ Build successful in ${seconds} s`);
      // A data app's database, before its app starts: provisioned and seeded the first time.
      await this.databases.afterBuild(run.projectId, log);
      try {
        return { ok: true, previewUrl: await this.sandboxes.serve(run.projectId, log) };
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        run.log(`❌ ${err.message}: ${err.details ?? ''}`);
        return { ok: false, summary: err.message, log: run.lines.slice(-60).join('\n') };
      }
    }
    const summary = this.explainFailure(result);
    run.log(`❌ ${summary} after ${seconds} s`);
    const first = extractBuildErrors(output.tail(), 1)[0];
    const where = first?.file ? `${first.file}${first.line ? `:${first.line}` : ''} ` : '';
    return { ok: false, summary: first ? `${where}${first.message}` : summary, log: output.tail() };
  }

  private explainFailure(result: CommandResult): string {
    if (result.timedOut) return `The build took longer than ${this.config.builds.timeoutSeconds} s and was stopped`;
    if (result.outputLimited) return `The build printed more than ${BUILD_OUTPUT_LIMIT_BYTES / 1024 / 1024} MB of output and was stopped`;
    if (result.killed) return `The build was killed (exit code ${result.exitCode}), usually because it ran out of memory (SANDBOX_MEMORY_MB: ${this.config.sandbox.memoryMb} MB)`;
    return `The build failed with exit code ${result.exitCode}`;
  }
}
