import { Injectable } from '@nestjs/common';
import type { SourceTarget } from '@forge/protocol/source-tags';
import { AgentService } from '../agent/agent.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { type RunStream, RunsService } from '../runs/runs.service.js';
import type { EditProjectDto } from './dto/edit-project.dto.js';
import type { EditRunInput } from './edit-run.js';
import { targetNotInProject, targetedElement } from './edit-target.js';

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
   * edit running answers 409 naming it; a target the project has no such file or line for answers
   * 400) and answers its stream from the first event.
   */
  async start(ownerId: string, name: string, dto: EditProjectDto): Promise<RunStream> {
    const project = await this.projects.find(ownerId, name);
    if (dto.target) await this.checkTarget(project.id, dto.target);
    const input: EditRunInput = { projectId: project.id, projectName: project.name, request: dto.modificationRequest, images: dto.images, target: dto.target };
    const spec = { kind: 'edit' as const, projectName: project.name, projectId: project.id, prompt: dto.modificationRequest, provider: this.agent.provider.name, model: this.agent.provider.model };
    const runId = await this.runs.launch(ownerId, spec, input);
    return this.runs.stream(ownerId, runId, 0);
  }

  /** The element picked in the preview must be in one of the project's text files, on a line it has. */
  private async checkTarget(projectId: string, target: SourceTarget): Promise<void> {
    const entry = (await this.projects.fileEntries(projectId)).find((file) => file.path === target.file);
    if (!entry || entry.binary) throw targetNotInProject(target, 'is in no file of this project');
    if (!targetedElement(await this.projects.readFile(projectId, target.file), target)) throw targetNotInProject(target, `is past the end of ${target.file}`);
  }
}
