import { Inject, Injectable } from '@nestjs/common';
import { CHECK_PASSED_WAITING_FOR_SECRETS, waitingForSecretLine } from '@forge/protocol/secrets';
import type { BuildFailedAt, PreviewCheckStatus } from '@forge/protocol/streams';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DatabaseSetupService } from '../project-databases/database-setup.service.js';
import { describeProblem } from '../preview-checks/page-problems.js';
import { type PreviewCheckResult, PreviewChecksService } from '../preview-checks/preview-checks.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { BUILD_OUTPUT_LIMIT_BYTES, type CommandResult, SandboxesService } from '../sandboxes/sandboxes.service.js';
import { type BuildError, extractBuildErrors } from '../auto-fix/build-errors.js';
import { OutputLines } from './build-output.js';
import type { BuildRun } from './build-run.js';
import type { LogLine } from '../runs/runs.service.js';
import { errorSignature } from '../auto-fix/error-signature.js';

export interface FailedPass {
  ok: false;
  failedAt: BuildFailedAt;
  summary: string;
  /** What the fix request shows as the output: the build's tail, or the browser's report. */
  log: string;
  errors: BuildError[];
  /** The same signature after a fix: that fix changed nothing that matters (two such fixes in a row end the loop). */
  signature: string;
  /** A preview that started but failed in the browser still answers here. */
  previewUrl: string | null;
  check?: PreviewCheckStatus;
}

export type PassOutcome = { ok: true; previewUrl: string; check: PreviewCheckStatus; waitingForSecrets: string[]; filesAt?: Date } | FailedPass;

