import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { BuildsController } from './builds.controller.js';
import { BuildsService } from './builds.service.js';

@Module({ imports: [ProjectsModule, SandboxesModule], controllers: [BuildsController], providers: [BuildsService] })
export class BuildsModule {}
