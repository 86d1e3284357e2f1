import { Module } from '@nestjs/common';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SystemController } from './system.controller.js';
import { SystemService } from './system.service.js';

@Module({ imports: [SandboxesModule], controllers: [SystemController], providers: [SystemService] })
export class SystemModule {}
