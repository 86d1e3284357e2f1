import { StandardSchemaValidationPipe } from '@nestjs/common';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../errors/domain-error.js';

/**
 * Validates `@Body({ schema })` parameters; the first issue's message is the error, as it is written:
 * each says what to do, and a field's name ("accountId: …") means nothing to the person reading it.
 */
export function createValidationPipe(): StandardSchemaValidationPipe {
  return new StandardSchemaValidationPipe({
    exceptionFactory: (issues) => {
      return new DomainError(ErrorCode.Validation, issues[0]?.message ?? 'Invalid request');
    },
  });
}
