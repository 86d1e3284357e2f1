import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { maskingStream } from './masking-stream.js';
import { MASK, maskValues } from './secret-masker.js';

async function masked(chunks: string[], values: string[]): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(maskingStream(values)));
}

describe('maskingStream', () => {
  it('masks every occurrence, also across chunk boundaries, like maskValues on the whole text', async () => {
    const values = ['s3cret-value', 'postgres://u:pw@db/x'];
    const whole = 'a s3cret-value b postgres://u:pw@db/x c s3cret-value';
    for (let size = 1; size <= whole.length; size++) {
      const chunks = whole.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(await masked(chunks, values)).toBe(maskValues(whole, values));
    }
  });

  it('passes bytes through unchanged when there is nothing to mask, and multi-byte text whole', async () => {
    expect(await masked(['ünï', 'cödé ', '✓'], [])).toBe('ünïcödé ✓');
    expect(await masked(['prix: 5 €, clé', ' ünï'], ['clé ünï'])).toBe(`prix: 5 €, ${MASK}`);
  });

  it('keeps the length of binary content, masking byte for byte', async () => {
    const bytes = Buffer.concat([Buffer.from([0x89, 0x00]), Buffer.from('key=sk-123456;'), Buffer.from([0xff])]);
    const out = Buffer.concat(
      await Readable.from([bytes.subarray(0, 7), bytes.subarray(7)])
        .pipe(maskingStream(['sk-123456'], { sameLength: true }))
        .toArray(),
    );
    expect(out).toEqual(Buffer.concat([Buffer.from([0x89, 0x00]), Buffer.from('key=*********;'), Buffer.from([0xff])]));
  });

  it('masks overlapping values together, leaking no part of either', async () => {
    expect(await masked(['xab', 'cdef tail'], ['abcdef', 'xab'])).toBe(`${MASK} tail`);
  });
});
