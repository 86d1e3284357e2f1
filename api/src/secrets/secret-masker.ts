/** What a secret's value becomes in a log line. */
export const MASK = '••••••••';
/** Shorter values are not masked: they would turn ordinary words and numbers into masks. */
export const MIN_MASKED_LENGTH = 4;

export type Mask = (text: string) => string;

/** Replaces every occurrence of each value (longest first, so one inside another is still covered). */
export function maskValues(text: string, values: readonly string[]): string {
  let masked = text;
  for (const value of values) if (masked.includes(value)) masked = masked.split(value).join(MASK);
  return masked;
}

/** The values worth masking, longest first, each once. */
export function maskableValues(values: Iterable<string>): string[] {
  return [...new Set([...values].filter((value) => value.length >= MIN_MASKED_LENGTH))].sort((a, b) => b.length - a.length);
}
