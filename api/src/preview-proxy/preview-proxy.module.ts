import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SharesModule } from '../shares/shares.module.js';
import { PreviewProxy } from './preview-proxy.js';
import { PreviewStatusController } from './preview-status.controller.js';
import { PreviewStatusService } from './preview-status.service.js';

@Module({ imports: [ProjectsModule, SandboxesModule, SharesModule], controllers: [PreviewStatusController], providers: [PreviewStatusService, PreviewProxy], exports: [PreviewProxy] })
export class PreviewProxyModule {}
