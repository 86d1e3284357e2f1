import { ErrorCode } from '@forge/protocol/errors';

/** An error the user can act on; the filter turns its code into the HTTP status. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: string,
    /** Sent as `Retry-After`: when trying again may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message = 'Not found') => new DomainError(ErrorCode.NotFound, message);
export const projectNotFound = () => new DomainError(ErrorCode.ProjectNotFound, 'Project not found');
export const badRequest = (message: string) => new DomainError(ErrorCode.BadRequest, message);
