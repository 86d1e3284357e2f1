import { Injectable, Logger } from '@nestjs/common';
import { type FileStreamEvent, FileStreamParser, type ParsedFile, applyFileStreamEvents } from '@forge/protocol/file-stream';
import { AgentService, type GenerateInput, modelBusyMessage } from '../agent/agent.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { INTERRUPTED_MESSAGE } from './job-messages.js';
import { type JobContext, type JobEnd, type JobWork, SERVER_STOPPING } from './job-runner.js';

/** One generation: streams the model's answer as job events and saves each file as it completes. */
@Injectable()
export class GenerationJob {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly agent: AgentService,
    private readonly projects: ProjectsService,
    private readonly sandboxes: SandboxesService,
  ) {}

  work(input: GenerateInput, ownerId: string): JobWork {
    return { run: (context) => this.run(context, input, ownerId) };
  }

  private async run(job: JobContext, input: GenerateInput, ownerId: string): Promise<JobEnd> {
    const parser = new FileStreamParser();
    const files = new Map<string, ParsedFile>();
    const saves = this.projects.saveQueue(() => this.createProject(job, input, ownerId), {
      onSaved: (path) => job.append({ type: 'file_saved', path }),
    });

    const handle = (parsed: FileStreamEvent[]) => {
      for (const event of parsed) {
        applyFileStreamEvents(files, [event]);
        if (event.type === 'file_end') {
          saves.enqueue(event.path, files.get(event.path)?.content ?? '');
          // A saved file's text is no longer needed; a later start marker begins it anew.
          files.delete(event.path);
        } else if (event.type === 'file_refused') {
          const message = `Refused file "${event.path}": ${event.reason}`;
          this.logger.warn(`Job ${job.jobId}: ${message}`);
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
      const text = pendingText;
      pendingText = '';
      job.append({ type: 'content_block_delta', delta: { type: 'text_delta', text } });
      handle(parser.push(text));
    };

    try {
      job.append({ type: 'status', status: 'running', provider: this.agent.provider.name });
      for await (const event of this.agent.generate(input, job.signal)) {
        if (event.type === 'text') {
          pendingText += event.text;
          if (!flushScheduled) {
            flushScheduled = true;
            setImmediate(flushText);
          }
          continue;
        }
        flushText();
        if (event.type === 'response_start') {
          handle(parser.startResponse());
          job.append({ type: 'response_start', continuation: true, reason: event.reason });
        } else if (event.type === 'retry') {
          job.append({ type: 'log', level: 'warning', message: modelBusyMessage(event) });
        } else if (event.type === 'usage') {
          job.append({ type: 'usage', inputTokens: event.inputTokens, outputTokens: event.outputTokens });
          await job.recordUsage(event.inputTokens, event.outputTokens);
        }
      }
      flushText();
      handle(parser.end());
      const saved = await saves.finish();
      if (saved.length === 0) throw new Error('The agent finished without writing any file.');
      await this.projects.keepOnly(saves.projectId!, saved);
      await this.projects.recordVersion(saves.projectId!, { kind: 'generation', message: input.prompt });
      this.logger.log(`Job ${job.jobId} completed: ${saved.length} files in ${input.projectName}`);
      return { status: 'completed', error: null, events: [{ type: 'status', status: 'completed', filesSaved: saved.length }] };
    } catch (err) {
      const stopping = job.signal.aborted && job.signal.reason === SERVER_STOPPING;
      const message = stopping ? INTERRUPTED_MESSAGE : job.signal.aborted ? 'The job was stopped.' : (err as Error).message || 'Job error';
      this.logger.warn(`Job ${job.jobId} failed: ${message}`);
      // Files completed before the failure stay saved; the open one is dropped, never saved half-written.
      const saved = await saves.finish().catch(() => [] as string[]);
      if (saved.length > 0) await this.projects.recordVersion(saves.projectId!, { kind: 'generation', message: `${input.prompt} (stopped: ${message})` });
      return { status: 'failed', error: message, events: [{ type: 'error', message }, { type: 'status', status: 'failed', filesSaved: saved.length }] };
    }
  }

  /** The project a job writes into, made when its first file is saved. */
  private async createProject(job: JobContext, input: GenerateInput, ownerId: string): Promise<string> {
    const { id } = await this.projects.ensureProject(ownerId, input.projectName);
    await job.setProject(id);
    // The container starts while the model is still writing, so the build after it does not wait.
    this.sandboxes.prewarm(id);
    return id;
  }
}
