import { Module } from '@nestjs/common';
import { AgentModule } from '../agent/agent.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SystemController } from './system.controller.js';
import { SystemRepository } from './system.repository.js';
import { SystemService } from './system.service.js';

@Module({ imports: [SandboxesModule, AgentModule], controllers: [SystemController], providers: [SystemService, SystemRepository] })
export class SystemModule {}
