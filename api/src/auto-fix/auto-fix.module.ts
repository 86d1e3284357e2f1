import { Module } from '@nestjs/common';
import { AgentModule } from '../agent/agent.module.js';
import { CreditsModule } from '../credits/credits.module.js';
import { DiffsModule } from '../diffs/diffs.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { AutoFixService } from './auto-fix.service.js';

/** The model-driven half of the build-fix loop: one fix attempt from a failed build's errors. */
@Module({
  imports: [AgentModule, CreditsModule, DiffsModule, ProjectsModule, SandboxesModule],
  providers: [AutoFixService],
  exports: [AutoFixService],
})
export class AutoFixModule {}
