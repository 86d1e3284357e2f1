import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SecretsModule } from '../secrets/secrets.module.js';
import { DatabaseSetupService } from './database-setup.service.js';
import { DatabasesController } from './databases.controller.js';
import { DatabasesRepository } from './databases.repository.js';
import { DatabasesService } from './databases.service.js';
import { ProjectsServerDriver } from './projects-server.driver.js';

/** Builds ask DatabaseSetupService for the step after a successful build. */
@Module({
  imports: [ProjectsModule, SandboxesModule, SecretsModule],
  controllers: [DatabasesController],
  providers: [DatabasesRepository, ProjectsServerDriver, DatabaseSetupService, DatabasesService],
  exports: [DatabaseSetupService],
})
export class DatabasesModule {}
