import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { loadConfig } from '../config/app-config.js';
import { MetricsAccessGuard, bearerMatches, isLoopback } from './metrics-access.js';

const TOKEN = 'scrape-me-please-0123456789';

function contextFor(request: { ip?: string; headers: Record<string, string> }): ExecutionContext {
  return { switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
}

describe(MetricsAccessGuard.name, () => {
  it('without METRICS_TOKEN lets in callers on this machine only', () => {
    const sut = new MetricsAccessGuard(loadConfig({}));
    expect(sut.canActivate(contextFor({ ip: '127.0.0.1', headers: {} }))).toBe(true);
    expect(sut.canActivate(contextFor({ ip: '::1', headers: {} }))).toBe(true);
    expect(sut.canActivate(contextFor({ ip: '::ffff:127.0.0.1', headers: {} }))).toBe(true);
    expect(() => sut.canActivate(contextFor({ ip: '203.0.113.9', headers: {} }))).toThrow(/only on this machine; set METRICS_TOKEN/);
    expect(() => sut.canActivate(contextFor({ headers: {} }))).toThrow(/only on this machine/);
  });

  it('with METRICS_TOKEN wants the token, from anywhere, loopback included', () => {
    const sut = new MetricsAccessGuard(loadConfig({ METRICS_TOKEN: TOKEN }));
    expect(sut.canActivate(contextFor({ ip: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } }))).toBe(true);
    expect(() => sut.canActivate(contextFor({ ip: '127.0.0.1', headers: {} }))).toThrow(/Authorization: Bearer <METRICS_TOKEN>/);
    expect(() => sut.canActivate(contextFor({ ip: '127.0.0.1', headers: { authorization: `Bearer ${TOKEN}x` } }))).toThrow(/METRICS_TOKEN/);
  });
});

describe('bearerMatches', () => {
  it('compares the whole token, in any case of the scheme', () => {
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });
});

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:192.168.1.2', false],
    ['fe80::1', false],
    ['localhost', false],
  ])('%s is loopback: %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});
