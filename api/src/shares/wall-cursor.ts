import { badRequest } from '../common/errors/domain-error.js';

/** Where a wall page ends: the last card's publication time and id, which the next page starts after. */
export interface WallPosition {
  publishedAt: Date;
  shareId: string;
}

const SHARE_ID = /^[a-z2-7]{1,64}$/;
const INVALID = 'Invalid wall cursor: ask for the first page again.';

/**
 * A cursor, not a page number: new projects published while someone pages never shift the pages
 * after, so nobody sees a card twice or misses one.
 */
export function encodeWallCursor(position: WallPosition): string {
  return Buffer.from(`${position.publishedAt.toISOString()}|${position.shareId}`, 'utf8').toString('base64url');
}

export function decodeWallCursor(cursor: string): WallPosition {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [iso, shareId, ...rest] = text.split('|');
  const publishedAt = new Date(iso ?? '');
  if (rest.length > 0 || !shareId || !SHARE_ID.test(shareId) || Number.isNaN(publishedAt.getTime()) || publishedAt.toISOString() !== iso) throw badRequest(INVALID);
  return { publishedAt, shareId };
}
