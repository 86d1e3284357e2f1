import { describe, expect, it, jest } from '@jest/globals';
import { DomainError } from '../common/errors/domain-error.js';
import { underWatchdog } from './build-watchdog.js';

describe('underWatchdog', () => {
  it('answers what the work answers when it finishes in time, and stops nothing', async () => {
    const onExpire = jest.fn(async () => undefined);
    expect(await underWatchdog({ limitMs: 1000, step: () => 'building', onExpire }, async () => 'built')).toBe('built');
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('ends work that hangs past the limit with an error naming the step, and stops what runs', async () => {
    const onExpire = jest.fn(async () => undefined);
    const hanging = underWatchdog({ limitMs: 30, step: () => '🚀 Starting the app...', onExpire }, () => new Promise<never>(() => undefined));
    await expect(hanging).rejects.toThrow(DomainError);
    await expect(hanging).rejects.toMatchObject({ message: 'The build did not finish in time', details: 'it was stopped after 0 s, during: 🚀 Starting the app...' });
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('passes the work failing on', async () => {
    await expect(underWatchdog({ limitMs: 1000, step: () => '', onExpire: async () => undefined }, async () => Promise.reject(new Error('tar failed')))).rejects.toThrow('tar failed');
  });
});
