import { type ExecutionContext, SetMetadata, createParamDecorator } from '@nestjs/common';
import type { Request } from 'express';

export interface AuthUser {
  id: string;
  keyHint: string;
  createdAt: Date;
  isAdmin: boolean;
}

export interface AuthenticatedRequest extends Request {
  user?: AuthUser;
}

export const IS_PUBLIC = 'forge:isPublic';
/** Opens a route to visitors; every other /api route needs a session. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The signed-in account; the session guard has already refused visitors. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<AuthenticatedRequest>().user!;
});
