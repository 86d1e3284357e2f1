import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { CreditsModule } from '../credits/credits.module.js';
import { RunsModule } from '../runs/runs.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { SecretsModule } from '../secrets/secrets.module.js';
import { AdminAccountsRepository } from './admin-accounts.repository.js';
import { AdminOverviewRepository } from './admin-overview.repository.js';
import { AdminController } from './admin.controller.js';
import { AdminGuard } from './admin.guard.js';
import { AdminService } from './admin.service.js';

@Module({
  imports: [AuditModule, CreditsModule, RunsModule, SandboxesModule, SecretsModule],
  controllers: [AdminController],
  providers: [AdminService, AdminGuard, AdminAccountsRepository, AdminOverviewRepository],
})
export class AdminModule {}
