import { Module } from '@nestjs/common';
import { BuildsModule } from '../builds/builds.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';
import { ZipUploadInterceptor } from './zip-upload.interceptor.js';

/** Projects imported from a ZIP: checked whole, written as a run, then built like any project. */
@Module({
  imports: [ProjectsModule, RunsModule, BuildsModule],
  controllers: [ImportsController],
  providers: [ImportsService, ZipUploadInterceptor],
})
export class ImportsModule {}
