import { Module } from '@nestjs/common';
import { BuildsModule } from '../builds/builds.module.js';
import { DiffsModule } from '../diffs/diffs.module.js';
import { ProjectDatabasesModule } from '../project-databases/project-databases.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { VersionsController } from './versions.controller.js';
import { VersionsRepository } from './versions.repository.js';
import { VersionsService } from './versions.service.js';

@Module({
  imports: [ProjectsModule, BuildsModule, DiffsModule, ProjectDatabasesModule],
  controllers: [VersionsController],
  providers: [VersionsRepository, VersionsService],
})
export class VersionsModule {}
