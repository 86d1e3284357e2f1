import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SecretsModule } from '../secrets/secrets.module.js';
import { AdminController } from './admin.controller.js';
import { AdminGuard } from './admin.guard.js';
import { AdminService } from './admin.service.js';

@Module({
  imports: [CreditsModule, SandboxesModule, SecretsModule],
  controllers: [AdminController],
  providers: [AdminService, AdminGuard],
})
export class AdminModule {}
