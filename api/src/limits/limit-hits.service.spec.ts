import { describe, expect, it, jest } from '@jest/globals';
import { ErrorCode } from '@forge/protocol/errors';
import type { LimitHitsRepository } from './limit-hits.repository.js';
import { LimitHitsService } from './limit-hits.service.js';

function newService() {
  const added: Array<Map<string, number>> = [];
  const repository = { add: jest.fn(async (hits: ReadonlyMap<string, number>) => void added.push(new Map(hits))) };
  return { sut: new LimitHitsService(repository as unknown as LimitHitsRepository), mocks: { repository, added } };
}

describe(LimitHitsService.name, () => {
  it("counts an account's refusals by a limit, and adds them in one write per flush", async () => {
    const { sut, mocks } = newService();
    sut.record('a', ErrorCode.RateLimited);
    sut.record('a', ErrorCode.QuotaExceeded);
    sut.record('b', ErrorCode.CreditsExhausted);
    await sut.flush();
    expect(mocks.added).toEqual([
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    ]);
    await sut.flush();
    expect(mocks.repository.add).toHaveBeenCalledTimes(1);
  });

  it('leaves out other errors and requests without an account', async () => {
    const { sut, mocks } = newService();
    sut.record('a', ErrorCode.ProjectBusy);
    sut.record('a', ErrorCode.NotFound);
    sut.record(undefined, ErrorCode.RateLimited);
    await sut.flush();
    expect(mocks.repository.add).not.toHaveBeenCalled();
  });

  it('writes what is left at shutdown', async () => {
    const { sut, mocks } = newService();
    sut.onApplicationBootstrap();
    sut.record('a', ErrorCode.RateLimited);
    await sut.onModuleDestroy();
    expect(mocks.added).toEqual([new Map([['a', 1]])]);
  });
});
