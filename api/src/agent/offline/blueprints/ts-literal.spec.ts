import { describe, expect, it } from '@jest/globals';
import { raw, tsLiteral, tsString } from './ts-literal.js';

describe('tsString', () => {
  it('prefers single quotes and switches to double quotes to avoid escaping', () => {
    expect(tsString('plain')).toBe("'plain'");
    expect(tsString("Today's")).toBe('"Today\'s"');
    expect(tsString(`both ' and "`)).toBe(`'both \\' and "'`);
  });

  it('escapes what would end or break the literal', () => {
    expect(tsString('a\\b\nc\u2028')).toBe("'a\\\\b\\nc\\u2028'");
    // Evaluating the literal proves it reads back as the same string.
    expect(new Function(`return ${tsString('it\'s a \\ "test"\n${x}')};`)()).toBe('it\'s a \\ "test"\n${x}');
  });
});

describe('tsLiteral', () => {
  it('writes short values inline and long ones over several lines', () => {
    expect(tsLiteral({ a: 1, b: [true, null] })).toBe('{ a: 1, b: [true, null] }');
    expect(tsLiteral({ 'kebab-key': 'x' })).toBe("{ 'kebab-key': 'x' }");
    const long = tsLiteral({ title: 'x'.repeat(60), body: 'y'.repeat(40) });
    expect(long.split('\n')).toHaveLength(4);
  });

  it('places raw code as it is and leaves out undefined properties', () => {
    expect(tsLiteral({ icon: raw('Zap'), missing: undefined })).toBe('{ icon: Zap }');
  });

  it('keeps a value over several lines when asked, only at the top level', () => {
    expect(tsLiteral({ a: 1, b: [2] }, '', { multiline: true })).toBe('{\n  a: 1,\n  b: [2],\n}');
    expect(tsLiteral([], '', { multiline: true })).toBe('[]');
  });
});
