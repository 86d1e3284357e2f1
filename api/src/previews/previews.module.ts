import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SharesModule } from '../shares/shares.module.js';
import { PreviewProxy } from './preview-proxy.js';
import { PreviewsController } from './previews.controller.js';
import { PreviewsService } from './previews.service.js';

@Module({ imports: [ProjectsModule, SandboxesModule, SharesModule], controllers: [PreviewsController], providers: [PreviewsService, PreviewProxy], exports: [PreviewProxy] })
export class PreviewsModule {}
