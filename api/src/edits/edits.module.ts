import { Module } from '@nestjs/common';
import { AgentModule } from '../agent/agent.module.js';
import { BuildsModule } from '../builds/builds.module.js';
import { DiffsModule } from '../diffs/diffs.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { EditJob } from './edit-job.js';
import { EditsController } from './edits.controller.js';
import { EditsService } from './edits.service.js';

@Module({
  imports: [AgentModule, BuildsModule, DiffsModule, JobsModule, ProjectsModule, SandboxesModule],
  controllers: [EditsController],
  providers: [EditJob, EditsService],
})
export class EditsModule {}