export function failedPass(failedAt: BuildFailedAt, summary: string, log: string, errors: BuildError[]): FailedPass {
  return { ok: false, failedAt, summary, log, errors, signature: errorSignature(failedAt, errors, summary), previewUrl: null };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** What the auto-fix loop gets of a failed build: its tail, where the errors are. */
const MAX_FIX_LOG_CHARS = 200_000;

/**
 * One pass of a build: copy, install, build, start, then the checking browser. What it finds
 * (a compile error or a runtime one) comes back in the shape the auto-fix loop takes.
 */
@Injectable()
export class BuildPassService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectsService,
    private readonly sandboxes: SandboxesService,
    private readonly databases: DatabaseSetupService,
    private readonly checks: PreviewChecksService,
    private readonly secrets: SecretsService,
  ) {}

  /** One pass of copy, install, build, start and the browser's check; on failure, what the auto-fix loop needs. */
  async run(run: BuildRun): Promise<PassOutcome> {
    const log: LogLine = (line, level) => run.log(line, level);
    const output = new OutputLines((line) => run.output(line), MAX_FIX_LOG_CHARS);
    // The files' time as they are copied in: what a kept build of this pass is stamped with.
    const filesAt = (await this.projects.findById(run.projectId))?.updatedAt;
    const result = await this.sandboxes.build(run.projectId, log, (chunk) => output.write(chunk));
    output.end();
    run.flushDropped();
    const seconds = (result.durationMs / 1000).toFixed(1);
    if (result.exitCode === 0) {
      run.log(`✅ Build successful in ${seconds} s`, 'success');
      // A data app's database, before its app starts: provisioned and seeded the first time.
      await this.databases.afterBuild(run.projectId, log);
      let previewUrl: string;
      try {
        previewUrl = await this.sandboxes.serve(run.projectId, log, await this.databases.appEnvironment(run.projectId));
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        run.log(`❌ ${err.message}: ${err.details ?? ''}`, 'error');
        return failedPass('build', err.message, run.lines.slice(-60).join('\n'), []);
      }
      const checked = await this.checkPreview(run, previewUrl);
      return checked.ok ? { ...checked, filesAt } : checked;
    }
    const summary = this.explainFailure(result, run);
    run.log(`❌ ${summary} after ${seconds} s`, 'error');
    const errors = extractBuildErrors(output.tail());
    const first = errors[0];
    const where = first?.file ? `${first.file}${first.line ? `:${first.line}` : ''} ` : '';
    return failedPass('build', first ? `${where}${first.message}` : summary, output.tail(), errors);
  }

  /**
   * After the platform stopped a build: the last good build serves the preview again (logged).
   * Answers its address, or null when there was none to put back. A restarting platform has no time
   * for it: the preview stays built and starts again on its next visit.
   */
  async restoreLastGood(run: BuildRun): Promise<string | null> {
    if (run.platformStop()?.by === 'shutdown') {
      await this.sandboxes.markInterrupted(run.projectId);
      return null;
    }
    const previewUrl = await this.sandboxes.restoreLastGood(run.projectId, await this.databases.appEnvironment(run.projectId));
    return previewUrl;
  }

  /**
   * A preview changed in place (an edit's fast path), opened in the checking browser as a build's
   * is. False when it found problems (logged): a full build, with its automatic fixes, should follow.
   */
  async checkInPlace(projectId: string, previewUrl: string, log: LogLine): Promise<boolean> {
    const { check } = await this.runCheck(projectId, previewUrl, log);
    return check.status !== 'failed';
  }

  /** The built preview opened in the checking browser: what it finds is an error like a compile error. */
  private async checkPreview(run: BuildRun, previewUrl: string): Promise<PassOutcome> {
    const { check, seconds } = await this.runCheck(run.projectId, previewUrl, (line, level) => run.log(line, level));
    if (check.status !== 'failed') return { ok: true, previewUrl, check: check.status, waitingForSecrets: check.waitingForSecrets };
    const errors: BuildError[] = check.problems.map((problem) => ({ file: problem.file, line: problem.line, column: null, message: describeProblem(problem) }));
    const report = check.problems.map((problem) => [describeProblem(problem), ...(problem.stack ? [problem.stack] : [])].join('\n')).join('\n\n');
    run.log(`❌ The app failed in the browser: ${plural(check.problems.length, 'problem')} found in ${seconds} s`, 'error');
    return { ...failedPass('runtime', describeProblem(check.problems[0]), report, errors), previewUrl, check: 'failed' };
  }

  private async runCheck(projectId: string, previewUrl: string, log: LogLine): Promise<{ check: PreviewCheckResult; seconds: string }> {
    log('🔎 Opening the preview in a browser to check it...');
    const databaseAwaitingInit = await this.databases.awaitingInitialization(projectId).catch(() => false);
    // An unreadable .env.example waits for nothing: the check is a normal one.
    const missingSecrets = await this.secrets.missingKeys(projectId).catch(() => []);
    const check = await this.checks.check({ projectId, previewUrl, databaseAwaitingInit, missingSecrets });
    const seconds = (check.durationMs / 1000).toFixed(1);
    if (check.status === 'skipped') {
      log(`⚠️ The preview was not checked in a browser: ${check.notes.join('; ')}`, 'warning');
      return { check, seconds };
    }
    for (const note of check.notes) log(`ℹ️ ${note}`);
    if (check.status === 'passed' && check.waitingForSecrets.length > 0) {
      for (const key of check.waitingForSecrets) log(waitingForSecretLine(key), 'warning');
      log(`✅ Checked in a browser in ${seconds} s: ${CHECK_PASSED_WAITING_FOR_SECRETS}`, 'success');
    } else if (check.status === 'passed') log(`✅ Checked in a browser in ${seconds} s: no errors`, 'success');
    else for (const problem of check.problems) log(`❌ ${describeProblem(problem)}`, 'error');
    return { check, seconds };
  }

  private explainFailure(result: CommandResult, run: BuildRun): string {
    // The platform stopped it, and said why before it stopped the container: not the project's doing.
    const stopped = run.platformStop();
    if (stopped) return stopped.message('build');
    if (result.timedOut) return `The build took longer than ${this.config.builds.timeoutSeconds} s and was stopped`;
    if (result.outputLimited) return `The build printed more than ${BUILD_OUTPUT_LIMIT_BYTES / 1024 / 1024} MB of output and was stopped`;
    if (result.killed) return `The build was killed (exit code ${result.exitCode}), usually because it ran out of memory (SANDBOX_MEMORY_MB: ${this.config.sandbox.memoryMb} MB)`;
    return `The build failed with exit code ${result.exitCode}`;
  }
}
