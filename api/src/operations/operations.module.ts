import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { DrainGuard, DrainState } from './drain.js';
import { InFlightRequests } from './in-flight-requests.js';
import { MetricsAccessGuard } from './metrics-access.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsService } from './metrics.service.js';
import { OperationsRepository } from './operations.repository.js';

/** What operators and orchestrators need: metrics, readiness, and a shutdown that drains first. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [DrainState, InFlightRequests, MetricsService, MetricsAccessGuard, OperationsRepository, { provide: APP_GUARD, useClass: DrainGuard }],
  exports: [DrainState, InFlightRequests],
})
export class OperationsModule {}
