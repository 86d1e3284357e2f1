/**
 * Only same-site paths: "//evil.example" and "/\evil.example" are read by browsers as other hosts, so an
 * attacker-made sign-in link cannot send a fresh session elsewhere.
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return undefined;
  return value;
}
