import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * 26 characters of base32 (130 random bits): unguessable, a valid DNS label for the public preview's
 * host, and never confused with a preview id, which has 20.
 */
export function newShareId(): string {
  return Array.from(randomBytes(26), (byte) => ALPHABET[byte & 31]).join('');
}
