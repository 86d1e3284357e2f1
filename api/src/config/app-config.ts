import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { LlmProviderName } from '@forge/protocol/api';

/** Every setting of the platform, parsed once at start-up. */
export interface AppConfig {
  version: string;
  port: number;
  host: string;
  dataDir: string;
  /** Absent: an embedded PostgreSQL under dataDir. */
  databaseUrl: string | null;
  llm: {
    provider: LlmProviderName;
    model: string | null;
    anthropicApiKey: string | null;
    anthropicBaseUrl: string | null;
    openaiBaseUrl: string | null;
    openaiApiKey: string | null;
  };
  agent: {
    maxOutputTokens: number;
    maxContinuations: number;
    maxRetries: number;
    /** Pace of the offline starter agent; 0 streams at once (tests). */
    offlineCharsPerSecond: number;
  };
  previewDomain: string;
  sandboxCaFile: string | null;
  dockerHost: string | null;
  /** Account ids that may use the operators' console. */
  adminUserIds: string[];
  session: { ttlDays: number };
  webDistDir: string | null;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid setting ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `expected a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got ${value}`);
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | null {
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

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Env = process.env, opts: { version?: string; cwd?: string } = {}): AppConfig {
  const cwd = opts.cwd ?? process.cwd();

  const anthropicApiKey = text(env, 'ANTHROPIC_API_KEY');
  const providerRaw = text(env, 'LLM_PROVIDER');
  if (providerRaw !== null && !['anthropic', 'openai', 'offline'].includes(providerRaw)) {
    throw new ConfigError('LLM_PROVIDER', `expected anthropic, openai or offline, got "${providerRaw}"`);
  }
  const provider = (providerRaw ?? (anthropicApiKey ? 'anthropic' : 'offline')) as LlmProviderName;
  const openaiBaseUrl = url(env, 'OPENAI_BASE_URL', ['http:', 'https:']);
  if (provider === 'anthropic' && !anthropicApiKey) {
    throw new ConfigError('ANTHROPIC_API_KEY', 'required when LLM_PROVIDER is anthropic');
  }
  if (provider === 'openai' && !openaiBaseUrl) {
    throw new ConfigError('OPENAI_BASE_URL', 'required when LLM_PROVIDER is openai');
  }

  const previewDomain = (text(env, 'PREVIEW_DOMAIN') ?? 'preview.localhost').toLowerCase();
  if (!HOSTNAME.test(previewDomain)) throw new ConfigError('PREVIEW_DOMAIN', `"${previewDomain}" is not a host name`);

  const sandboxCaFile = text(env, 'SANDBOX_CA_FILE') ?? text(env, 'NODE_EXTRA_CA_CERTS');
  if (text(env, 'SANDBOX_CA_FILE') && !existsSync(sandboxCaFile!)) {
    throw new ConfigError('SANDBOX_CA_FILE', `no file at ${sandboxCaFile}`);
  }

  const adminUserIds = (text(env, 'ADMIN_USER_IDS') ?? '').split(',').map((id) => id.trim()).filter(Boolean);
  for (const id of adminUserIds) {
    if (!UUID.test(id)) throw new ConfigError('ADMIN_USER_IDS', `"${id}" is not an account id`);
  }

  const webDistDir = resolve(cwd, text(env, 'WEB_DIST_DIR') ?? 'web/dist');

  return {
    version: opts.version ?? '0.0.0',
    port: integer(env, 'PORT', 3000, 1, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: resolve(cwd, text(env, 'DATA_DIR') ?? '.data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    llm: {
      provider,
      model: text(env, 'LLM_MODEL'),
      anthropicApiKey,
      anthropicBaseUrl: url(env, 'ANTHROPIC_BASE_URL', ['http:', 'https:']),
      openaiBaseUrl,
      openaiApiKey: text(env, 'OPENAI_API_KEY'),
    },
    agent: {
      maxOutputTokens: integer(env, 'LLM_MAX_OUTPUT_TOKENS', 16_000, 256, 200_000),
      maxContinuations: integer(env, 'LLM_MAX_CONTINUATIONS', 8, 0, 100),
      maxRetries: integer(env, 'LLM_MAX_RETRIES', 4, 0, 20),
      offlineCharsPerSecond: integer(env, 'OFFLINE_AGENT_CHARS_PER_SECOND', 6000, 0, 10_000_000),
    },
    previewDomain,
    sandboxCaFile,
    dockerHost: text(env, 'DOCKER_HOST'),
    adminUserIds,
    session: { ttlDays: integer(env, 'SESSION_TTL_DAYS', 30, 1, 365) },
    webDistDir: existsSync(webDistDir) ? webDistDir : null,
  };
}

/** Injection token for the parsed settings. */
export const APP_CONFIG = Symbol('APP_CONFIG');
