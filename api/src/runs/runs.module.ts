import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module.js';
import { ProjectsModule } from '../projects/projects.module.js';
import { SecretsModule } from '../secrets/secrets.module.js';
import { AgentRunQueue } from './agent-run-queue.js';
import { RunEventFollowers } from './run-event-followers.js';
import { RunEventLog } from './run-event-log.js';
import { RunInterruptions } from './run-interruptions.js';
import { RunRunner } from './run-runner.js';
import { RunsController } from './runs.controller.js';
import { RunsRepository } from './runs.repository.js';
import { RunsService } from './runs.service.js';

/**
 * The machinery of every run: its row, its one event log (masked, numbered, batched, stored,
 * followed from any replica), the agent runs' queue and what ends runs whose replica stopped.
 * Generations, edits and builds use it through RunsService; agent-runs/ consumes the queue.
 */
@Module({
  imports: [CreditsModule, ProjectsModule, SecretsModule],
  controllers: [RunsController],
  providers: [RunsRepository, RunEventFollowers, RunEventLog, RunRunner, RunInterruptions, AgentRunQueue, RunsService],
  exports: [RunsService, AgentRunQueue],
})
export class RunsModule {}
