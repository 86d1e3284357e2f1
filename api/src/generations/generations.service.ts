import { Injectable } from '@nestjs/common';
import type { ActiveJobsResponse, JobStatusResponse, StartJobResponse } from '@forge/protocol/api';
import { ErrorCode } from '@forge/protocol/errors';
import { normalizeProjectName, projectExistsMessage } from '@forge/protocol/project-name';
import { DomainError } from '../common/errors/domain-error.js';
import { AgentService, type GenerateInput } from '../agent/agent.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { AGENT_RUN_KINDS, type RunStream, RunsService } from '../runs/runs.service.js';
import type { StartJobDto } from './dto/start-job.dto.js';

export { GenerationRun } from './generation-run.js';

/**
 * Generations, and the spec's job endpoints (`/api/jobs/*`), which answer for generations and edits
 * alike: both are agent runs, and their job stream is the spec's mapping of the run's events.
 */
@Injectable()
export class GenerationsService {
  constructor(
    private readonly runs: RunsService,
    private readonly agent: AgentService,
    private readonly projects: ProjectsService,
  ) {}

  async start(ownerId: string, dto: StartJobDto): Promise<StartJobResponse> {
    const projectName = normalizeProjectName(dto.projectName);
    this.projects.assertValidName(projectName);
    // A generation rewrites the project's files: over an existing one only when the request says so. One
    // with a run going on is left to the launch, which names that run (busy says more than "exists").
    if (!dto.replace && (await this.projects.exists(ownerId, projectName)) && !(await this.hasActiveRun(ownerId, projectName)))
      throw new DomainError(ErrorCode.ProjectExists, projectExistsMessage(projectName));
    const input: GenerateInput = { prompt: dto.prompt, projectName, images: dto.images };
    const spec = { kind: 'generation' as const, projectName, prompt: dto.prompt, provider: this.agent.provider.name, model: this.agent.provider.model };
    return { jobId: await this.runs.launch(ownerId, spec, input) };
  }

  private async hasActiveRun(ownerId: string, projectName: string): Promise<boolean> {
    return (await this.runs.activeAgentRuns(ownerId)).some((run) => run.projectName === projectName);
  }

  /** The wire keeps the job's kind as the spec names it: `generate` or `edit`. */
  async active(ownerId: string): Promise<ActiveJobsResponse> {
    const runs = await this.runs.activeAgentRuns(ownerId);
    return { jobs: runs.map((run) => ({ id: run.id, kind: run.kind === 'generation' ? 'generate' : 'edit', projectName: run.projectName, projectId: run.projectId })) };
  }

  async status(ownerId: string, id: string): Promise<JobStatusResponse> {
    const run = await this.runs.find(ownerId, id, AGENT_RUN_KINDS);
    const status = run.status === 'queued' ? 'running' : run.status;
    return status === 'failed' ? { status, error: run.error } : { status };
  }

  /** Everything after `afterSeq` (0: from the start), then live until its end; a missing job is refused first. */
  stream(ownerId: string, id: string, afterSeq: number): Promise<RunStream> {
    return this.runs.stream(ownerId, id, afterSeq, AGENT_RUN_KINDS);
  }
}
