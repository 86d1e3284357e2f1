import { describe, expect, it } from '@jest/globals';
import { generateRecoveryKey, isWellFormedRecoveryKey, keyHint, sha256 } from './recovery-key.js';

describe('recovery keys', () => {
  it('are well formed, unique and hinted by their first characters', () => {
    const keys = new Set(Array.from({ length: 200 }, generateRecoveryKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(isWellFormedRecoveryKey(key)).toBe(true);
      expect(keyHint(key)).toBe(key.slice(0, 7));
    }
  });

  it('rejects malformed keys', () => {
    for (const key of ['', 'fk_short', 'xx_' + 'a'.repeat(32), 'fk_' + 'a'.repeat(31) + '!']) {
      expect(isWellFormedRecoveryKey(key)).toBe(false);
    }
  });

  it('hashes deterministically without keeping the key', () => {
    expect(sha256('fk_x')).toBe(sha256('fk_x'));
    expect(sha256('fk_x')).not.toContain('fk_x');
    expect(sha256('fk_x')).toHaveLength(64);
  });
});
