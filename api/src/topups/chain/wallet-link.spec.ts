import { describe, expect, it } from '@jest/globals';
import { buildWalletLinkMessage, newWalletLinkChallenge, parseWalletLinkMessage, WALLET_LINK_TTL_MS } from './wallet-link.js';

const challenge = { domain: 'forge.example.com', accountId: '6f1c1f8e-4a5b-4a7e-9d2c-3b1e2f4a5c6d', nonce: '0123456789abcdef0123456789abcdef', expiresAt: new Date('2026-11-23T12:45:00.000Z') };

describe('wallet link messages', () => {
  it('names the site, the account, the nonce and the expiry, and says signing moves no funds', () => {
    expect(buildWalletLinkMessage(challenge)).toBe(
      [
        'Link this wallet to your Forge account for USDC top-ups.',
        '',
        'Sign this only on forge.example.com. Signing is free and moves no funds.',
        '',
        'Site: forge.example.com',
        'Account: 6f1c1f8e-4a5b-4a7e-9d2c-3b1e2f4a5c6d',
        'Nonce: 0123456789abcdef0123456789abcdef',
        'Expires: 2026-11-23T12:45:00.000Z',
      ].join('\n'),
    );
  });

  it('reads back exactly what it wrote and nothing else', () => {
    const message = buildWalletLinkMessage(challenge);
    expect(parseWalletLinkMessage(message)).toEqual(challenge);
    expect(parseWalletLinkMessage(`${message}\n`)).toBeNull();
    expect(parseWalletLinkMessage(message.replace('moves no funds', 'moves all funds'))).toBeNull();
    expect(parseWalletLinkMessage(message.replace('Expires: 2026-11-23T12:45:00.000Z', 'Expires: never'))).toBeNull();
    expect(parseWalletLinkMessage(message.replace(challenge.nonce, 'short'))).toBeNull();
    expect(parseWalletLinkMessage('hello world')).toBeNull();
  });

  it('issues a fresh 128-bit nonce each time, expiring after the time to live', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const first = newWalletLinkChallenge(challenge.accountId, challenge.domain, { now });
    const second = newWalletLinkChallenge(challenge.accountId, challenge.domain, { now });
    expect(first.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(second.nonce).not.toBe(first.nonce);
    expect(first.expiresAt.getTime() - now.getTime()).toBe(WALLET_LINK_TTL_MS);
    expect(newWalletLinkChallenge('a', 'b', { now, ttlMs: 1000 }).expiresAt).toEqual(new Date(now.getTime() + 1000));
    expect(parseWalletLinkMessage(first.message)).toEqual({ domain: challenge.domain, accountId: challenge.accountId, nonce: first.nonce, expiresAt: first.expiresAt });
  });
});
