import { Injectable } from '@nestjs/common';
import type { PreviewStatusResponse } from '@forge/protocol/api';
import { ProjectsService } from '../projects/projects.service.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';

@Injectable()
export class PreviewStatusService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly sandboxes: SandboxesService,
  ) {}

  /** Built means a build succeeded since the last failed one; a stopped preview wakes on its next visit. Live: see below. */
  async status(ownerId: string, name: string): Promise<PreviewStatusResponse> {
    const project = await this.projects.find(ownerId, name);
    const sandbox = await this.sandboxes.find(project.id);
    // Running with nothing built yet: the live preview's dev server, while the agent writes.
    if (sandbox?.state === 'running' && !sandbox.builtAt) return { isBuilt: false, previewUrl: this.sandboxes.previewUrl(sandbox.previewId), live: true };
    if (!sandbox?.builtAt) return { isBuilt: false, previewUrl: '' };
    return { isBuilt: true, previewUrl: this.sandboxes.previewUrl(sandbox.previewId) };
  }
}
