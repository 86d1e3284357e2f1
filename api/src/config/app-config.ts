import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
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
  /** The port preview addresses name; the API's own port unless a front proxy serves another. */
  previewPort: number;
  sandboxCaFile: string | null;
  dockerHost: string | null;
  sandbox: {
    /** Tag of the sandbox image; by default `forge-sandbox:<hash of sandbox-image/>`. */
    image: string;
    /** Tells this platform's containers from another's on the same engine. */
    instance: string;
    cpus: number;
    memoryMb: number;
    /** Size of the project's writable space; a tmpfs, so the limit holds on any filesystem. */
    diskMb: number;
    pids: number;
    /** Extra destinations sandboxes may reach besides the public internet (CIDRs). */
    egressAllow: string[];
  };
  builds: {
    concurrency: number;
    timeoutSeconds: number;
  };
  autoFix: {
    maxAttempts: number;
    maxTurns: number;
    maxTokens: number;
  };
  previews: {
    idleMinutes: number;
  };
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

function number(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value < min || value > max) throw new ConfigError(name, `expected a number from ${min} to ${max}, got "${raw}"`);
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
const CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
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
  const dataDir = resolve(cwd, text(env, 'DATA_DIR') ?? '.data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const port = integer(env, 'PORT', 3000, 1, 65535);

  const recipeDir = resolve(cwd, 'sandbox-image');
  const sandboxImage = text(env, 'SANDBOX_IMAGE') ?? (existsSync(recipeDir) ? sandboxImageTag(recipeDir) : 'forge-sandbox:latest');
  const instance = text(env, 'SANDBOX_INSTANCE') ?? createHash('sha256').update(`${dataDir}\n${databaseUrl ?? ''}`).digest('hex').slice(0, 10);
  if (!/^[a-z0-9][a-z0-9-]{0,30}$/.test(instance)) throw new ConfigError('SANDBOX_INSTANCE', `"${instance}" must be lower-case letters, digits and hyphens`);
  const egressAllow = (text(env, 'SANDBOX_EGRESS_ALLOW') ?? '').split(',').map((cidr) => cidr.trim()).filter(Boolean);
  for (const cidr of egressAllow) {
    if (!CIDR.test(cidr)) throw new ConfigError('SANDBOX_EGRESS_ALLOW', `"${cidr}" is not an IPv4 address or CIDR`);
  }

  return {
    version: opts.version ?? '0.0.0',
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
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
    previewPort: integer(env, 'PREVIEW_PORT', port, 1, 65535),
    sandboxCaFile,
    dockerHost: text(env, 'DOCKER_HOST'),
    sandbox: {
      image: sandboxImage,
      instance,
      cpus: number(env, 'SANDBOX_CPUS', 1.5, 0.1, 64),
      memoryMb: integer(env, 'SANDBOX_MEMORY_MB', 1024, 128, 65_536),
      diskMb: integer(env, 'SANDBOX_DISK_MB', 1024, 64, 65_536),
      pids: integer(env, 'SANDBOX_PIDS', 512, 16, 100_000),
      egressAllow,
    },
    builds: {
      concurrency: integer(env, 'BUILD_CONCURRENCY', availableParallelism(), 1, 256),
      timeoutSeconds: integer(env, 'BUILD_TIMEOUT_SECONDS', 600, 10, 86_400),
    },
    autoFix: {
      maxAttempts: integer(env, 'AUTOFIX_MAX_ATTEMPTS', 5, 0, 20),
      maxTurns: integer(env, 'AUTOFIX_MAX_TURNS', 10, 1, 100),
      maxTokens: integer(env, 'AUTOFIX_MAX_TOKENS', 16_000, 256, 200_000),
    },
    previews: {
      idleMinutes: integer(env, 'PREVIEW_IDLE_MINUTES', 30, 1, 10_080),
    },
    adminUserIds,
    session: { ttlDays: integer(env, 'SESSION_TTL_DAYS', 30, 1, 365) },
    webDistDir: existsSync(webDistDir) ? webDistDir : null,
  };
}

/**
 * The default image tag carries a hash of the image's recipe, so a changed recipe builds a new image.
 * scripts/lib/sandbox-image.mjs imports this function from the built API, so there is one implementation.
 */
export function sandboxImageTag(recipeDir: string): string {
  return `forge-sandbox:${sandboxRecipeHash(recipeDir)}`;
}

export function sandboxRecipeHash(recipeDir: string): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(recipeDir).filter((file) => !file.endsWith('.md') && !file.startsWith('.')).sort()) {
    const path = join(recipeDir, name);
    if (!statSync(path).isFile()) continue;
    hash.update(`${name}\0`).update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Injection token for the parsed settings. */
export const APP_CONFIG = Symbol('APP_CONFIG');
