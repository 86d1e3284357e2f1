import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SecretsModule } from '../secrets/secrets.module.js';
import { ThumbnailsModule } from '../thumbnails/thumbnails.module.js';
import { PublicSharesController } from './public-shares.controller.js';
import { SharesController } from './shares.controller.js';
import { SharesRepository } from './shares.repository.js';
import { SharesService } from './shares.service.js';

/** Published projects; the preview proxy asks SharesService which project a public preview host serves. */
@Module({
  imports: [ProjectsModule, SandboxesModule, SecretsModule, ThumbnailsModule],
  // The owner's controller first: its `shares/mine` must match before the public `shares/:shareId`.
  controllers: [SharesController, PublicSharesController],
  providers: [SharesRepository, SharesService],
  exports: [SharesService],
})
export class SharesModule {}
