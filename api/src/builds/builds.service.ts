import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { ProjectsService } from '../projects/projects.service.js';
import { DockerDriver } from '../sandboxes/docker.driver.js';
import { BuildStream } from './build-stream.js';

@Injectable()
export class BuildsService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly docker: DockerDriver,
  ) {}

  /** Streams a build of the project. Containers arrive with the sandbox release; until then this says so. */
  async build(ownerId: string, name: string, res: Response): Promise<void> {
    await this.projects.find(ownerId, name);
    const stream = new BuildStream(res);
    stream.log(`🔨 Preparing the build of ${name}...`);
    const engine = await this.docker.status();
    if (!engine.reachable) {
      stream.error('Docker is not available', engine.detail);
    } else {
      stream.error(
        'Builds are not available yet',
        'This server generates and saves projects; building them in sandboxes and live previews come with the next release. Download the project to build it locally.',
      );
    }
    stream.done();
  }
}
