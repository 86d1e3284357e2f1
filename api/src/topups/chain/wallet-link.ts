// Linking a wallet to an account: the server issues a one-time message naming the account, the
// site, a nonce and an expiry; the user signs it with the wallet (EIP-191 personal_sign) and the
// server checks the signature recovers that wallet. Only then may transfers from the wallet top up
// the account.

import { randomBytes } from 'node:crypto';
import { type Address, getAddress, isAddress, isHex, verifyMessage } from 'viem';

/** Long enough to open a wallet and read the message, short enough that a leaked one goes stale. */
export const WALLET_LINK_TTL_MS = 15 * 60_000;

export interface WalletLinkChallenge {
  /** The host people reach Forge at (PUBLIC_URL's), so a message shown on another site looks wrong. */
  domain: string;
  accountId: string;
  /** One-time: the caller remembers issued nonces and accepts each once. */
  nonce: string;
  expiresAt: Date;
}

const FIRST_LINE = 'Link this wallet to your Forge account for USDC top-ups.';

/** The exact text the wallet signs. Line for line what `parseWalletLinkMessage` reads back. */
export function buildWalletLinkMessage(challenge: WalletLinkChallenge): string {
  return [
    FIRST_LINE,
    '',
    `Sign this only on ${challenge.domain}. Signing is free and moves no funds.`,
    '',
    `Site: ${challenge.domain}`,
    `Account: ${challenge.accountId}`,
    `Nonce: ${challenge.nonce}`,
    `Expires: ${challenge.expiresAt.toISOString()}`,
  ].join('\n');
}

/** A fresh challenge for an account: 128 random bits of nonce, expiring after `ttlMs`. */
export function newWalletLinkChallenge(accountId: string, domain: string, opts: { now?: Date; ttlMs?: number } = {}): WalletLinkChallenge & { message: string } {
  const now = opts.now ?? new Date();
  const challenge = { domain, accountId, nonce: randomBytes(16).toString('hex'), expiresAt: new Date(now.getTime() + (opts.ttlMs ?? WALLET_LINK_TTL_MS)) };
  return { ...challenge, message: buildWalletLinkMessage(challenge) };
}

/** The challenge a message states, or null when it is not one this server writes (edited, truncated, another text). */
export function parseWalletLinkMessage(message: string): WalletLinkChallenge | null {
  const match = /^Site: (\S+)\nAccount: (\S+)\nNonce: ([0-9a-f]{32})\nExpires: (\S+)$/.exec(message.split('\n').slice(4).join('\n'));
  if (!match) return null;
  const [, domain, accountId, nonce, expires] = match;
  const expiresAt = new Date(expires);
  if (Number.isNaN(expiresAt.getTime())) return null;
  const challenge = { domain, accountId, nonce, expiresAt };
  // Rebuilding it and comparing refuses any extra or changed line, including the warning.
  return buildWalletLinkMessage(challenge) === message ? challenge : null;
}

export type WalletLinkRefusal = 'invalid_address' | 'malformed_message' | 'wrong_site' | 'wrong_account' | 'wrong_nonce' | 'expired' | 'invalid_signature';

export type WalletLinkVerdict = { ok: true; address: Address; challenge: WalletLinkChallenge } | { ok: false; reason: WalletLinkRefusal; message: string };

export interface WalletLinkExpectation {
  /** The signed-in account asking to link: a message issued to another account is refused. */
  accountId: string;
  /** When given, the message must name this site. */
  domain?: string;
  /** When given, the message must carry this nonce (the one issued and not yet used). */
  nonce?: string;
  now?: Date;
}

/**
 * Whether `signature` is `address`'s EIP-191 signature of a link message issued to this account and
 * still valid. Externally owned wallets only: a smart-contract wallet's signature does not recover
 * its address. Never throws for bad input; it answers why it refuses.
 */
export async function verifyWalletLink(address: string, message: string, signature: string, expected: WalletLinkExpectation): Promise<WalletLinkVerdict> {
  if (!isAddress(address, { strict: false })) return refuse('invalid_address', `"${address}" is not an Ethereum address (0x and 40 hex digits).`);
  const wallet = getAddress(address);
  const challenge = parseWalletLinkMessage(message);
  if (!challenge) return refuse('malformed_message', 'This is not the link message Forge issued, or it was changed. Ask for a new one and sign it as it is.');
  if (challenge.accountId !== expected.accountId) return refuse('wrong_account', 'This link message was issued to another account. Ask for a new one while signed in to this account.');
  if (expected.domain !== undefined && challenge.domain !== expected.domain)
    return refuse('wrong_site', `This link message names ${challenge.domain}, not ${expected.domain}. Ask for a new one here.`);
  if (expected.nonce !== undefined && challenge.nonce !== expected.nonce) return refuse('wrong_nonce', 'This link message was already used or replaced by a newer one. Ask for a new one.');
  if (challenge.expiresAt.getTime() <= (expected.now ?? new Date()).getTime()) return refuse('expired', 'This link message has expired. Ask for a new one and sign it right away.');
  const signed = isHex(signature, { strict: true }) && (await verifyMessage({ address: wallet, message, signature }).catch(() => false));
  if (!signed) return refuse('invalid_signature', `The signature was not made by wallet ${wallet} over this message. Sign the message with the wallet you pay from.`);
  return { ok: true, address: wallet, challenge };
}

function refuse(reason: WalletLinkRefusal, message: string): WalletLinkVerdict {
  return { ok: false, reason, message };
}
