import { Module } from '@nestjs/common';
import { AgentModule } from '../agent/agent.module.js';
import { CreditsModule } from '../credits/credits.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { SandboxesModule } from '../sandboxes/sandboxes.module.js';
import { GenerationJob } from './generation-job.js';
import { SecretsModule } from '../secrets/secrets.module.js';
import { JobEventFollowers } from './job-event-followers.js';
import { JobEventLog } from './job-events.js';
import { JobInterruptions } from './job-interruptions.js';
import { JobQueue } from './job-queue.js';
import { JobRunner } from './job-runner.js';
import { JobsController } from './jobs.controller.js';
import { JobsRepository } from './jobs.repository.js';
import { JobsService } from './jobs.service.js';

@Module({
  imports: [AgentModule, CreditsModule, ProjectsModule, SandboxesModule, SecretsModule],
  controllers: [JobsController],
  providers: [JobsRepository, JobEventFollowers, JobEventLog, JobRunner, JobInterruptions, JobQueue, GenerationJob, JobsService],
  exports: [JobsService],
})
export class JobsModule {}
