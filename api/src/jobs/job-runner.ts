import { Injectable, Logger } from '@nestjs/common';
import { type FileStreamEvent, FileStreamParser, type ParsedFile, applyFileStreamEvents } from '@forge/protocol/file-stream';
import { AgentService, type GenerateInput } from '../agent/agent.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { JobEventLog } from './job-events.js';
import { JobsRepository } from './jobs.repository.js';

export interface RunningJob {
  id: string;
  ownerId: string;
  input: GenerateInput;
}

/** Runs one generation on the server: streams its events, saves each file as it completes. */
@Injectable()
export class JobRunner {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly agent: AgentService,
    private readonly projects: ProjectsService,
    private readonly events: JobEventLog,
    private readonly repository: JobsRepository,
    private readonly sandboxes: SandboxesService,
  ) {}

  async run(job: RunningJob): Promise<void> {
    const controller = new AbortController();
    const parser = new FileStreamParser();
    const files = new Map<string, ParsedFile>();
    const saves = new FileSaver(
      job,
      this.projects,
      this.repository,
      (path) => this.events.append(job.id, 'file_saved', { type: 'file_saved', path }),
      // The container starts while the model is still writing, so the build after it does not wait.
      (projectId) => this.sandboxes.prewarm(projectId),
    );

    const handle = (parsed: FileStreamEvent[]) => {
      for (const event of parsed) {
        applyFileStreamEvents(files, [event]);
        if (event.type === 'file_end') {
          saves.enqueue(event.path, files.get(event.path)?.content ?? '');
          // A saved file's text is no longer needed; a later start marker begins it anew.
          files.delete(event.path);
        } else if (event.type === 'file_refused') {
          const message = `Refused file "${event.path}": ${event.reason}`;
          this.logger.warn(`Job ${job.id}: ${message}`);
          this.events.append(job.id, 'log', { type: 'log', level: 'warning', message: `⚠️ ${message}` });
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
      this.events.append(job.id, 'content_block_delta', { type: 'content_block_delta', delta: { type: 'text_delta', text } });
      handle(parser.push(text));
    };

    try {
      this.events.append(job.id, 'status', { type: 'status', status: 'running', provider: this.agent.provider.name });
      for await (const event of this.agent.generate(job.input, controller.signal)) {
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
          this.events.append(job.id, 'response_start', { type: 'response_start', continuation: true, reason: event.reason });
        } else if (event.type === 'retry') {
          this.events.append(job.id, 'log', {
            type: 'log',
            level: 'warning',
            message: `⚠️ The model is busy (${event.message}); retrying in ${Math.round(event.delayMs / 1000)} s (attempt ${event.attempt})`,
          });
        } else if (event.type === 'usage') {
          this.events.append(job.id, 'usage', { type: 'usage', inputTokens: event.inputTokens, outputTokens: event.outputTokens });
          await this.repository.recordUsage(job.id, event.inputTokens, event.outputTokens);
        }
      }
      flushText();
      handle(parser.end());
      const saved = await saves.finish();
      if (saved.length === 0) throw new Error('The agent finished without writing any file.');
      await this.projects.keepOnly(saves.projectId!, saved);
      await this.repository.finish(job.id, 'completed', null);
      this.events.append(job.id, 'status', { type: 'status', status: 'completed', filesSaved: saved.length });
      this.logger.log(`Job ${job.id} completed: ${saved.length} files in ${job.input.projectName}`);
    } catch (err) {
      const message = controller.signal.aborted ? 'The job was stopped.' : (err as Error).message || 'Job error';
      this.logger.warn(`Job ${job.id} failed: ${message}`);
      // Files completed before the failure stay saved; the open one is dropped, never saved half-written.
      const saved = await saves.finish().catch(() => [] as string[]);
      this.events.append(job.id, 'error', { type: 'error', message });
      this.events.append(job.id, 'status', { type: 'status', status: 'failed', filesSaved: saved.length });
      await this.repository.finish(job.id, 'failed', message).catch((e: Error) => this.logger.error(e.message));
    } finally {
      await this.events.close(job.id);
    }
  }
}

/** Saves a job's files one after another, off the streaming path, so the stream never waits on disk. */
class FileSaver {
  projectId: string | null = null;
  private readonly saved: string[] = [];
  private queue: Promise<void> = Promise.resolve();
  private failure: Error | null = null;

  constructor(
    private readonly job: RunningJob,
    private readonly projects: ProjectsService,
    private readonly repository: JobsRepository,
    private readonly onSaved: (path: string) => void,
    private readonly onProject: (projectId: string) => void,
  ) {}

  enqueue(path: string, content: string): void {
    this.queue = this.queue.then(async () => {
      if (this.failure) return;
      try {
        if (!this.projectId) {
          this.projectId = (await this.projects.ensureProject(this.job.ownerId, this.job.input.projectName)).id;
          await this.repository.setProject(this.job.id, this.projectId);
          this.onProject(this.projectId);
        }
        await this.projects.writeFile(this.projectId, path, content);
        if (!this.saved.includes(path)) this.saved.push(path);
        this.onSaved(path);
      } catch (err) {
        this.failure = err as Error;
      }
    });
  }

  /** Waits for every queued save; answers the saved paths, or throws the first failure. */
  async finish(): Promise<string[]> {
    await this.queue;
    if (this.failure) throw this.failure;
    return this.saved;
  }
}
