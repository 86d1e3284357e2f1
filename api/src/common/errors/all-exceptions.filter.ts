import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger, Optional } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthenticatedRequest } from '../auth/auth.decorators.js';
import { LimitHitsService } from '../../limits/limit-hits.service.js';
import { type ApiErrorBody, ErrorCode } from '@forge/protocol/errors';
import { DomainError } from './domain-error.js';
import { statusForCode } from './error-status.js';

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.BadRequest,
  401: ErrorCode.Unauthenticated,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  429: ErrorCode.RateLimited,
};

/** The one place errors become HTTP: `{ "error": "...", "code": "..." }` with the right status. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(@Optional() private readonly limitHits?: LimitHitsService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const [status, body] = this.describe(exception);
    // A refusal by a limit counts towards the account's "limits hit" in the operators' console.
    this.limitHits?.record(host.switchToHttp().getRequest<AuthenticatedRequest | undefined>()?.user?.id, body.code ?? '');
    if (status >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    if (response.headersSent) {
      response.end();
      return;
    }
    if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
      response.setHeader('Retry-After', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    }
    response.status(status).json(body);
  }

  private describe(exception: unknown): [number, ApiErrorBody] {
    if (exception instanceof DomainError) {
      const body: ApiErrorBody = { error: exception.message, code: exception.code };
      if (exception.details) body.details = exception.details;
      return [statusForCode(exception.code), body];
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'string'
          ? response
          : Array.isArray((response as { message?: unknown }).message)
            ? ((response as { message: string[] }).message[0] ?? exception.message)
            : String((response as { message?: unknown }).message ?? exception.message);
      return [status, { error: message, code: CODE_FOR_STATUS[status] ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.BadRequest) }];
    }
    return [500, { error: 'Something went wrong on our side. Please try again.', code: ErrorCode.Internal }];
  }
}
