import { Module } from '@nestjs/common';
import { ProjectStorage } from './project-storage.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsRepository } from './projects.repository.js';
import { ProjectsService } from './projects.service.js';

@Module({
  controllers: [ProjectsController],
  providers: [ProjectsRepository, ProjectsService, ProjectStorage],
  exports: [ProjectsService, ProjectStorage],
})
export class ProjectsModule {}
