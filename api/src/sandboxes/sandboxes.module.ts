import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { PackageRegistryService } from './package-registry.service.js';
import { DockerSandboxBackend, SANDBOX_BACKEND } from './sandbox-backend.js';
import { SandboxDisks } from './sandbox-disks.js';
import { SandboxUsageCollector } from './sandbox-usage-collector.js';
import { SandboxHousekeepingService } from './sandbox-housekeeping.service.js';
import { SandboxLiveService } from './sandbox-live.service.js';
import { SandboxLifecycleService } from './sandbox-lifecycle.service.js';
import { SandboxNodesRepository } from './sandbox-nodes.repository.js';
import { SandboxNodesService } from './sandbox-nodes.service.js';
import { SandboxOutputService } from './sandbox-output.service.js';
import { SandboxRefreshService } from './sandbox-refresh.service.js';
import { SandboxScriptsService } from './sandbox-scripts.service.js';
import { SandboxWorkspaceService } from './sandbox-workspace.service.js';
import { SandboxesRepository } from './sandboxes.repository.js';
import { SandboxesService } from './sandboxes.service.js';

/** Only SandboxesService leaves the module: the engine and the parts behind the facade stay inside. */
@Module({
  imports: [ProjectsModule],
  providers: [
    // Docker hosts today; a Kubernetes backend would be provided here instead.
    { provide: SANDBOX_BACKEND, useClass: DockerSandboxBackend },
    PackageRegistryService,
    SandboxDisks,
    SandboxNodesRepository,
    SandboxNodesService,
    SandboxesRepository,
    SandboxLifecycleService,
    SandboxWorkspaceService,
    SandboxHousekeepingService,
    SandboxUsageCollector,
    SandboxRefreshService,
    SandboxScriptsService,
    SandboxOutputService,
    SandboxLiveService,
    SandboxesService,
  ],
  exports: [SandboxesService],
})
export class SandboxesModule {}
