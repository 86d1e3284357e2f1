import { createHash, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'fk_';
// 192 random bits: far past guessing, so a fast hash is enough (no password stretching needed).
const KEY_BYTES = 24;
const KEY_PATTERN = /^fk_[A-Za-z0-9_-]{32}$/;

export function generateRecoveryKey(): string {
  return KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
}

export function isWellFormedRecoveryKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function keyHint(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 4);
}

export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
