import { Module } from '@nestjs/common';
import { ProjectChanges } from './project-changes.js';
import { ProjectClaims } from './project-claims.js';
import { ProjectQuotas } from './project-quotas.js';
import { ProjectStorage } from './project-storage.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

@Module({
  controllers: [ProjectsController],
  providers: [ProjectsRepository, ProjectsService, ProjectStorage, ProjectQuotas, ProjectClaims, ProjectChanges],
  exports: [ProjectsService],
})
export class ProjectsModule {}
