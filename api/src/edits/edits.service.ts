import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { SseSource } from '../common/http/sse.js';
import { JobsService } from '../jobs/jobs.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import type { EditProjectDto } from './dto/edit-project.dto.js';
import { EditJob, type EditJobInput } from './edit-job.js';

/** Natural-language edits of a person's own projects, run as jobs on the server. */
@Injectable()
export class EditsService implements OnModuleInit {
  constructor(
    private readonly projects: ProjectsService,
    private readonly jobs: JobsService,
    private readonly editJob: EditJob,
  ) {}

  /** Any replica that takes an edit from the work queue makes its work here. */
  onModuleInit(): void {
    this.jobs.registerKind('edit', (input: EditJobInput) => this.editJob.work(input));
  }

  /**
   * Starts an edit of the project (another account's answers 404; a project with a generation or
   * edit running answers 409 naming it) and answers its stream from the first event.
   */
  async start(ownerId: string, name: string, dto: EditProjectDto): Promise<SseSource> {
    const project = await this.projects.find(ownerId, name);
    const input: EditJobInput = { projectId: project.id, projectName: project.name, request: dto.modificationRequest, images: dto.images };
    const jobId = await this.jobs.launch(ownerId, { kind: 'edit', projectName: project.name, projectId: project.id, prompt: dto.modificationRequest }, input);
    return this.jobs.stream(ownerId, jobId, 0);
  }
}
