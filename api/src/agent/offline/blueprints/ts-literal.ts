// Writes blueprint data (sample content, copy) as TypeScript source, formatted the way a person
// would write it: unquoted keys, single-quoted strings, short arrays on one line.

/** Source code placed as-is, for identifiers such as an imported icon. */
export interface RawCode {
  readonly rawCode: string;
}

export type TsValue = string | number | boolean | null | RawCode | TsValue[] | { [key: string]: TsValue | undefined };

export function raw(code: string): RawCode {
  return { rawCode: code };
}

/** A TypeScript string literal: single-quoted, or double-quoted when that avoids escapes (as Prettier does). */
export function tsString(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(quote === "'" ? /'/g : /"/g, `\\${quote}`)
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `${quote}${escaped}${quote}`;
}

function isRaw(value: TsValue): value is RawCode {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'rawCode' in value;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const MAX_INLINE = 96;

/** `multiline` keeps a non-empty array or object over several lines even when it would fit on one. */
export function tsLiteral(value: TsValue, indent = '', { multiline = false } = {}): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return tsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isRaw(value)) return value.rawCode;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => tsLiteral(item, inner));
    const inline = `[${items.join(', ')}]`;
    if (!multiline && inline.length + indent.length <= MAX_INLINE && !inline.includes('\n')) return inline;
    return `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).filter((entry): entry is [string, TsValue] => entry[1] !== undefined);
  if (entries.length === 0) return '{}';
  const props = entries.map(([key, v]) => `${IDENTIFIER.test(key) ? key : tsString(key)}: ${tsLiteral(v, inner)}`);
  const inline = `{ ${props.join(', ')} }`;
  if (!multiline && inline.length + indent.length <= MAX_INLINE && !inline.includes('\n')) return inline;
  return `{\n${props.map((p) => `${inner}${p},`).join('\n')}\n${indent}}`;
}
