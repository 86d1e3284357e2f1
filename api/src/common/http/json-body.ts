import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Observable } from 'rxjs';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../errors/domain-error.js';
import { formatBytes, readJsonStreamed } from './streamed-json.js';

/** What a route accepts when it says nothing: sign-in keys, small settings. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
/** Routes that take more are parsed as their bodies stream in (one `JSON.parse` of megabytes stops the event loop). */
const STREAMED_ABOVE_BYTES = 1024 * 1024;

const BODY_LIMIT = 'forge:bodyLimit';
/** A route that takes large bodies (a saved project, design images) says how large. */
export const BodyLimit = (bytes: number) => SetMetadata(BODY_LIMIT, bytes);

/**
 * Reads JSON bodies after the guards, never before: a visitor without a session is refused
 * without the server reading, let alone parsing, what they send. Each route's limit is its own.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly parsers = new Map<number, RequestHandler>();

  constructor(private readonly reflector: Reflector) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const limit = this.reflector.getAllAndOverride<number>(BODY_LIMIT, [context.getHandler(), context.getClass()]) ?? DEFAULT_BODY_LIMIT_BYTES;
    await this.parse(http.getRequest<Request>(), http.getResponse<Response>(), limit);
    return next.handle();
  }

  private async parse(req: Request, res: Response, limit: number): Promise<void> {
    if (limit > STREAMED_ABOVE_BYTES) {
      req.body = await readJsonStreamed(req, limit);
      return;
    }
    let parser = this.parsers.get(limit);
    if (!parser) {
      parser = express.json({ limit });
      this.parsers.set(limit, parser);
    }
    const parse = parser;
    return new Promise((resolve, reject) => {
      parse(req, res, (err?: unknown) => (err ? reject(bodyError(err as BodyParserError, limit)) : resolve()));
    });
  }
}

interface BodyParserError {
  type?: string;
  message?: string;
}

function bodyError(err: BodyParserError, limit: number): DomainError {
  if (err.type === 'entity.parse.failed') return new DomainError(ErrorCode.MalformedJson, `Malformed JSON in request body: ${err.message}`);
  if (err.type === 'entity.too.large') return new DomainError(ErrorCode.PayloadTooLarge, `Request body is too large (max ${formatBytes(limit)})`);
  return new DomainError(ErrorCode.BadRequest, `Could not read the request body: ${err.message ?? 'unknown error'}`);
}
