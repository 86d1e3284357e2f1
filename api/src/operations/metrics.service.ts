import { Injectable, Logger } from '@nestjs/common';
import { WorkQueue } from '../cluster/work-queue.js';
import { OperationsRepository } from './operations.repository.js';
import { metricsRegistry, replicasAlive, sandboxesRunning, workQueueJobs } from './work-metrics.js';

@Injectable()
export class MetricsService {
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly repository: OperationsRepository,
    private readonly queue: WorkQueue,
  ) {}

  /** Every metric in Prometheus' text format; gauges read from the database are read now. */
  async render(): Promise<string> {
    try {
      const perNode = await this.repository.countRunningSandboxesPerNode();
      // A host that runs none any more (or was removed) reads 0 rather than its last count.
      sandboxesRunning.reset();
      for (const { nodeId, running } of perNode) sandboxesRunning.set({ node: nodeId }, running);
      replicasAlive.set(await this.repository.countReplicas());
      for (const { name, queued, active } of await this.queue.depths()) {
        workQueueJobs.set({ queue: name, state: 'queued' }, queued);
        workQueueJobs.set({ queue: name, state: 'active' }, active);
      }
    } catch (err) {
      // The rest still helps an operator find out why the database does not answer.
      this.logger.warn(`Reading the shared gauges: ${(err as Error).message}`);
    }
    return metricsRegistry.metrics();
  }
}
