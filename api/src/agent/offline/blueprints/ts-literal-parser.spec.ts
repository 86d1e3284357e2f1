import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { parseTsLiteral } from './ts-literal-parser.js';
import { type TsValue, raw, tsLiteral } from './ts-literal.js';

const identifier = fc.stringMatching(/^[A-Za-z_$][\w$]{0,8}$/).filter((word) => !['true', 'false', 'null'].includes(word));

const tsValue: fc.Arbitrary<TsValue> = fc.letrec<{ value: TsValue }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'binary' }),
    fc.integer({ min: -1e6, max: 1e6 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).filter((n) => !Object.is(n, -0)),
    fc.boolean(),
    fc.constant(null),
    identifier.map(raw),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(identifier, fc.string()).filter((key) => key !== '__proto__'),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

describe('parseTsLiteral', () => {
  it('reads back whatever tsLiteral writes, and says where the literal ends', () => {
    fc.assert(
      fc.property(tsValue, fc.constantFrom('', '  '), (value, indent) => {
        const source = `const x = ${tsLiteral(value, indent)};`;
        const parsed = parseTsLiteral(source, 'const x = '.length);
        expect(parsed.value).toEqual(value);
        expect(source.slice(parsed.end)).toBe(';');
      }),
    );
  });

  it('skips comments and trailing commas, and reads escapes', () => {
    const source = `[ // first\n  { a: 'it\\'s', "b-c": "\\u00e9\\x41\\u{1F600}\\n" /* note */ },\n  -1.5e2,\n]`;
    expect(parseTsLiteral(source, 0).value).toEqual([{ a: "it's", 'b-c': 'éA😀\n' }, -150]);
  });

  it('names the line and column of what it could not read', () => {
    expect(() => parseTsLiteral("{\n  a: 'x' +", 0)).toThrow("Expected '}' at line 2, column 10");
    expect(() => parseTsLiteral("'open", 0)).toThrow('Unterminated string at line 1, column 1');
  });
});
