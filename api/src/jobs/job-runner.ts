import { Injectable, Logger } from '@nestjs/common';
import { type FileStreamEvent, FileStreamParser } from '@forge/protocol/file-stream';
import { AgentService, type GenerateInput } from '../agent/agent.service.js';
import { ProjectsService } from '../projects/projects.service.js';
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
  private readonly controllers = new Map<string, AbortController>();

  constructor(
    private readonly agent: AgentService,
    private readonly projects: ProjectsService,
    private readonly events: JobEventLog,
    private readonly repository: JobsRepository,
  ) {}

  get runningCount(): number {
    return this.controllers.size;
  }

  async run(job: RunningJob): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(job.id, controller);
    const parser = new FileStreamParser();
    const saved: string[] = [];
    let projectId: string | null = null;
    const contents = new Map<string, string>();

    const handle = async (parsed: FileStreamEvent[]) => {
      for (const event of parsed) {
        if (event.type === 'file_start' && !event.continued) contents.set(event.path, '');
        else if (event.type === 'file_content') contents.set(event.path, (contents.get(event.path) ?? '') + event.text);
        else if (event.type === 'file_end') {
          if (!projectId) {
            projectId = (await this.projects.ensureProject(job.ownerId, job.input.projectName)).id;
            await this.repository.setProject(job.id, projectId);
          }
          await this.projects.writeFile(projectId, event.path, contents.get(event.path) ?? '');
          contents.delete(event.path);
          if (!saved.includes(event.path)) saved.push(event.path);
          this.events.append(job.id, 'file_saved', { type: 'file_saved', path: event.path });
        } else if (event.type === 'file_refused') {
          const message = `Refused file "${event.path}": ${event.reason}`;
          this.logger.warn(`Job ${job.id}: ${message}`);
          this.events.append(job.id, 'log', { type: 'log', level: 'warning', message: `⚠️ ${message}` });
        }
      }
    };

    try {
      this.events.append(job.id, 'status', { type: 'status', status: 'running', provider: this.agent.provider.name });
      for await (const event of this.agent.generate(job.input, controller.signal)) {
        if (event.type === 'text') {
          this.events.append(job.id, 'content_block_delta', { type: 'content_block_delta', delta: { type: 'text_delta', text: event.text } });
          await handle(parser.push(event.text));
        } else if (event.type === 'response_start') {
          await handle(parser.startResponse());
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
      await handle(parser.end());
      if (saved.length === 0) throw new Error('The agent finished without writing any file.');
      await this.projects.keepOnly(projectId!, saved);
      await this.repository.finish(job.id, 'completed', null);
      this.events.append(job.id, 'status', { type: 'status', status: 'completed', filesSaved: saved.length });
      this.logger.log(`Job ${job.id} completed: ${saved.length} files in ${job.input.projectName}`);
    } catch (err) {
      const message = controller.signal.aborted ? 'The job was stopped.' : (err as Error).message || 'Job error';
      this.logger.warn(`Job ${job.id} failed: ${message}`);
      // Files completed before the failure stay saved; the open one is dropped, never saved half-written.
      this.events.append(job.id, 'error', { type: 'error', message });
      this.events.append(job.id, 'status', { type: 'status', status: 'failed', filesSaved: saved.length });
      await this.repository.finish(job.id, 'failed', message).catch((e: Error) => this.logger.error(e.message));
    } finally {
      this.controllers.delete(job.id);
      await this.events.close(job.id);
    }
  }

  /** Stops every running job (server shutdown). */
  abortAll(): void {
    for (const controller of this.controllers.values()) controller.abort();
  }
}
