import { describe, expect, it } from '@jest/globals';
import { Controller, type ExecutionContext, Get, Post } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DrainGuard, DrainState, SHUTTING_DOWN_MESSAGE, StartsWork } from './drain.js';

@Controller()
class Routes {
  @Post('start')
  @StartsWork()
  start() {
    return 'started';
  }

  @Get('list')
  list() {
    return [];
  }
}

function contextFor(handler: () => unknown): ExecutionContext {
  return { getHandler: () => handler, getClass: () => Routes } as unknown as ExecutionContext;
}

function newDrainGuard() {
  const drain = new DrainState();
  return { sut: new DrainGuard(new Reflector(), drain), mocks: { drain } };
}

describe(DrainGuard.name, () => {
  it('lets everything through while the server runs', () => {
    const { sut } = newDrainGuard();
    expect(sut.canActivate(contextFor(Routes.prototype.start))).toBe(true);
    expect(sut.canActivate(contextFor(Routes.prototype.list))).toBe(true);
  });

  it('refuses routes that start work with 503 once the server shuts down, and only those', () => {
    const { sut, mocks } = newDrainGuard();
    mocks.drain.begin();
    expect(() => sut.canActivate(contextFor(Routes.prototype.start))).toThrow(SHUTTING_DOWN_MESSAGE);
    try {
      sut.canActivate(contextFor(Routes.prototype.start));
    } catch (err) {
      expect(err).toMatchObject({ code: 'unavailable', retryAfterSeconds: 5 });
    }
    expect(sut.canActivate(contextFor(Routes.prototype.list))).toBe(true);
  });
});
