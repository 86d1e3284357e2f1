import { Injectable, Logger } from '@nestjs/common';
import { OperationsRepository } from './operations.repository.js';
import { metricsRegistry, sandboxesRunning } from './work-metrics.js';

@Injectable()
export class MetricsService {
  private readonly logger = new Logger('Metrics');

  constructor(private readonly repository: OperationsRepository) {}

  /** Every metric in Prometheus' text format; gauges read from the database are read now. */
  async render(): Promise<string> {
    try {
      sandboxesRunning.set(await this.repository.countRunningSandboxes());
    } catch (err) {
      // The rest still helps an operator find out why the database does not answer.
      this.logger.warn(`Counting running sandboxes: ${(err as Error).message}`);
    }
    return metricsRegistry.metrics();
  }
}
