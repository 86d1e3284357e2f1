import { Module } from '@nestjs/common';
import { DockerDriver } from './docker.driver.js';

@Module({ providers: [DockerDriver], exports: [DockerDriver] })
export class SandboxesModule {}
