/** What a secret's value becomes in a log line. */
export const MASK = '••••••••';
/** Shorter values are not masked: they would turn ordinary words and numbers into masks. */
export const MIN_MASKED_LENGTH = 4;
/** Encodings of shorter values are not masked either: a few base64 letters are found in any text. */
const MIN_ENCODED_LENGTH = 8;

export type Mask = (text: string) => string;

/** Replaces every occurrence of each value (longest first, so one inside another is still covered). */
export function maskValues(text: string, values: readonly string[]): string {
  let masked = text;
  for (const value of values) if (masked.includes(value)) masked = masked.split(value).join(MASK);
  return masked;
}

/** The values worth masking, each with the forms it takes when encoded, longest first, each once. */
export function maskableValues(values: Iterable<string>): string[] {
  const forms = [...values].flatMap(secretForms);
  return [...new Set(forms.filter((form) => form.length >= MIN_MASKED_LENGTH))].sort((a, b) => b.length - a.length);
}

/**
 * A value as a program may print it: as it is, URL-encoded, in base64 (either alphabet) or hex; and
 * for a URL with a password (a database URL), the password in each of those forms too.
 */
export function secretForms(value: string): string[] {
  const parts = [value, ...urlPassword(value)];
  return parts.flatMap((part) => [part, ...(part.length >= MIN_ENCODED_LENGTH ? encodedForms(part) : [])]);
}

function encodedForms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  return [encodeURIComponent(value), encodeURI(value), new URLSearchParams({ v: value }).toString().slice(2), bytes.toString('hex'), ...base64Cores(bytes)];
}

/**
 * The base64 text that stands for `bytes` wherever they sit in a longer encoded text: three cores,
 * one per offset of the value modulo three bytes, each without the characters the bytes around it
 * share, in both alphabets (`+/` and `-_`).
 */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

function urlPassword(value: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return [];
  try {
    const { password } = new URL(value);
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}
