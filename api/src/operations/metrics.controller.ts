import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { Public } from '../common/auth/auth.decorators.js';
import { MetricsAccessGuard } from './metrics-access.js';
import { MetricsService } from './metrics.service.js';
import { metricsRegistry } from './work-metrics.js';

/** Prometheus scrapes /metrics (outside /api): no session, but METRICS_TOKEN or a caller on this machine. */
@Controller()
export class MetricsController {
  constructor(private readonly service: MetricsService) {}

  @Public()
  @UseGuards(MetricsAccessGuard)
  @Header('Content-Type', metricsRegistry.contentType)
  @Get('metrics')
  metrics() {
    return this.service.render();
  }
}
