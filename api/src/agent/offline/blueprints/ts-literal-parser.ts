// Reads back the TypeScript literals ts-literal.ts writes: strings, numbers, booleans, null,
// bare identifiers (kept as raw code, e.g. an imported icon), arrays and objects. Blueprint
// sources hold their sample data in this form, so the agent can read it without a compiler.
import { type TsValue, raw } from './ts-literal.js';

export interface ParsedLiteral {
  value: TsValue;
  /** Index just past the literal. */
  end: number;
}

const IDENTIFIER = /[A-Za-z_$][\w$]*/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '0': '\0' };

export class LiteralSyntaxError extends Error {}

/** Parses the literal starting at `start` (after optional whitespace and comments). */
export function parseTsLiteral(source: string, start: number): ParsedLiteral {
  const reader = new LiteralReader(source, start);
  const value = reader.value();
  return { value, end: reader.position };
}

/** Skips whitespace and comments from `start`; returns the next index. */
export function skipBlank(source: string, start: number): number {
  let i = start;
  for (;;) {
    while (i < source.length && /\s/.test(source[i])) i++;
    if (source.startsWith('//', i)) {
      const newline = source.indexOf('\n', i);
      i = newline === -1 ? source.length : newline + 1;
    } else if (source.startsWith('/*', i)) {
      const close = source.indexOf('*/', i + 2);
      if (close === -1) throw new LiteralSyntaxError(`Unclosed comment at ${where(source, i)}`);
      i = close + 2;
    } else {
      return i;
    }
  }
}

/** "line 3, column 7", for errors a blueprint author can act on. */
export function where(source: string, index: number): string {
  const before = source.slice(0, index).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** The character an escape sequence after a backslash stands for, and where the sequence ends. */
function readEscape(source: string, start: number): { text: string; end: number } {
  const char = source[start];
  if (char in SIMPLE_ESCAPES) return { text: SIMPLE_ESCAPES[char], end: start + 1 };
  if (char === 'x') return { text: String.fromCharCode(parseInt(source.slice(start + 1, start + 3), 16)), end: start + 3 };
  if (char === 'u' && source[start + 1] === '{') {
    const close = source.indexOf('}', start);
    return { text: String.fromCodePoint(parseInt(source.slice(start + 2, close), 16)), end: close + 1 };
  }
  if (char === 'u') return { text: String.fromCharCode(parseInt(source.slice(start + 1, start + 5), 16)), end: start + 5 };
  return { text: char, end: start + 1 };
}

class LiteralReader {
  constructor(
    private readonly source: string,
    public position: number,
  ) {}

  value(): TsValue {
    this.position = skipBlank(this.source, this.position);
    const char = this.source[this.position];
    if (char === '[') return this.array();
    if (char === '{') return this.object();
    if (char === "'" || char === '"') return this.string();
    const number = this.match(NUMBER);
    if (number !== null) return Number(number);
    const word = this.match(IDENTIFIER);
    if (word === null) throw this.error('a literal');
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    return raw(word);
  }

  private array(): TsValue[] {
    const items: TsValue[] = [];
    this.position++;
    while (!this.consume(']')) {
      items.push(this.value());
      if (!this.consume(',')) {
        this.expect(']');
        break;
      }
    }
    return items;
  }

  private object(): { [key: string]: TsValue } {
    const result: { [key: string]: TsValue } = {};
    this.position++;
    while (!this.consume('}')) {
      this.position = skipBlank(this.source, this.position);
      const char = this.source[this.position];
      const key = char === "'" || char === '"' ? this.string() : this.match(IDENTIFIER);
      if (key === null) throw this.error('a property name');
      this.expect(':');
      result[key] = this.value();
      if (!this.consume(',')) {
        this.expect('}');
        break;
      }
    }
    return result;
  }

  private string(): string {
    const quote = this.source[this.position];
    let text = '';
    for (let i = this.position + 1; i < this.source.length; i++) {
      const char = this.source[i];
      if (char === quote) {
        this.position = i + 1;
        return text;
      }
      if (char === '\n') break;
      if (char !== '\\') {
        text += char;
        continue;
      }
      const escape = readEscape(this.source, i + 1);
      text += escape.text;
      i = escape.end - 1;
    }
    throw new LiteralSyntaxError(`Unterminated string at ${where(this.source, this.position)}`);
  }

  private match(pattern: RegExp): string | null {
    pattern.lastIndex = this.position;
    const found = pattern.exec(this.source);
    if (!found) return null;
    this.position += found[0].length;
    return found[0];
  }

  private consume(char: string): boolean {
    this.position = skipBlank(this.source, this.position);
    if (this.source[this.position] !== char) return false;
    this.position++;
    return true;
  }

  private expect(char: string): void {
    if (!this.consume(char)) throw this.error(`'${char}'`);
  }

  private error(expected: string): LiteralSyntaxError {
    return new LiteralSyntaxError(`Expected ${expected} at ${where(this.source, this.position)}`);
  }
}
