import { Module } from '@nestjs/common';
import { AgentModule } from '../agent/agent.module.js';
import { BuildsModule } from '../builds/builds.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { GenerationRun } from './generation-run.js';
import { GenerationsController } from './generations.controller.js';
import { GenerationsService } from './generations.service.js';
import { TemplateLayDown } from './template-lay-down.js';

/** Generations (a project written by the agent from a description) and the spec's `/api/jobs/*`. */
@Module({
  imports: [AgentModule, BuildsModule, ProjectsModule, RunsModule, SandboxesModule],
  controllers: [GenerationsController],
  providers: [GenerationRun, GenerationsService, TemplateLayDown],
  exports: [GenerationRun],
})
export class GenerationsModule {}
