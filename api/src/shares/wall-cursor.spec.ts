import { describe, expect, it } from '@jest/globals';
import { ErrorCode } from '@forge/protocol/errors';
import { decodeWallCursor, encodeWallCursor } from './wall-cursor.js';

describe('wall cursor', () => {
  it('reads back the position it was made from, to the millisecond', () => {
    const position = { publishedAt: new Date('2026-11-23T12:34:56.789Z'), shareId: 'abcdefghijklmnopqrstuvwxyz' };
    expect(decodeWallCursor(encodeWallCursor(position))).toEqual(position);
  });

  it('refuses a cursor it did not make with a clear 400', () => {
    for (const cursor of [
      '',
      'not-a-cursor',
      Buffer.from('2026-11-23T12:34:56.789Z|UPPER').toString('base64url'),
      Buffer.from('yesterday|abc').toString('base64url'),
      Buffer.from('2026-11-23T12:34:56.789Z|abc|x').toString('base64url'),
    ]) {
      expect(() => decodeWallCursor(cursor)).toThrow(expect.objectContaining({ code: ErrorCode.BadRequest, message: 'Invalid wall cursor: ask for the first page again.' }));
    }
  });
});
