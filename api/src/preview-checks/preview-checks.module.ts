import { Module } from '@nestjs/common';
import { PreviewProxyModule } from '../preview-proxy/preview-proxy.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { ThumbnailsModule } from '../thumbnails/thumbnails.module.js';
import { PreviewChecksController } from './preview-checks.controller.js';
import { PreviewChecksService } from './preview-checks.service.js';

@Module({ imports: [PreviewProxyModule, ProjectsModule, ThumbnailsModule], controllers: [PreviewChecksController], providers: [PreviewChecksService], exports: [PreviewChecksService] })
export class PreviewChecksModule {}
