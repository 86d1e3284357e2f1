import { Module } from '@nestjs/common';
import { EditRun, type EditRunInput } from '../edits/edits.service.js';
import { EditsModule } from '../edits/edits.module.js';
import { GenerationRun } from '../generations/generations.service.js';
import { GenerationsModule } from '../generations/generations.module.js';
import type { GenerateInput } from '../agent/agent.service.js';
import { RunsModule } from '../runs/runs.module.js';
import type { AgentRunWork } from '../runs/runs.service.js';
import { AGENT_RUN_WORK, AgentRunWorker } from './agent-run-worker.js';

/**
 * Where agent runs meet their work: the queue's consumer, with each kind (generation, edit) mapped
 * to the work its own module makes. Above generations and edits, so neither knows the other.
 */
@Module({
  imports: [RunsModule, GenerationsModule, EditsModule],
  providers: [
    {
      provide: AGENT_RUN_WORK,
      inject: [GenerationRun, EditRun],
      useFactory: (generation: GenerationRun, edit: EditRun): AgentRunWork => ({
        generation: (input: GenerateInput, ownerId) => generation.work(input, ownerId),
        edit: (input: EditRunInput) => edit.work(input),
      }),
    },
    AgentRunWorker,
  ],
})
export class AgentRunsModule {}
