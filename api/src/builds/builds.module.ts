import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module.js';
import { ProjectDatabasesModule } from '../project-databases/project-databases.module.js';
import { PreviewChecksModule } from '../preview-checks/preview-checks.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SecretsModule } from '../secrets/secrets.module.js';
import { AutoFixModule } from '../auto-fix/auto-fix.module.js';
import { BuildAttempts } from './build-attempts.service.js';
import { BuildInterruptions } from './build-interruptions.js';
import { BuildPassService } from './build-pass.service.js';
import { BuildsController } from './builds.controller.js';
import { BuildsRepository } from './builds.repository.js';
import { BuildsService } from './builds.service.js';
import { PreviewWakes } from './preview-wakes.js';
import { RunsModule } from '../runs/runs.module.js';

@Module({
  imports: [AutoFixModule, CreditsModule, ProjectsModule, RunsModule, SandboxesModule, SecretsModule, ProjectDatabasesModule, PreviewChecksModule],
  controllers: [BuildsController],
  providers: [BuildsService, BuildAttempts, BuildPassService, BuildInterruptions, PreviewWakes, BuildsRepository],
  exports: [BuildsService],
})
export class BuildsModule {}
