import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata, UseGuards, applyDecorators } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode } from '@forge/protocol/errors';
import type { AuthenticatedRequest } from '../common/auth/auth.decorators.js';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type RateLimitPolicy, type RateLimitRule, describeWait, rateLimitRules } from './rate-limit.policies.js';
import { RateLimitRepository } from './rate-limit.repository.js';

const POLICY = 'forge:rateLimitPolicy';

/**
 * Counts the route's requests against its policy and refuses those over the limit with 429 and
 * `Retry-After`. A route guard, so it runs after the session guard and knows the account.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly rules: Record<RateLimitPolicy, RateLimitRule>;

  constructor(
    private readonly reflector: Reflector,
    private readonly counters: RateLimitRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.rules = rateLimitRules(config);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.get<RateLimitPolicy | undefined>(POLICY, context.getHandler());
    if (!policy) return true;
    const rule = this.rules[policy];
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const count = await this.counters.increment(`${policy}:${rule.trackerOf(request)}`, rule.windowMs, rule.limit);
    if (count.retryAfterSeconds === 0) return true;
    throw new DomainError(ErrorCode.RateLimited, rule.refusal(describeWait(count.retryAfterSeconds)), undefined, count.retryAfterSeconds);
  }
}

export const RateLimited = (policy: RateLimitPolicy) => applyDecorators(SetMetadata(POLICY, policy), UseGuards(RateLimitGuard));
