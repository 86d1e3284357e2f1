import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { ActiveJobsResponse, JobKind, JobStatusResponse, StartJobResponse } from '@forge/protocol/api';
import { normalizeProjectName } from '@forge/protocol/project-name';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError, notFound } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { SseSource } from '../common/http/sse.js';
import { AgentService, type GenerateInput } from '../agent/agent.service.js';
import { CreditsService } from '../credits/credits.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import type { StartJobDto } from './dto/start-job.dto.js';
import { JobEventLog, SEQ_BLOCK } from './job-events.js';
import { GenerationJob } from './generation-job.js';
import { type JobBuilder, JobQueue } from './job-queue.js';
import { JobsRepository } from './jobs.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export { INTERRUPTED_EDIT_MESSAGE, INTERRUPTED_MESSAGE } from './job-messages.js';

/** What a job is about, before it runs. */
export interface JobSpec {
  kind: JobKind;
  projectName: string;
  /** The edit's project; a generation makes its own. */
  projectId?: string;
  /** The description or the edit request. */
  prompt: string;
}

@Injectable()
export class JobsService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: JobsRepository,
    private readonly events: JobEventLog,
    private readonly queue: JobQueue,
    private readonly generation: GenerationJob,
    private readonly agent: AgentService,
    private readonly projects: ProjectsService,
    private readonly credits: CreditsService,
  ) {}

  onModuleInit(): void {
    this.queue.register('generate', (input: GenerateInput, ownerId) => this.generation.work(input, ownerId));
  }

  /** Says how a kind of job is made from its queued input (edits register theirs). */
  registerKind(kind: JobKind, builder: JobBuilder): void {
    this.queue.register(kind, builder);
  }

  async start(ownerId: string, dto: StartJobDto): Promise<StartJobResponse> {
    const projectName = normalizeProjectName(dto.projectName);
    this.projects.assertValidName(projectName);
    const input: GenerateInput = { prompt: dto.prompt, projectName, images: dto.images };
    return { jobId: await this.launch(ownerId, { kind: 'generate', projectName, prompt: dto.prompt }, input) };
  }

  /**
   * Queues a job of any kind and answers its id: the project is claimed for it (a second generation
   * or edit of the project is refused with 409 naming this job; an account without credit with
   * 402), the account's running jobs are counted, and a replica runs it whether or not anyone watches.
   */
  async launch(ownerId: string, spec: JobSpec, input: unknown): Promise<string> {
    // A balance of zero or less is refused with 402 before anything is claimed or asked of the model.
    await this.credits.assertCanSpend(ownerId, spec.kind === 'generate' ? 'generation' : 'edit');
    const id = randomUUID();
    const release = await this.projects.claim(ownerId, spec.projectName, { kind: spec.kind === 'generate' ? 'generation' : 'edit', jobId: id });
    try {
      const job = await this.repository.createIfUnder(
        { id, ownerId, kind: spec.kind, projectId: spec.projectId, projectName: spec.projectName, prompt: spec.prompt, provider: this.agent.provider.name, model: this.agent.provider.model },
        this.config.limits.concurrentJobs,
        SEQ_BLOCK,
        (db) => this.queue.enqueue({ jobId: id, ownerId, kind: spec.kind, input }, db),
      );
      if (!job) throw tooManyRunning(this.config.limits.concurrentJobs, spec.kind);
      return job.id;
    } catch (err) {
      await release();
      throw err;
    }
  }

  async active(ownerId: string): Promise<ActiveJobsResponse> {
    return { jobs: await this.repository.listRunning(ownerId) };
  }

  async status(ownerId: string, id: string): Promise<JobStatusResponse> {
    const job = await this.find(ownerId, id);
    return job.status === 'failed' ? { status: job.status, error: job.error } : { status: job.status };
  }

  /** Everything after `afterSeq` (0: from the start), then live until [DONE]; a missing job is refused first. */
  async stream(ownerId: string, id: string, afterSeq: number): Promise<SseSource> {
    await this.find(ownerId, id);
    return this.events.follow(id, afterSeq);
  }

  private async find(ownerId: string, id: string) {
    const job = UUID.test(id) ? await this.repository.findForOwner(ownerId, id) : null;
    if (!job) throw notFound('Job not found');
    return job;
  }
}

/** Running jobs end by themselves; a minute is a fair time to look again. */
function tooManyRunning(limit: number, kind: JobKind): DomainError {
  const what = kind === 'generate' ? ['a generation', 'generations'] : ['a generation or edit', 'generations or edits'];
  const running = limit === 1 ? `${what[0]} running` : `${limit} ${what[1]} running`;
  return new DomainError(ErrorCode.RateLimited, `You have ${running}, the most an account may run at once. Wait for one to finish.`, undefined, 60);
}
