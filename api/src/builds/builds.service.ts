import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ProjectsService } from '../projects/projects.service.js';
import { type CommandResult, type RunningContainer, SandboxesService } from '../sandboxes/sandboxes.service.js';
import { AutoFixService } from './auto-fix.service.js';
import { extractBuildErrors } from './build-errors.js';
import { BuildQueue } from './build-queue.js';
import { BuildRun } from './build-run.js';
import { BuildsRepository } from './builds.repository.js';

/** What the auto-fix loop gets of a failed build: its tail, where the errors are. */
const MAX_FIX_LOG_CHARS = 200_000;
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

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
  ) {
    this.queue = new BuildQueue(config.builds.concurrency);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.repository.failInterrupted();
    this.sandboxes.setWakeHandler((projectId) => void this.startForProject(projectId).catch((err: Error) => this.logger.warn(`Waking ${projectId}: ${err.message}`)));
  }

  onModuleDestroy(): void {
    for (const run of this.runs.values()) run.controller.abort();
  }

  /** Streams the project's build, starting one unless one is running. */
  async build(ownerId: string, name: string, res: Response): Promise<void> {
    const project = await this.projects.find(ownerId, name);
    const run = this.runs.get(project.id) ?? this.start(project.id, project.name, ownerId);
    run.attach(res);
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
      });
    return run;
  }

  private async execute(run: BuildRun, projectName: string, ownerId: string): Promise<void> {
    let attempts = 0;
    await this.repository.create(run.id, run.projectId);
    run.log(`🔨 Preparing the build of ${projectName}...`);
    const readiness = await this.sandboxes.readiness();
    if (!readiness.ready) {
      run.error(readiness.error, readiness.details);
      run.result(false, null);
      await this.repository.finish(run.id, { succeeded: false, attempts, error: readiness.error, lines: run.lines });
      return;
    }
    const ahead = this.queue.ahead;
    if (ahead > 0) run.log(`⏳ Waiting for a build slot: ${ahead} build${ahead === 1 ? '' : 's'} ahead (at most ${this.queue.capacity} at once)`);
    await this.queue.acquire();
    try {
      await this.repository.markRunning(run.id);
      await this.sandboxes.ensureRecord(run.projectId);
      await this.sandboxes.setState(run.projectId, { state: 'building' });
      let container = await this.sandboxes.ensureContainer(run.projectId, (line) => run.log(line));
      let failure: string;
      for (;;) {
        attempts++;
        const outcome = await this.buildOnce(run, container);
        if (outcome.ok) {
          await this.sandboxes.setState(run.projectId, { state: 'running', builtAt: new Date() });
          const record = await this.sandboxes.ensureRecord(run.projectId);
          const previewUrl = this.sandboxes.previewUrl(record.previewId);
          run.log(`🎉 Preview ready at ${previewUrl}`);
          run.result(true, previewUrl);
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
        run.log(`🔁 Rebuilding with ${fix.changedPaths.length} changed file${fix.changedPaths.length === 1 ? '' : 's'} (build ${attempts + 1})...`);
        // A runaway build stops its container; the next attempt starts it again.
        container = await this.sandboxes.ensureContainer(run.projectId, (line) => run.log(line));
      }
      await this.fail(run, attempts, failure);
    } catch (err) {
      const message = err instanceof DomainError ? err.message : 'The build could not run';
      const details = err instanceof DomainError ? err.details : (err as Error).message;
      this.logger.warn(`Build of ${projectName} (${run.projectId}): ${(err as Error).message}`);
      await this.fail(run, attempts, details ? `${message}: ${details}` : message, { error: message, details });
    } finally {
      this.queue.release();
    }
  }

  private async fail(run: BuildRun, attempts: number, summary: string, event?: { error: string; details?: string }): Promise<void> {
    await this.sandboxes.setState(run.projectId, { state: 'failed', builtAt: null }).catch(() => undefined);
    run.result(false, null);
    run.error(event?.error ?? 'Build failed', event ? event.details : summary);
    await this.repository.finish(run.id, { succeeded: false, attempts, error: summary, lines: run.lines }).catch(() => undefined);
  }

  /** One pass of copy, install, build and start; on failure, what the auto-fix loop needs. */
  private async buildOnce(run: BuildRun, container: RunningContainer): Promise<{ ok: true } | { ok: false; summary: string; log: string }> {
    const fileCount = await this.sandboxes.syncFiles(run.projectId, container);
    run.log(`📁 Copied ${fileCount} files into the sandbox`);
    run.log('📦 Installing dependencies and building (npm run build)...');
    let output = '';
    let partial = '';
    const onOutput = (chunk: string) => {
      output += chunk;
      if (output.length > MAX_FIX_LOG_CHARS * 2) output = output.slice(-MAX_FIX_LOG_CHARS);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) this.logOutputLine(run, line);
    };
    const started = Date.now();
    const result = await this.sandboxes.runBuild(run.projectId, container, onOutput);
    if (partial) this.logOutputLine(run, partial);
    run.flushDropped();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (result.exitCode === 0) {
      run.log(`✅ Build successful in ${seconds} s`);
      run.log('🚀 Starting the app...');
      try {
        await this.sandboxes.startApp(run.projectId, container, (line) => run.log(line));
        return { ok: true };
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        run.log(`❌ ${err.message}: ${err.details ?? ''}`);
        return { ok: false, summary: err.message, log: run.lines.slice(-60).join('\n') };
      }
    }
    const summary = this.explainFailure(result);
    run.log(`❌ ${summary} after ${seconds} s`);
    const first = extractBuildErrors(output.replace(ANSI, ''), 1)[0];
    const where = first?.file ? `${first.file}${first.line ? `:${first.line}` : ''} ` : '';
    return { ok: false, summary: first ? `${where}${first.message}` : summary, log: output.slice(-MAX_FIX_LOG_CHARS) };
  }

  private explainFailure(result: CommandResult): string {
    if (result.timedOut) return `The build took longer than ${this.config.builds.timeoutSeconds} s and was stopped`;
    if (result.killed) return `The build was killed (exit code ${result.exitCode}), usually because it ran out of memory (limit ${this.config.sandbox.memoryMb} MB)`;
    return `The build failed with exit code ${result.exitCode}`;
  }

  private logOutputLine(run: BuildRun, raw: string): void {
    const line = raw.replace(ANSI, '').replace(/\r$/, '');
    // A progress bar's carriage returns: only its final state is worth a line.
    const visible = line.includes('\r') ? line.slice(line.lastIndexOf('\r') + 1) : line;
    if (visible.trim()) run.log(visible);
  }
}
