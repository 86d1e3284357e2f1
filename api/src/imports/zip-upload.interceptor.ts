import { join } from 'node:path';
import { type CallHandler, type ExecutionContext, HttpException, Inject, Injectable, type NestInterceptor, PayloadTooLargeException } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

const MB = 1024 * 1024;
/** The multipart field that carries the ZIP. */
export const ZIP_FIELD = 'file';
const MultipartFile = FileInterceptor(ZIP_FIELD);

/**
 * Receives an import's ZIP (after the guards: a visitor without a session is refused unread) into a
 * file under DATA_DIR/uploads, streamed, and stops at LIMIT_IMPORT_MB: an upload larger than what
 * it may unpack to is refused before it is all read. Its refusals read in the platform's words.
 */
@Injectable()
export class ZipUploadInterceptor implements NestInterceptor {
  private readonly multipart: NestInterceptor;
  private readonly limitMb: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limitMb = config.limits.importMb;
    this.multipart = new MultipartFile({ dest: join(config.dataDir, 'uploads'), limits: { fileSize: this.limitMb * MB, files: 1, fields: 4, parts: 6 } });
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multipart.intercept(context, next);
    } catch (err) {
      if (err instanceof PayloadTooLargeException) {
        throw new DomainError(
          ErrorCode.PayloadTooLarge,
          `The ZIP is larger than ${this.limitMb} MB, the most an import may hold. Leave node_modules/, dist/ and build/ out of it and try again. Nothing was saved.`,
        );
      }
      if (err instanceof HttpException) {
        throw new DomainError(ErrorCode.BadRequest, `The upload could not be read (${err.message}): send the ZIP as the multipart field "${ZIP_FIELD}" and the name as "projectName".`);
      }
      throw err;
    }
  }
}
