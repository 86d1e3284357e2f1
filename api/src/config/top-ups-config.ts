// USDC top-up settings: off unless all three addresses are given.
import { type Address, getAddress, isAddress, zeroAddress } from 'viem';
import { ConfigError, type Env, integer, text, url } from './env.js';

export interface UsdcTopUpConfig {
  /** The operator's JSON-RPC endpoint; it may carry an API key, so it is never shown or logged. */
  rpcUrl: string;
  /** The token contract whose Transfer logs count (checksummed). */
  usdcContract: Address;
  /** Where users send USDC (checksummed). */
  depositAddress: Address;
  /** Blocks a transfer's block must be deep (its own included) before it is credited. */
  confirmations: number;
}

const TOP_UP_VARIABLES = ['ETH_RPC_URL', 'USDC_CONTRACT', 'USDC_DEPOSIT_ADDRESS'] as const;

/**
 * Top-ups are all or nothing: with only some of the three set, the operator meant to turn them on
 * and would otherwise find out from a user whose payment could not be checked.
 */
export function usdcTopUpsFrom(env: Env): UsdcTopUpConfig | null {
  // Twelve blocks (about 2.5 minutes on mainnet) put a transfer well past the reorganisations seen in practice.
  const confirmations = integer(env, 'USDC_CONFIRMATIONS', 12, 1, 10_000);
  const set = TOP_UP_VARIABLES.filter((name) => text(env, name) !== null);
  if (set.length === 0) return null;
  const missing = TOP_UP_VARIABLES.find((name) => text(env, name) === null);
  if (missing) throw new ConfigError(missing, `required with ${set.join(' and ')}: USDC top-ups need all of ${TOP_UP_VARIABLES.join(', ')}`);
  const rpcUrl = url(env, 'ETH_RPC_URL', ['http:', 'https:'])!;
  const usdcContract = ethereumAddress(env, 'USDC_CONTRACT');
  const depositAddress = ethereumAddress(env, 'USDC_DEPOSIT_ADDRESS');
  if (usdcContract === depositAddress) throw new ConfigError('USDC_DEPOSIT_ADDRESS', 'is the token contract itself: USDC sent there is lost; give the wallet that receives top-ups');
  return { rpcUrl, usdcContract, depositAddress, confirmations };
}

function ethereumAddress(env: Env, name: string): Address {
  const raw = text(env, name)!;
  // Strict: a mixed-case address must carry a correct checksum, which catches a mistyped character.
  if (!isAddress(raw, { strict: true })) throw new ConfigError(name, `"${raw}" is not an Ethereum address (0x and 40 hex digits; mixed case must be a correct checksum)`);
  const address = getAddress(raw);
  if (address === zeroAddress) throw new ConfigError(name, 'is the zero address: nothing sent there can be recovered');
  return address;
}
