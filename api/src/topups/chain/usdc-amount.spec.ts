import { describe, expect, it } from '@jest/globals';
import { formatUsdc, microUsdToSafeNumber, parseUsdc, usdcUnitsToMicroUsd } from './usdc-amount.js';

describe('USDC amounts', () => {
  it('counts one USDC as exactly 1_000_000 micro-dollars, down to the smallest unit', () => {
    expect(usdcUnitsToMicroUsd(parseUsdc('1'))).toBe(1_000_000n);
    expect(usdcUnitsToMicroUsd(parseUsdc('0.000001'))).toBe(1n);
    expect(usdcUnitsToMicroUsd(parseUsdc('12.345678'))).toBe(12_345_678n);
    expect(usdcUnitsToMicroUsd(0n)).toBe(0n);
  });

  it('stays exact past what a float holds', () => {
    // 2^53 + 1 base units: a Number would round it to 2^53.
    const units = 9_007_199_254_740_993n;
    expect(usdcUnitsToMicroUsd(units)).toBe(9_007_199_254_740_993n);
    expect(() => microUsdToSafeNumber(units)).toThrow(/too large to count exactly/);
    expect(microUsdToSafeNumber(10_000_000n)).toBe(10_000_000);
  });

  it('refuses negative amounts and text with more than six decimals rather than rounding', () => {
    expect(() => usdcUnitsToMicroUsd(-1n)).toThrow(RangeError);
    expect(() => parseUsdc('0.0000001')).toThrow(/at most 6 decimals/);
    expect(() => parseUsdc('-1')).toThrow(RangeError);
    expect(() => parseUsdc('1e6')).toThrow(RangeError);
  });

  it('formats base units as plain decimals', () => {
    expect(formatUsdc(12_500_000n)).toBe('12.5');
    expect(formatUsdc(1n)).toBe('0.000001');
    expect(formatUsdc(parseUsdc(' 42 '))).toBe('42');
  });
});
