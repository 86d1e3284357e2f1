import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type SessionCookieJar, cookieJarFor } from './session-cookie.js';

export const SessionCookies = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionCookieJar => {
  const http = ctx.switchToHttp();
  return cookieJarFor(http.getRequest<Request>(), http.getResponse<Response>());
});
