import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { WorkQueue } from '../cluster/work-queue.js';
import { SERVER_DRAINING } from '../common/events/domain-events.js';
import { DatabaseSetupService } from '../project-databases/database-setup.service.js';
import { ProjectsService } from '../projects/projects.service.js';
import { PREVIEW_WAKES_QUEUE, PREVIEW_WAKES_QUEUE_OPTIONS, SandboxesService } from '../sandboxes/sandboxes.service.js';
import { BuildsService } from './builds.service.js';

const WAKES_PER_REPLICA = 4;

/**
 * The consumer of the preview wakes' queue: a stopped preview that was visited (the sandboxes send
 * its wake, one queued or running per project across replicas) is started again from its last
 * build's kept output when its files did not change since; otherwise (or when that fails) built.
 */
@Injectable()
export class PreviewWakes implements OnApplicationBootstrap {
  private readonly logger = new Logger('Builds');
  /** Stopped previews being started again from their kept build. */
  private readonly resuming = new Set<string>();

  constructor(
    private readonly workQueue: WorkQueue,
    private readonly sandboxes: SandboxesService,
    private readonly builds: BuildsService,
    private readonly projects: ProjectsService,
    private readonly databases: DatabaseSetupService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.workQueue.ensureQueue(PREVIEW_WAKES_QUEUE, PREVIEW_WAKES_QUEUE_OPTIONS);
    await this.workQueue.work<{ projectId: string }>(PREVIEW_WAKES_QUEUE, { localConcurrency: WAKES_PER_REPLICA }, (job) => this.wake(job.data.projectId));
  }

  /** A replica on its way down wakes no more previews; the others do. */
  @OnEvent(SERVER_DRAINING)
  async onDraining(): Promise<void> {
    await this.workQueue.stopTaking(PREVIEW_WAKES_QUEUE);
  }

  private async wake(projectId: string): Promise<void> {
    if (this.resuming.has(projectId) || (await this.builds.isBuilding(projectId))) return;
    this.resuming.add(projectId);
    try {
      const project = await this.projects.findById(projectId);
      if (!project) return;
      const started = Date.now();
      const previewUrl = await this.sandboxes.resume(projectId, project.updatedAt, await this.databases.appEnvironment(projectId)).catch((err: Error) => {
        this.logger.warn(`Resuming ${project.name} (${projectId}) from its kept build: ${err.message}`);
        return null;
      });
      if (previewUrl) {
        this.logger.log(`Woke ${project.name} (${projectId}) from its kept build in ${Date.now() - started} ms`);
        return;
      }
      await this.builds.buildUnlessRunning(project.id, project.name, project.ownerId);
    } finally {
      this.resuming.delete(projectId);
    }
  }
}
