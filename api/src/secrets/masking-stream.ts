import { Transform } from 'node:stream';
import { MASK } from './secret-masker.js';

const MASK_BYTES = Buffer.from(MASK);
const STAR = 0x2a;

/**
 * Masks `values` in bytes that stream past (a file a share serves), as `maskValues` does in a whole
 * text: every occurrence becomes the mask, also when it straddles two chunks, and overlapping
 * occurrences are masked together. Holds back at most the longest value's length less one byte.
 * `sameLength` masks each byte with `*` instead, for binary files: their length and layout stay.
 */
export function maskingStream(values: readonly string[], { sameLength = false }: { sameLength?: boolean } = {}): Transform {
  const needles = values.filter((value) => value.length > 0).map((value) => Buffer.from(value));
  const keep = Math.max(0, ...needles.map((needle) => needle.length - 1));
  let carry: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const { out, rest } = maskPart(text, needles, text.length - keep, sameLength);
      carry = rest;
      for (const part of out) if (part.length > 0) this.push(part);
      done();
    },
    flush(done) {
      const { out } = maskPart(carry, needles, carry.length, sameLength);
      for (const part of out) if (part.length > 0) this.push(part);
      done();
    },
  });
}

/**
 * Masks the occurrences in `text` that start before `settledEnd`, and answers the masked bytes up to
 * there, and the rest, which later bytes may still complete into an occurrence.
 */
function maskPart(text: Buffer, needles: Buffer[], settledEnd: number, sameLength: boolean): { out: Buffer[]; rest: Buffer } {
  const out: Buffer[] = [];
  let position = 0;
  for (;;) {
    let start = -1;
    let end = -1;
    for (const needle of needles) {
      const at = text.indexOf(needle, position);
      if (at !== -1 && (start === -1 || at < start || (at === start && at + needle.length > end))) [start, end] = [at, at + needle.length];
    }
    if (start === -1 || start >= settledEnd) break;
    end = coveredEnd(text, needles, start, end);
    // An occurrence that reaches into the unsettled bytes waits for them, whole.
    if (end > settledEnd && settledEnd < text.length) return { out: [...out, text.subarray(position, start)], rest: text.subarray(start) };
    out.push(text.subarray(position, start), sameLength ? Buffer.alloc(end - start, STAR) : MASK_BYTES);
    position = end;
  }
  const emitted = Math.max(position, settledEnd);
  out.push(text.subarray(position, emitted));
  return { out, rest: text.subarray(emitted) };
}

/** The end of the run of overlapping occurrences that starts at `start` and first ends at `end`. */
function coveredEnd(text: Buffer, needles: Buffer[], start: number, end: number): number {
  for (let grew = true; grew;) {
    grew = false;
    for (const needle of needles) {
      for (let at = text.indexOf(needle, start); at !== -1 && at < end; at = text.indexOf(needle, at + 1)) {
        if (at + needle.length > end) {
          end = at + needle.length;
          grew = true;
        }
      }
    }
  }
  return end;
}
