import { Inject, Injectable, Logger } from '@nestjs/common';
import { type FileStreamEvent, FileStreamParser, type ParsedFile, applyFileStreamEvents } from '@forge/protocol/file-stream';
import { AgentService, type GenerateInput, modelBusyMessage } from '../agent/agent.service.js';
import { CREDITS_RAN_OUT_MESSAGE } from '@forge/protocol/credits';
import { BuildsService } from '../builds/builds.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { ProjectFileSaver } from '../projects/project-file-saver.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { INTERRUPTED_MESSAGE, type RunContext, type RunEnd, type RunWork, SERVER_STOPPING, runStopOf } from '../runs/runs.service.js';
import { TemplateLayDown } from './template-lay-down.js';

/** One generation: streams the model's answer as run events and saves each file as it completes. */
@Injectable()
export class GenerationRun {
  private readonly logger = new Logger('Generations');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly builds: BuildsService,
    private readonly agent: AgentService,
    private readonly projects: ProjectsService,
    private readonly sandboxes: SandboxesService,
    private readonly layDown: TemplateLayDown,
  ) {}

  work(input: GenerateInput, ownerId: string): RunWork {
    return { run: (context) => this.run(context, input, ownerId) };
  }

  private async run(job: RunContext, input: GenerateInput, ownerId: string): Promise<RunEnd> {
    const parser = new FileStreamParser();
    const files = new Map<string, ParsedFile>();
    const saves = this.projects.fileSaver(() => this.createProject(job, input, ownerId), {
      onSaved: (path) => {
        job.append({ type: 'file', path, change: 'saved' });
        // The live preview: the sandbox serves the files as they land, its address an event of this run.
        this.sandboxes.liveSaved(saves.projectId!, path, (previewUrl) => job.append({ type: 'preview', previewUrl, live: true }));
      },
    });
    const endLive = (buildFollows: boolean) => (saves.projectId ? this.sandboxes.liveEnded(saves.projectId, { buildFollows }).catch(() => undefined) : undefined);
    // The starter template goes down first; the model's whole files, EDIT blocks and DELETE lines land on it.
    const written = this.layDown.begin({
      projectName: input.projectName,
      save: (path, content) => saves.enqueue(path, content),
      log: (message, level = 'info') => job.append({ type: 'log', level, message }),
    });

    /**
     * Once a charge took the balance to zero or below, the job writes no further file: the file the
     * model was writing when its answer was cut is finished (`finishing`), then the job stops.
     */
    const credits = { out: false, finishing: null as string | null, stopped: false };
    const handle = (parsed: FileStreamEvent[]) => {
      for (const event of parsed) {
        if (credits.stopped) return;
        if (credits.finishing !== null && event.type === 'file_start' && event.path !== credits.finishing) {
          // The model moved on without finishing the open file: that one stays unsaved, nothing more is written.
          credits.stopped = true;
          return;
        }
        written.see(event);
        applyFileStreamEvents(files, [event]);
        if (event.type === 'edit_end' && credits.finishing === event.path) credits.stopped = true;
        if (event.type === 'file_end') {
          written.write(event.path, files.get(event.path)?.content ?? '');
          // A saved file's text is no longer needed; a later start marker begins it anew.
          files.delete(event.path);
          if (credits.finishing === event.path) credits.stopped = true;
        } else if (event.type === 'file_refused') {
          const message = `Refused file "${event.path}": ${event.reason}`;
          this.logger.warn(`Generation ${job.runId}: ${message}`);
          job.append({ type: 'log', level: 'warning', message: `⚠️ ${message}` });
        }
      }
    };

    // Text that arrives in one read from the model goes out as one event: each event costs a write
    // per viewer, and under load more deltas arrive per read, so batching grows with load while an
    // idle server adds no delay.
    let pendingText = '';
    let flushScheduled = false;
    const flushText = () => {
      flushScheduled = false;
      if (!pendingText) return;
      if (credits.stopped) {
        pendingText = '';
        return;
      }
      const text = pendingText;
      pendingText = '';
      job.append({ type: 'text', text });
      handle(parser.push(text));
    };

    try {
      job.append({ type: 'started', runId: job.runId, kind: 'generation', projectName: input.projectName, provider: this.agent.provider.name });
      for await (const event of this.agent.generate(input, job.signal)) {
        // Leaving the loop ends the model's stream (the SDK aborts its request).
        if (credits.stopped) break;
        if (event.type === 'text') {
          pendingText += event.text;
          if (!flushScheduled) {
            flushScheduled = true;
            setImmediate(flushText);
          }
          continue;
        }
        flushText();
        if (credits.stopped) break;
        if (event.type === 'response_start') {
          if (credits.out) {
            // Another model call would follow; only the file the cut answer left open is worth paying for.
            const open = parser.openBlock;
            if (!open) {
              credits.stopped = true;
              break;
            }
            credits.finishing = open.path;
            job.append({ type: 'log', level: 'warning', message: `⚠️ Your credits ran out: finishing ${open.path}, then stopping.` });
          }
          handle(parser.startResponse());
          job.append({ type: 'continued', reason: event.reason });
        } else if (event.type === 'retry') {
          job.append({ type: 'log', level: 'warning', message: modelBusyMessage(event) });
        } else if (event.type === 'usage') {
          job.append({ type: 'usage', inputTokens: event.inputTokens, outputTokens: event.outputTokens });
          const balance = await job.recordCall(event.call, `Generation of ${input.projectName}`);
          credits.out ||= balance <= 0n;
        }
      }
      flushText();
      if (credits.stopped) {
        await endLive(false);
        return await this.stoppedForCredits(job, input, saves);
      }
      if (credits.out) job.append({ type: 'log', level: 'warning', message: '⚠️ Your credits ran out with this generation: top up before the next one.' });
      handle(parser.end());
      const saved = written.kept(await saves.finish());
      if (written.modelChanges === 0) throw new Error('The agent finished without writing any file.');
      // The dev server stops while the files are settled; the build starts on them as the version is recorded
      // (both only read the files, and a build writes none), and copies them in once the dev server is gone.
      const liveEnded = endLive(this.config.previews.buildAfterGeneration);
      await this.projects.keepOnly(saves.projectId!, saved);
      this.buildAfter(saves.projectId!, input.projectName, ownerId);
      await liveEnded;
      await this.projects.recordVersion(saves.projectId!, { kind: 'generation', message: input.prompt });
      this.logger.log(`Generation ${job.runId} completed: ${saved.length} files in ${input.projectName}`);
      return { status: 'completed', error: null, events: [{ type: 'result', success: true, filesSaved: saved.length }] };
    } catch (err) {
      const stopping = job.signal.aborted && job.signal.reason === SERVER_STOPPING;
      const platformStop = runStopOf(job.signal);
      const message = stopping ? INTERRUPTED_MESSAGE : platformStop ? platformStop.message('generation') : job.signal.aborted ? 'The job was stopped.' : (err as Error).message || 'Job error';
      this.logger.warn(`Generation ${job.runId} failed: ${message}`);
      // Files completed before the failure stay saved; the open one is dropped, never saved half-written.
      const saved = await saves.finish().catch(() => [] as string[]);
      await endLive(false);
      if (saved.length > 0) await this.projects.recordVersion(saves.projectId!, { kind: 'generation', message: `${input.prompt} (stopped: ${message})` });
      return {
        status: 'failed',
        error: message,
        events: [
          { type: 'error', message },
          { type: 'result', success: false, filesSaved: saved.length },
        ],
      };
    }
  }

  /** The end of a generation whose credits ran out: the files finished so far stay, as a version. */
  private async stoppedForCredits(job: RunContext, input: GenerateInput, saves: ProjectFileSaver): Promise<RunEnd> {
    const saved = await saves.finish();
    if (saved.length > 0) await this.projects.recordVersion(saves.projectId!, { kind: 'generation', message: `${input.prompt} (stopped: credits ran out)` });
    this.logger.warn(`Generation ${job.runId} stopped: credits ran out after ${saved.length} files`);
    return {
      status: 'failed',
      error: CREDITS_RAN_OUT_MESSAGE,
      events: [
        { type: 'error', message: CREDITS_RAN_OUT_MESSAGE },
        { type: 'result', success: false, filesSaved: saved.length },
      ],
    };
  }

  /**
   * The finished project's build starts here, not in the browser: a workspace that follows the job
   * asks for the build next and follows this one; a closed tab still finds its preview ready.
   */
  private buildAfter(projectId: string, projectName: string, ownerId: string): void {
    if (!this.config.previews.buildAfterGeneration) return;
    this.builds.buildUnlessRunning(projectId, projectName, ownerId).catch((err: Error) => this.logger.warn(`Building ${projectName} after its generation: ${err.message}`));
  }

  /** The project a generation writes into, made when its first file is saved. */
  private async createProject(job: RunContext, input: GenerateInput, ownerId: string): Promise<string> {
    const { id } = await this.projects.ensureProject(ownerId, input.projectName);
    await job.setProject(id);
    // The container starts while the model is still writing, so the build after it does not wait.
    this.sandboxes.prewarm(id);
    return id;
  }
}
