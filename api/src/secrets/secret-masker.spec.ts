import { describe, expect, it } from '@jest/globals';
import { MASK, maskValues, maskableValues } from './secret-masker.js';

describe('maskValues', () => {
  it('replaces every occurrence, the longer value first so one inside another is still hidden', () => {
    const values = maskableValues(['abcd', 'xxabcdyy', 'abcd']);
    expect(values).toEqual(['xxabcdyy', 'abcd']);
    expect(maskValues('key=xxabcdyy and abcd, again abcd', values)).toBe(`key=${MASK} and ${MASK}, again ${MASK}`);
  });

  it('leaves values too short to mask alone, and text without values as it is', () => {
    expect(maskableValues(['abc', ''])).toEqual([]);
    expect(maskValues('nothing secret here', ['s3cr3t-value'])).toBe('nothing secret here');
  });
});
