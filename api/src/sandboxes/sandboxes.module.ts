import { Module } from '@nestjs/common';
import { DockerDriver } from './docker.driver.js';
import { SandboxesService } from './sandboxes.service.js';

@Module({ providers: [DockerDriver, SandboxesService], exports: [DockerDriver, SandboxesService] })
export class SandboxesModule {}
