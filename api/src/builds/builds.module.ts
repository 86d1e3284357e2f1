import { Module } from '@nestjs/common';
import { AgentModule } from '../agent/agent.module.js';
import { CreditsModule } from '../credits/credits.module.js';
import { DatabasesModule } from '../databases/databases.module.js';
import { PreviewChecksModule } from '../preview-checks/preview-checks.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SecretsModule } from '../secrets/secrets.module.js';
import { AutoFixService } from './auto-fix.service.js';
import { BuildEventFollowers, BuildEventStore } from './build-events.js';
import { BuildPassService } from './build-pass.service.js';
import { BuildsController } from './builds.controller.js';
import { BuildsRepository } from './builds.repository.js';
import { BuildsService } from './builds.service.js';

@Module({
  imports: [AgentModule, CreditsModule, ProjectsModule, SandboxesModule, SecretsModule, DatabasesModule, PreviewChecksModule],
  controllers: [BuildsController],
  providers: [BuildsService, BuildPassService, BuildsRepository, BuildEventStore, BuildEventFollowers, AutoFixService],
  exports: [BuildsService],
})
export class BuildsModule {}
