import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import { draining } from './work-metrics.js';

export const SHUTTING_DOWN_MESSAGE = 'This Forge server is shutting down and takes no new jobs or builds. Try again in a moment: another server, or this one restarted, will take it.';

/**
 * Whether this replica is on its way down: from SIGTERM on it finishes what runs and starts nothing
 * new, and tells load balancers (GET /api/ready) to send traffic elsewhere.
 */
@Injectable()
export class DrainState {
  private since: Date | null = null;

  get draining(): boolean {
    return this.since !== null;
  }

  begin(): void {
    this.since ??= new Date();
    draining.set(1);
  }

  /** Throws the 503 every refused start answers. */
  assertAccepting(): void {
    if (this.draining) throw new DomainError(ErrorCode.Unavailable, SHUTTING_DOWN_MESSAGE, undefined, 5);
  }
}

const STARTS_WORK = 'forge:startsWork';
/** Marks a route that starts a job or a build: refused with 503 while the server shuts down. */
export const StartsWork = () => SetMetadata(STARTS_WORK, true);

@Injectable()
export class DrainGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly drain: DrainState,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.get<boolean>(STARTS_WORK, context.getHandler())) this.drain.assertAccepting();
    return true;
  }
}
