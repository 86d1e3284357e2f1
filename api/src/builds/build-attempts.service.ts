import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatMicroUsd } from '@forge/protocol/credits';
import { ErrorCode } from '@forge/protocol/errors';
import { AutoFixService } from '../auto-fix/auto-fix.service.js';
import { FixProgress } from '../auto-fix/fix-progress.js';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type CallUsage, CreditsService } from '../credits/credits.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { type FailedPass, type PassOutcome, BuildPassService } from './build-pass.service.js';
import type { BuildRun } from './build-run.js';
import { BuildSlots } from './build-slots.js';
import { underWatchdog } from './build-watchdog.js';
import { BuildsRepository } from './builds.repository.js';

/** What one build is for. */
export interface BuildRequest {
  projectName: string;
  ownerId: string;
  /** An error met in the running preview, standing in for the first pass's failure (a fix). */
  reported?: FailedPass;
}

/**
 * One build from its slot to its verdict: waits for a build slot (shared fairly between accounts),
 * then passes of copy, install, build, start and the browser's check, with the auto-fix loop
 * between failed passes until one succeeds, the errors stop changing, or the attempts run out.
 */
@Injectable()
export class BuildAttempts {
  private readonly logger = new Logger('Builds');
  private readonly slots: BuildSlots;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sandboxes: SandboxesService,
    private readonly autoFix: AutoFixService,
    private readonly repository: BuildsRepository,
    private readonly credits: CreditsService,
    private readonly passes: BuildPassService,
  ) {
    // A build holds a running sandbox: an account builds at most as many projects at once as it may have running.
    this.slots = new BuildSlots(config.builds.concurrency, config.limits.runningSandboxes);
  }

  /** Refuses a fix of an error met in the preview when no model can fix code. */
  assertCanFix(): void {
    const availability = this.autoFix.availability();
    if (!availability.available) throw new DomainError(ErrorCode.Unavailable, availability.reason);
    if (this.autoFix.maxAttempts === 0) throw new DomainError(ErrorCode.Unavailable, 'Automatic fixes are turned off (AUTOFIX_MAX_ATTEMPTS=0)');
  }

  async run(run: BuildRun, { projectName, ownerId, reported }: BuildRequest): Promise<void> {
    let attempts = 0;
    let fixesMade = 0;
    let pending = reported ?? null;
    const progress = new FixProgress();
    run.log(`🔨 Preparing the build of ${projectName}...`);
    const readiness = await this.sandboxes.readiness();
    if (!readiness.ready) {
      run.error(readiness.error, readiness.details);
      run.result(false, null);
      run.failure = readiness.error;
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
      if (run.platformStop()) return await this.fail(run, attempts, run.platformStop()!.message('build'));
      await this.repository.markRunning(run.id);
      // Every step has its own limit; one watchdog over each pass stops what hangs regardless.
      const watchdog = { limitMs: this.sandboxes.passLimitMs(), step: () => run.step, onExpire: () => this.sandboxes.abandon(run.projectId) };
      await underWatchdog(watchdog, () => this.sandboxes.prepare(run.projectId, (line, level) => run.log(line, level)));
      let failure: string;
      let last: FailedPass | null = null;
      for (;;) {
        let outcome: PassOutcome;
        if (pending) {
          // An error met in the running preview stands in for the first build's failure.
          outcome = pending;
          pending = null;
          run.log(`🐞 ${outcome.summary}`, 'error');
        } else {
          // Stopped between passes (or while the container came up): no pass starts.
          const before = run.platformStop();
          if (before) {
            failure = before.message('build');
            break;
          }
          attempts++;
          outcome = await underWatchdog(watchdog, () => this.passes.run(run));
        }
        // Stopped by the platform: no fix, the owner is told why and keeps the last good preview.
        const stopped = run.platformStop();
        if (stopped) {
          failure = stopped.message('build');
          last = null;
          break;
        }
        if (outcome.ok) {
          run.log(`🎉 Preview ready at ${outcome.previewUrl}`, 'success');
          await this.logCost(run);
          run.result(true, outcome.previewUrl, { check: outcome.check, ...(outcome.waitingForSecrets.length > 0 ? { waitingForSecrets: outcome.waitingForSecrets } : {}) });
          // Kept after the answer, off the build's path: the next wake-up of this preview starts from it.
          if (outcome.filesAt) {
            void this.sandboxes.keepOutput(run.projectId, outcome.filesAt).catch((err: Error) => this.logger.warn(`Keeping the build of ${projectName}: ${err.message}`));
          }
          await this.repository.finish(run.id, { succeeded: true, attempts, error: null, lines: run.lines });
          return;
        }
        failure = outcome.summary;
        last = outcome;
        // Two attempts in a row left the same errors: a third would not help either.
        const verdict = progress.failed(outcome.signature);
        if (verdict.kind === 'stuck') {
          run.log(`🛑 The agent could not make progress on this error: ${outcome.summary}. Stopping the automatic fixes.`, 'error');
          failure = `the agent could not make progress on this error: ${outcome.summary}`;
          break;
        }
        if (fixesMade >= this.autoFix.maxAttempts) {
          if (this.autoFix.maxAttempts > 0) run.log(`🛑 Still failing after ${fixesMade} automatic fix attempt${fixesMade === 1 ? '' : 's'}; giving up.`, 'error');
          failure = this.autoFix.maxAttempts > 0 ? `still failing after ${fixesMade} automatic fix attempts: ${outcome.summary}` : outcome.summary;
          break;
        }
        const availability = this.autoFix.availability();
        if (!availability.available) {
          run.log(`ℹ️ ${availability.reason}`);
          break;
        }
        if (verdict.previous) run.log(`🔁 The same error is still there after attempt ${verdict.previous.attempt}; one more attempt, told what that one changed`);
        const fix = await this.autoFix.attempt({
          ownerId,
          buildId: run.id,
          projectId: run.projectId,
          projectName,
          buildLog: outcome.log,
          errors: outcome.errors,
          failedAt: outcome.failedAt,
          attempt: fixesMade + 1,
          previous: verdict.previous,
          log: (line, level, diff) => run.log(line, level, diff),
          signal: run.controller.signal,
        });
        fixesMade++;
        this.logAttemptCost(run, fixesMade, fix);
        if (fix.changedPaths.length === 0) {
          failure = `the automatic fix changed nothing: ${outcome.summary}`;
          break;
        }
        progress.attempted(fixesMade, fix.changedPaths);
        // A runaway build stops its container; the next build starts it again.
        run.log(`🔁 Rebuilding with ${fix.changedPaths.length} changed file${fix.changedPaths.length === 1 ? '' : 's'} (build ${attempts + 1})...`);
      }
      await this.fail(run, attempts, failure, undefined, last);
    } catch (err) {
      this.logger.warn(`Build of ${projectName} (${run.projectId}): ${(err as Error).message}`);
      // Whatever step a stop of the platform's cut short failed because of it: the stop is what the owner reads.
      if (run.platformStop()) return await this.fail(run, attempts, run.platformStop()!.message('build'));
      const message = err instanceof DomainError ? err.message : 'The build could not run';
      const details = err instanceof DomainError ? err.details : (err as Error).message;
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
    if (run.platformStop()) return this.endStopped(run, attempts);
    const atRuntime = last?.failedAt === 'runtime' && last.previewUrl !== null;
    if (!atRuntime) await this.sandboxes.markFailed(run.projectId).catch(() => undefined);
    await this.logCost(run);
    run.result(false, atRuntime ? last.previewUrl : null, last ? { failedAt: last.failedAt, ...(last.check ? { check: last.check } : {}) } : { failedAt: 'build' });
    run.error(event?.error ?? (atRuntime ? 'The app failed in the browser' : 'Build failed'), event ? event.details : summary);
    run.failure = summary;
    await this.repository.finish(run.id, { succeeded: false, attempts, error: summary, lines: run.lines, failedAt: last?.failedAt ?? 'build' }).catch(() => undefined);
  }

  /**
   * A build the platform stopped (an operator, a drain, a restart) ends saying so, and the last good
   * build serves the preview again: the stop is not the project's failure, and its preview stays.
   */
  private async endStopped(run: BuildRun, attempts: number): Promise<void> {
    const stopped = run.platformStop()!;
    const summary = stopped.message('build');
    // Said before anything else: the steps that follow may take a few seconds.
    if (!run.lines.at(-1)?.includes(summary)) run.log(`🛑 ${summary}`, 'error');
    run.restoringAfterStop = true;
    await run.containerStop;
    const previewUrl = await this.passes.restoreLastGood(run).catch((err: Error) => {
      this.logger.warn(`Putting back the last build of ${run.projectId}: ${err.message}`);
      return null;
    });
    const kept = previewUrl
      ? 'The last good build still serves the preview.'
      : stopped.by === 'shutdown'
        ? 'The preview starts again from its last good build on its next visit.'
        : 'There was no earlier build to keep serving: build again to see the preview.';
    run.log(previewUrl ? `↩️ ${kept}` : `ℹ️ ${kept}`);
    await this.logCost(run);
    run.result(false, previewUrl, { failedAt: 'build' });
    run.error(summary, kept);
    run.failure = summary;
    await this.repository.finish(run.id, { succeeded: false, attempts, error: summary, lines: run.lines, failedAt: 'build' }).catch(() => undefined);
  }

  /** One fix attempt's tokens and price in the stream; the ledger has charged them on the build as they came. */
  private logAttemptCost(run: BuildRun, attempt: number, fix: CallUsage): void {
    const cost = formatMicroUsd(this.credits.priceOf(fix), { precise: true });
    run.log(`💰 Fix attempt ${attempt} used ${fix.inputTokens.toLocaleString('en-US')} input and ${fix.outputTokens.toLocaleString('en-US')} output tokens (${cost})`);
  }
}
