import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { PROJECT_DELETING, type ProjectDeletingEvent } from '../common/events/domain-events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * Each project's latest screenshot (JPEG), taken by the preview check: its owner's My Projects card
 * and, once published, its card on the wall show it. Stored under DATA_DIR, written whole or not at all.
 */
@Injectable()
export class ThumbnailsService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async save(projectId: string, image: Buffer): Promise<void> {
    const path = this.pathOf(projectId);
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(`${path}.tmp`, image);
    await rename(`${path}.tmp`, path);
  }

  /** The screenshot, or null before the project's first checked build. */
  async read(projectId: string): Promise<Buffer | null> {
    return readFile(this.pathOf(projectId)).catch(() => null);
  }

  async exists(projectId: string): Promise<boolean> {
    return access(this.pathOf(projectId)).then(
      () => true,
      () => false,
    );
  }

  @OnEvent(PROJECT_DELETING)
  async onProjectDeleting({ projectId }: ProjectDeletingEvent): Promise<void> {
    await rm(this.pathOf(projectId), { force: true });
  }

  private pathOf(projectId: string): string {
    return join(this.config.dataDir, 'thumbnails', `${projectId}.jpg`);
  }
}
