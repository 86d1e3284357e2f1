import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { DockerDriver } from './docker.driver.js';
import { SandboxesRepository } from './sandboxes.repository.js';
import { SandboxesService } from './sandboxes.service.js';

@Module({ imports: [ProjectsModule], providers: [DockerDriver, SandboxesRepository, SandboxesService], exports: [DockerDriver, SandboxesService] })
export class SandboxesModule {}
