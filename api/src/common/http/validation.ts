import { StandardSchemaValidationPipe } from '@nestjs/common';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../errors/domain-error.js';

/** Validates `@Body({ schema })` parameters; the first issue becomes the error message. */
export function createValidationPipe(): StandardSchemaValidationPipe {
  return new StandardSchemaValidationPipe({
    exceptionFactory: (issues) => {
      const first = issues[0];
      const path = first?.path?.map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.');
      const message = first?.message ?? 'Invalid request';
      return new DomainError(ErrorCode.Validation, path && !message.includes(path) ? `${path}: ${message}` : message);
    },
  });
}
