import { Module } from '@nestjs/common';
import { AgentModule } from '../agent/agent.module.js';
import { BuildsModule } from '../builds/builds.module.js';
import { DiffsModule } from '../diffs/diffs.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { EditRun } from './edit-run.js';
import { EditsController } from './edits.controller.js';
import { EditsService } from './edits.service.js';

@Module({
  imports: [AgentModule, BuildsModule, DiffsModule, ProjectsModule, RunsModule, SandboxesModule],
  controllers: [EditsController],
  providers: [EditRun, EditsService],
  exports: [EditRun],
})
export class EditsModule {}
