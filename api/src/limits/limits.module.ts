import { Global, Module } from '@nestjs/common';
import { RateLimitGuard } from './rate-limited.decorator.js';
import { RateLimitRepository } from './rate-limit.repository.js';

/** Rate limits with counters in PostgreSQL; routes opt in with `@RateLimited(policy)`. */
@Global()
@Module({
  providers: [RateLimitRepository, RateLimitGuard],
  exports: [RateLimitRepository, RateLimitGuard],
})
export class LimitsModule {}
