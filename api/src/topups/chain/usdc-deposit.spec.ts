import { describe, expect, it } from '@jest/globals';
import { pendingRecheckDelayMs } from './usdc-deposit.js';

// The verifier itself is tested against a real chain in api/test/usdc-verifier.test.ts.
describe('pendingRecheckDelayMs', () => {
  it('waits for the missing blocks, at least one block and at most ten minutes', () => {
    expect(pendingRecheckDelayMs({ confirmations: 1, required: 3 })).toBe(24_000);
    expect(pendingRecheckDelayMs({ confirmations: 0, required: 12 })).toBe(144_000);
    expect(pendingRecheckDelayMs({ confirmations: 12, required: 12 })).toBe(12_000);
    expect(pendingRecheckDelayMs({ confirmations: 0, required: 10_000 })).toBe(600_000);
  });
});
