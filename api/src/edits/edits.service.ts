import { Injectable } from '@nestjs/common';
import { AgentService } from '../agent/agent.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { type RunStream, RunsService } from '../runs/runs.service.js';
import type { EditProjectDto } from './dto/edit-project.dto.js';
import type { EditRunInput } from './edit-run.js';

export { EditRun, type EditRunInput } from './edit-run.js';

/** Natural-language edits of a person's own projects, run as agent runs on the server. */
@Injectable()
export class EditsService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly runs: RunsService,
    private readonly agent: AgentService,
  ) {}

  /**
   * Starts an edit of the project (another account's answers 404; a project with a generation or
   * edit running answers 409 naming it) and answers its stream from the first event.
   */
  async start(ownerId: string, name: string, dto: EditProjectDto): Promise<RunStream> {
    const project = await this.projects.find(ownerId, name);
    const input: EditRunInput = { projectId: project.id, projectName: project.name, request: dto.modificationRequest, images: dto.images };
    const spec = { kind: 'edit' as const, projectName: project.name, projectId: project.id, prompt: dto.modificationRequest, provider: this.agent.provider.name, model: this.agent.provider.model };
    const runId = await this.runs.launch(ownerId, spec, input);
    return this.runs.stream(ownerId, runId, 0);
  }
}
