// Credits: a ledger of entries per account in integer micro-dollars (1 USD = 1,000,000). The balance
// is the sum of the entries; nothing stores it. Amounts travel as JSON numbers: they stay exact up to
// 2^53 micro-dollars (about 9 billion dollars).

export const MICRO_PER_USD = 1_000_000;
/** Prices are per million tokens, so a price in micro-dollars per MTok is micro-micro-dollars per token. */
export const TOKENS_PER_PRICE_UNIT = 1_000_000n;

export type CreditKind = 'welcome' | 'charge' | 'topup' | 'grant' | 'correction';

export interface CreditEntry {
  id: string;
  kind: CreditKind;
  /** Positive for credits, negative for charges. */
  amountMicroUsd: number;
  description: string;
  createdAt: string;
  /** The generation or edit a charge priced, when it was one. */
  jobId: string | null;
}

/** `GET /api/credits?before=<entry id>&limit=<n>`: newest first. */
export interface CreditsResponse {
  balanceMicroUsd: number;
  entries: CreditEntry[];
  /** Pass as `before` for the next, older page; null on the last page. */
  nextCursor: string | null;
}

export const CREDITS_PAGE_SIZE = 20;
export const CREDITS_MAX_PAGE_SIZE = 100;

/** `GET /api/credits/usage`: what the account spent, per project, most expensive first. */
export interface ProjectUsage {
  /** The project's name; a deleted project keeps the name its jobs recorded. */
  projectName: string;
  /** False when the project was deleted since. */
  exists: boolean;
  inputTokens: number;
  outputTokens: number;
  /** What the model calls cost, as a positive amount. */
  costMicroUsd: number;
  calls: number;
}

export interface CreditUsageResponse {
  projects: ProjectUsage[];
}

/** `POST /api/admin/credits/grant` (operators only). */
export interface GrantCreditsRequest {
  /** The account's id (as the console shows it). */
  accountId: string;
  /**
   * Dollars, up to 6 decimals, as text or number: `"25"`, `"0.50"`. A negative amount is a correction
   * of a mistaken grant: it never takes the balance below zero.
   */
  amountUsd: string;
  /** Why, shown to the account in its ledger. */
  reason: string;
  /**
   * The operator saw what the grant is and confirmed it. Without it, a grant above the console's
   * confirmation threshold, or the same grant to the same account again within minutes, is answered
   * 409 `confirmation_required` with the sentence to confirm.
   */
  confirmed?: boolean;
}

export interface GrantCreditsResponse {
  entry: CreditEntry;
  balanceMicroUsd: number;
}

/** Prices of a model call, in micro-dollars per million tokens. */
export interface TokenPrices {
  inputMicroUsdPerMTok: bigint;
  outputMicroUsdPerMTok: bigint;
}

/**
 * What a model call costs in micro-dollars: tokens × price, computed exactly in integers; a fraction
 * of a micro-dollar left over is rounded up, so that no call is ever free by rounding.
 */
export function callCostMicroUsd(inputTokens: number, outputTokens: number, prices: TokenPrices): bigint {
  if (!Number.isSafeInteger(inputTokens) || !Number.isSafeInteger(outputTokens) || inputTokens < 0 || outputTokens < 0) {
    throw new RangeError(`Token counts must be whole non-negative numbers, got ${inputTokens} and ${outputTokens}`);
  }
  const scaled = BigInt(inputTokens) * prices.inputMicroUsdPerMTok + BigInt(outputTokens) * prices.outputMicroUsdPerMTok;
  return (scaled + TOKENS_PER_PRICE_UNIT - 1n) / TOKENS_PER_PRICE_UNIT;
}

const USD_TEXT = /^(\d{1,9})(?:\.(\d{1,6}))?$/;

/** `"3"`, `"0.80"`, `"12.345678"` as micro-dollars, exactly (no floating point); null when it is not such a number. */
export function parseUsdToMicro(text: string): bigint | null {
  const match = USD_TEXT.exec(text.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(6, '0');
  return BigInt(match[1]!) * BigInt(MICRO_PER_USD) + BigInt(fraction);
}

/**
 * Micro-dollars as dollars: `$10.00`, `-$0.42`. With `precise`, amounts under a dollar keep up to
 * six decimals (at least two), so that the cost of a small call does not read as $0.00.
 */
export function formatMicroUsd(amount: number | bigint, options: { precise?: boolean } = {}): string {
  const value = BigInt(amount);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const dollars = abs / BigInt(MICRO_PER_USD);
  const micros = abs % BigInt(MICRO_PER_USD);
  let fraction: string;
  if (options.precise && dollars === 0n) {
    fraction = micros.toString().padStart(6, '0').replace(/0+$/, '').padEnd(2, '0');
  } else {
    // Cents, rounded half up, carrying into the dollars.
    const cents = (micros + 5_000n) / 10_000n;
    if (cents === 100n) return `${negative ? '-' : ''}$${groupThousands(dollars + 1n)}.00`;
    fraction = cents.toString().padStart(2, '0');
  }
  return `${negative ? '-' : ''}$${groupThousands(dollars)}.${fraction}`;
}

function groupThousands(value: bigint): string {
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The sentence of the 402 a job, edit or fix gets when the balance is not positive. */
export function creditsExhaustedMessage(balanceMicroUsd: number | bigint, what: 'generation' | 'edit' | 'automatic fix'): string {
  return `Your credit balance is ${formatMicroUsd(balanceMicroUsd)}: ${what === 'automatic fix' ? 'an automatic fix' : `a${what === 'edit' ? 'n' : ''} ${what}`} needs a positive balance. Top up your credits (or ask an operator for a grant) and try again.`;
}

/** What a running job says when its charges took the balance to zero or below. */
export const CREDITS_RAN_OUT_MESSAGE = 'Your credits ran out: the job finished the file it was writing and stopped there. Top up your credits to continue.';
