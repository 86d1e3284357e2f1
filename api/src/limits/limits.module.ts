import { Global, Module } from '@nestjs/common';
import { LimitHitsRepository } from './limit-hits.repository.js';
import { LimitHitsService } from './limit-hits.service.js';
import { RateLimitGuard } from './rate-limited.decorator.js';
import { RateLimitRepository } from './rate-limit.repository.js';

/** Rate limits with counters in PostgreSQL; routes opt in with `@RateLimited(policy)`. */
@Global()
@Module({
  providers: [RateLimitRepository, RateLimitGuard, LimitHitsRepository, LimitHitsService],
  exports: [RateLimitRepository, RateLimitGuard, LimitHitsService],
})
export class LimitsModule {}
