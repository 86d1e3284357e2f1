import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { notFound } from '../common/errors/domain-error.js';
import type { AuthenticatedRequest } from '../common/auth/auth.decorators.js';

/**
 * Lets the accounts named by ADMIN_USER_IDS through. It runs after the global session guard, which has
 * already answered 401 to visitors; any other account gets the answer of a route that does not exist.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (request.user?.isAdmin) return true;
    throw notFound(`Cannot ${request.method} ${request.originalUrl}`);
  }
}
