import { describe, expect, it } from '@jest/globals';
import { callCostMicroUsd, creditsExhaustedMessage, formatMicroUsd, parseUsdToMicro } from './credits.js';

const SPEC_PRICES = { inputMicroUsdPerMTok: 3_000_000n, outputMicroUsdPerMTok: 15_000_000n };

describe('callCostMicroUsd', () => {
  it('prices tokens at $3 and $15 per million exactly', () => {
    expect(callCostMicroUsd(1_000_000, 0, SPEC_PRICES)).toBe(3_000_000n);
    expect(callCostMicroUsd(0, 1_000_000, SPEC_PRICES)).toBe(15_000_000n);
    expect(callCostMicroUsd(260, 80, SPEC_PRICES)).toBe(260n * 3n + 80n * 15n);
    expect(callCostMicroUsd(0, 0, SPEC_PRICES)).toBe(0n);
  });

  it('stays exact where floating point would not', () => {
    // 0.1 + 0.2 style traps: $0.80 per MTok × 3 tokens is 2.4 µ$, rounded up to 3.
    expect(callCostMicroUsd(3, 0, { inputMicroUsdPerMTok: 800_000n, outputMicroUsdPerMTok: 0n })).toBe(3n);
    expect(callCostMicroUsd(Number.MAX_SAFE_INTEGER, 0, SPEC_PRICES)).toBe(BigInt(Number.MAX_SAFE_INTEGER) * 3n);
  });

  it('rounds a fraction of a micro-dollar up, never down to free', () => {
    expect(callCostMicroUsd(1, 0, { inputMicroUsdPerMTok: 1n, outputMicroUsdPerMTok: 1n })).toBe(1n);
    expect(callCostMicroUsd(1_000_000, 0, { inputMicroUsdPerMTok: 1n, outputMicroUsdPerMTok: 1n })).toBe(1n);
    expect(callCostMicroUsd(1_000_001, 0, { inputMicroUsdPerMTok: 1n, outputMicroUsdPerMTok: 1n })).toBe(2n);
  });

  it('refuses token counts that are not whole non-negative numbers', () => {
    expect(() => callCostMicroUsd(-1, 0, SPEC_PRICES)).toThrow(RangeError);
    expect(() => callCostMicroUsd(1.5, 0, SPEC_PRICES)).toThrow(RangeError);
  });
});

describe('parseUsdToMicro', () => {
  it('reads dollars with up to six decimals exactly', () => {
    expect(parseUsdToMicro('10')).toBe(10_000_000n);
    expect(parseUsdToMicro('0.5')).toBe(500_000n);
    expect(parseUsdToMicro(' 3.75 ')).toBe(3_750_000n);
    expect(parseUsdToMicro('0.000001')).toBe(1n);
  });

  it('refuses what is not such a number', () => {
    for (const bad of ['', '-1', '1e3', '0.0000001', 'ten', '1,5', '.5']) expect(parseUsdToMicro(bad)).toBeNull();
  });
});

describe('formatMicroUsd', () => {
  it('shows dollars and cents', () => {
    expect(formatMicroUsd(10_000_000)).toBe('$10.00');
    expect(formatMicroUsd(0)).toBe('$0.00');
    expect(formatMicroUsd(-420_000)).toBe('-$0.42');
    expect(formatMicroUsd(1_234_567_890_000n)).toBe('$1,234,567.89');
    expect(formatMicroUsd(9_995_000)).toBe('$10.00');
    expect(formatMicroUsd(1_994_999)).toBe('$1.99');
  });

  it('keeps the small cost of a call visible when precise', () => {
    expect(formatMicroUsd(1_980, { precise: true })).toBe('$0.00198');
    expect(formatMicroUsd(-1_980, { precise: true })).toBe('-$0.00198');
    expect(formatMicroUsd(0, { precise: true })).toBe('$0.00');
    expect(formatMicroUsd(500_000, { precise: true })).toBe('$0.50');
    expect(formatMicroUsd(2_500_000, { precise: true })).toBe('$2.50');
  });
});

describe('creditsExhaustedMessage', () => {
  it('names the balance and what was refused', () => {
    expect(creditsExhaustedMessage(0, 'generation')).toMatch(/^Your credit balance is \$0\.00: a generation needs a positive balance\. Top up/);
    expect(creditsExhaustedMessage(-5_000, 'edit')).toContain('-$0.01: an edit needs');
    expect(creditsExhaustedMessage(0, 'automatic fix')).toContain('an automatic fix needs');
  });
});
