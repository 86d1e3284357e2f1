import { describe, expect, it, jest } from '@jest/globals';
import { ErrorCode } from '@forge/protocol/errors';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import type { AppConfig } from '../config/app-config.js';
import type { CreditsRepository, PricedCall } from './credits.repository.js';
import { CreditsService } from './credits.service.js';

const PRICES = { inputMicroUsdPerMTok: 3_000_000n, outputMicroUsdPerMTok: 15_000_000n };

function newCreditsService(provider: 'anthropic' | 'offline' = 'anthropic', balance = 10_000_000n, welcome = 10_000_000n) {
  const repository = {
    balance: jest.fn(async (_accountId: string) => balance),
    recordCall: jest.fn(async (_call: PricedCall) => balance),
    credit: jest.fn(async (entry: { accountId: string; kind: string; amountMicroUsd: bigint; description: string; grantedBy?: string }) => ({
      id: 'e1',
      jobId: null,
      createdAt: new Date(0),
      ...entry,
    })),
    accountExists: jest.fn(async () => true),
    lastGrantSince: jest.fn(async (_accountId: string, _amount: bigint, _since: Date): Promise<{ createdAt: Date; description: string } | null> => null),
    correct: jest.fn(async (_entry: { accountId: string; amountMicroUsd: bigint; description: string; grantedBy: string }): Promise<{ refusedAtBalance: bigint } | { entry: object }> => ({
      refusedAtBalance: balance,
    })),
  };
  const config = { llm: { provider }, credits: { welcomeMicroUsd: welcome, prices: PRICES, grantConfirmAboveMicroUsd: 100_000_000n } } as unknown as AppConfig;
  const sut = new CreditsService(config, repository as unknown as CreditsRepository);
  return { sut, mocks: { repository } };
}

const operator = { id: 'op-1' } as AuthUser;

describe(CreditsService.name, () => {
  it('charges a call its tokens × the prices, in one write with the usage of its job', async () => {
    const { sut, mocks } = newCreditsService();
    await sut.recordCall('acc', { runId: 'job-1' }, { inputTokens: 1234, outputTokens: 5678 }, 'Generation of counter');
    expect(mocks.repository.recordCall).toHaveBeenCalledWith({
      accountId: 'acc',
      usageOf: { runId: 'job-1' },
      inputTokens: 1234,
      outputTokens: 5678,
      costMicroUsd: 1234n * 3n + 5678n * 15n,
      description: 'Generation of counter: 1,234 input + 5,678 output tokens',
    });
  });

  it('charges nothing for the offline agent and never refuses it', async () => {
    const { sut, mocks } = newCreditsService('offline', 0n);
    await sut.recordCall('acc', { buildId: 'b1' }, { inputTokens: 900, outputTokens: 4000 }, 'Generation of x');
    expect(mocks.repository.recordCall.mock.calls[0]![0].costMicroUsd).toBe(0n);
    await expect(sut.assertCanSpend('acc', 'generation')).resolves.toBeUndefined();
  });

  it('refuses work with credits.exhausted at zero or below, and lets a positive balance through', async () => {
    await expect(newCreditsService('anthropic', 0n).sut.assertCanSpend('acc', 'edit')).rejects.toMatchObject({ code: ErrorCode.CreditsExhausted });
    await expect(newCreditsService('anthropic', -1n).sut.assertCanSpend('acc', 'generation')).rejects.toMatchObject({ code: ErrorCode.CreditsExhausted });
    await expect(newCreditsService('anthropic', 1n).sut.assertCanSpend('acc', 'automatic fix')).resolves.toBeUndefined();
  });

  it('writes no welcome entry when the operator set the welcome credit to 0', () => {
    expect(newCreditsService().sut.welcomeCredit()).toEqual({ kind: 'welcome', amountMicroUsd: 10_000_000n, description: 'Welcome credit' });
    expect(newCreditsService('anthropic', 0n, 0n).sut.welcomeCredit()).toBeNull();
  });

  it('grants exact amounts recorded with the operator, and refuses amounts that are not dollars', async () => {
    const { sut, mocks } = newCreditsService();
    const result = await sut.grant(operator, { accountId: 'acc', amountUsd: '0.10', reason: 'Beta tester' });
    expect(mocks.repository.credit).toHaveBeenCalledWith({ accountId: 'acc', kind: 'grant', amountMicroUsd: 100_000n, description: 'Granted by an operator: Beta tester', grantedBy: 'op-1' });
    expect(result.entry.amountMicroUsd).toBe(100_000);
    for (const amountUsd of ['0', '-0', '--1', '1e3', '0.0000001', '']) {
      await expect(sut.grant(operator, { accountId: 'acc', amountUsd, reason: 'x' })).rejects.toMatchObject({ code: ErrorCode.BadRequest });
    }
    await expect(sut.grant(operator, { accountId: 'acc', amountUsd: '1000001', reason: 'x' })).rejects.toThrow('A single grant is at most $1,000,000.00.');
  });

  it('asks for confirmation above the threshold and for a repeat of the same grant, and lets a confirmed one through', async () => {
    const { sut, mocks } = newCreditsService();
    await expect(sut.grant(operator, { accountId: 'acc', amountUsd: '100.01', reason: 'x' })).rejects.toMatchObject({
      code: ErrorCode.ConfirmationRequired,
      message: expect.stringContaining('Grant $100.01'),
    });
    mocks.repository.lastGrantSince.mockResolvedValueOnce({ createdAt: new Date(), description: 'Granted by an operator: x' });
    await expect(sut.grant(operator, { accountId: 'acc', amountUsd: '100', reason: 'x' })).rejects.toMatchObject({ code: ErrorCode.ConfirmationRequired, message: expect.stringContaining('again?') });
    expect(mocks.repository.credit).not.toHaveBeenCalled();
    await sut.grant(operator, { accountId: 'acc', amountUsd: '100.01', reason: 'x', confirmed: true });
    expect(mocks.repository.credit).toHaveBeenCalledTimes(1);
  });

  it('writes a negative amount as a correction, refused when the balance does not cover it', async () => {
    const { sut, mocks } = newCreditsService('anthropic', 3_000_000n);
    await expect(sut.grant(operator, { accountId: 'acc', amountUsd: '-4', reason: 'typo' })).rejects.toThrow('The account has $3.00 left; correct by at most that much.');
    expect(mocks.repository.correct).toHaveBeenCalledWith({ accountId: 'acc', amountMicroUsd: -4_000_000n, description: 'Corrected by an operator: typo', grantedBy: 'op-1' });
    expect(mocks.repository.credit).not.toHaveBeenCalled();
  });
});
