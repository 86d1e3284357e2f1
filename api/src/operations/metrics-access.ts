import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends it as a bearer token; without it, only
 * callers on this machine. The address is Express's (a loopback front proxy's X-Forwarded-For
 * counts), so a proxy on the same host does not open the metrics to everyone it forwards.
 */
@Injectable()
export class MetricsAccessGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const token = this.config.operations.metricsToken;
    if (token !== null) {
      if (bearerMatches(request.headers.authorization, token)) return true;
      throw new DomainError(ErrorCode.Unauthenticated, "The metrics need the operators' token: send Authorization: Bearer <METRICS_TOKEN>.");
    }
    if (isLoopback(request.ip)) return true;
    throw new DomainError(ErrorCode.Forbidden, 'The metrics answer only on this machine; set METRICS_TOKEN to read them from elsewhere.');
  }
}

export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}
