import { parseUsdToMicro } from '@forge/protocol/credits';
// Reading one environment variable each, with the problem named when its value is bad.

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid setting ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got ${value}`);
  return value;
}

export function number(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value < min || value > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** Dollars with up to six decimals (`"10"`, `"0.80"`), as exact micro-dollars. */
export function usd(env: Env, name: string, fallback: string): bigint {
  const raw = text(env, name) ?? fallback;
  const value = parseUsdToMicro(raw);
  if (value === null) throw new ConfigError(name, `expected an amount in dollars such as 10 or 0.80 (up to 6 decimals), got "${raw}"`);
  return value;
}

export function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `"${raw}" is not a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `expected a ${protocols.join(' or ')} URL, got "${parsed.protocol}"`);
  }
  return raw;
}

export const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
export const CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `1`, `true`, `yes` or `on` (and their opposites); absent: the fallback. */
export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined || raw === null) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `expected 1 or 0 (true or false), got "${raw}"`);
}
