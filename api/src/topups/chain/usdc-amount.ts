// USDC amounts and the ledger's micro-dollars. USDC has 6 decimals, so one base unit is one
// micro-dollar: the conversion is exact integer arithmetic, never a float.

import { formatUnits, parseUnits } from 'viem';

export const USDC_DECIMALS = 6;
/** The ledger counts integer micro-dollars (1 USD = 1_000_000). */
export const MICRO_USD_DECIMALS = 6;

/** Base units of USDC (as a Transfer log carries them) to the ledger's micro-dollars, exactly. */
export function usdcUnitsToMicroUsd(units: bigint): bigint {
  if (units < 0n) throw new RangeError('A USDC amount cannot be negative');
  // Written as a scale so the identity is visibly a consequence of the two decimal counts.
  return units * 10n ** BigInt(MICRO_USD_DECIMALS - USDC_DECIMALS);
}

/** "12.5" USDC to base units; more than 6 decimals is refused rather than rounded. */
export function parseUsdc(amount: string): bigint {
  const trimmed = amount.trim();
  if (!/^\d+(\.\d{1,6})?$/.test(trimmed)) throw new RangeError(`"${amount}" is not a USDC amount (at most ${USDC_DECIMALS} decimals)`);
  return parseUnits(trimmed, USDC_DECIMALS);
}

/** Base units to a plain decimal string, e.g. 12_500_000n → "12.5". */
export function formatUsdc(units: bigint): string {
  return formatUnits(units, USDC_DECIMALS);
}

/**
 * Micro-dollars as a JavaScript number, for a ledger column or JSON that holds numbers. Refuses
 * amounts past 2^53 (about 9 billion USD) instead of silently losing the last digits.
 */
export function microUsdToSafeNumber(microUsd: bigint): number {
  if (microUsd > BigInt(Number.MAX_SAFE_INTEGER) || microUsd < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${microUsd} micro-dollars is too large to count exactly`);
  }
  return Number(microUsd);
}
