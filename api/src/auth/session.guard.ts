import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import { type AuthenticatedRequest, IS_PUBLIC } from '../common/auth/auth.decorators.js';
import { AuthService } from './auth.service.js';
import { sessionTokenOf } from './session-cookie.js';

@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = sessionTokenOf(request);
    const user = token ? await this.auth.authenticate(token) : null;
    if (user) request.user = user;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic || user) return true;
    throw new DomainError(ErrorCode.Unauthenticated, 'Sign in to continue: this needs an account session.');
  }
}
