import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SecretsModule } from '../secrets/secrets.module.js';
import { DatabaseSetupService } from './database-setup.service.js';
import { ProjectDatabasesController } from './project-databases.controller.js';
import { ProjectDatabasesRepository } from './project-databases.repository.js';
import { ProjectDatabasesService } from './project-databases.service.js';
import { ProjectsServerDriver } from './projects-server.driver.js';

/** Builds ask DatabaseSetupService for the step after a successful build. */
@Module({
  imports: [ProjectsModule, SandboxesModule, SecretsModule],
  controllers: [ProjectDatabasesController],
  providers: [ProjectDatabasesRepository, ProjectsServerDriver, DatabaseSetupService, ProjectDatabasesService],
  exports: [DatabaseSetupService],
})
export class ProjectDatabasesModule {}
