import { describe, expect, it } from '@jest/globals';
import { MASK, maskValues, maskableValues } from './secret-masker.js';

const mask = (text: string, values: string[]) => maskValues(text, maskableValues(values));

describe('maskValues', () => {
  it('replaces every occurrence, the longer value first so one inside another is still hidden', () => {
    const values = maskableValues(['abcd', 'xxabcdyy', 'abcd']);
    expect(values.filter((value) => value === 'abcd')).toHaveLength(1);
    expect(values.indexOf('xxabcdyy')).toBeLessThan(values.indexOf('abcd'));
    expect(maskValues('key=xxabcdyy and abcd, again abcd', values)).toBe(`key=${MASK} and ${MASK}, again ${MASK}`);
  });

  it('leaves values too short to mask alone, and text without values as it is', () => {
    expect(maskableValues(['abc', ''])).toEqual([]);
    expect(maskValues('nothing secret here', ['s3cr3t-value'])).toBe('nothing secret here');
  });
});

describe('maskableValues', () => {
  const secret = 'sk_live_51Hq+/key with spaces&more';

  it('hides a value in base64, in either alphabet, wherever it sits in a longer encoded text', () => {
    for (let before = 0; before < 6; before++) {
      const plain = `${'x'.repeat(before)}API_KEY=${secret}\n`;
      for (const encoding of ['base64', 'base64url'] as const) {
        const masked = mask(Buffer.from(plain).toString(encoding), [secret]);
        // At most the characters the value shares with its neighbours stay: never enough to read it back.
        expect(masked).toMatch(new RegExp(`^[\\w+/=-]*${MASK}[\\w+/=-]{0,6}$`));
        expect(Buffer.from(masked.split(MASK)[0]!, encoding).toString()).not.toContain(secret.slice(0, 4));
      }
    }
  });

  it('hides a value URL-encoded, form-encoded and in hex', () => {
    for (const encoded of [encodeURIComponent(secret), encodeURI(secret), new URLSearchParams({ q: secret }).toString().slice(2), Buffer.from(secret).toString('hex')]) {
      expect(mask(`sent ${encoded} along`, [secret])).toBe(`sent ${MASK} along`);
    }
  });

  it("hides a database URL's password on its own, and in its encodings", () => {
    const url = 'postgresql://app:p%40ss-w0rd-long@db.example:5432/app';
    expect(mask(`password p@ss-w0rd-long`, [url])).toBe(`password ${MASK}`);
    expect(mask(`connecting to ${url}`, [url])).toBe(`connecting to ${MASK}`);
    expect(mask(Buffer.from('p@ss-w0rd-long').toString('base64'), [url])).not.toContain(Buffer.from('p@ss-w0rd-long').toString('base64').slice(0, 16));
  });

  it('does not encode values too short to mask safely, so ordinary words stay', () => {
    expect(mask(`The ${Buffer.from('abcd').toString('base64')} word`, ['abcd'])).toBe('The YWJjZA== word');
  });
});
