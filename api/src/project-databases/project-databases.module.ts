import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SecretsModule } from '../secrets/secrets.module.js';
import { DatabaseLimitsDriver } from './database-limits.driver.js';
import { DatabaseSetupService } from './database-setup.service.js';
import { DatabaseSnapshotsDriver } from './database-snapshots.driver.js';
import { DatabaseSnapshotsService } from './database-snapshots.service.js';
import { DatabaseWatchdog } from './database-watchdog.service.js';
import { ProjectDatabasesController } from './project-databases.controller.js';
import { ProjectDatabasesRepository } from './project-databases.repository.js';
import { ProjectDatabasesService } from './project-databases.service.js';
import { ProjectsServerConnections } from './projects-server.connections.js';
import { ProjectsServerDriver } from './projects-server.driver.js';

/** Builds ask DatabaseSetupService for the step after a successful build; versions ask DatabaseSnapshotsService for their data. */
@Module({
  imports: [ProjectsModule, SandboxesModule, SecretsModule],
  controllers: [ProjectDatabasesController],
  providers: [
    ProjectDatabasesRepository,
    ProjectsServerConnections,
    ProjectsServerDriver,
    DatabaseLimitsDriver,
    DatabaseSetupService,
    DatabaseWatchdog,
    ProjectDatabasesService,
    DatabaseSnapshotsDriver,
    DatabaseSnapshotsService,
  ],
  exports: [DatabaseSetupService, DatabaseSnapshotsService],
})
export class ProjectDatabasesModule {}
