import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { TokenPrices } from '@forge/protocol/credits';
import { ConfigError, type Env, HOSTNAME, UUID, flag, integer, text, url, usd } from './env.js';
import { type SandboxHostConfig, sandboxHostsFrom } from './sandbox-hosts-config.js';
import { type UsdcTopUpConfig, usdcTopUpsFrom } from './top-ups-config.js';
import { type AgentConfig, type LlmConfig, agentFrom, llmFrom } from './llm-config.js';
import { type ProjectDatabasesConfig, projectDatabasesFrom } from './project-databases-config.js';
import { type SandboxConfig, sandboxFrom } from './sandbox-config.js';
import { type RegistryConfig, registryFrom } from './registry-config.js';

export { ConfigError } from './env.js';
export type { SandboxHostConfig } from './sandbox-hosts-config.js';
export { LIVE_PREVIEW_INPUTS, sandboxImageTag, sandboxRecipeHash } from './sandbox-config.js';
export { registryInstallPaths, registryRecipeHash, prewarmLockfiles } from './registry-config.js';
export type { RegistryConfig } from './registry-config.js';

/** Every setting of the platform, parsed once at start-up. */
export interface AppConfig {
  version: string;
  port: number;
  host: string;
  dataDir: string;
  /** Absent: an embedded PostgreSQL under dataDir. */
  databaseUrl: string | null;
  llm: LlmConfig;
  agent: AgentConfig;
  /** Where people reach the platform, e.g. `https://forge.example.com`; no trailing slash. */
  publicUrl: string;
  previewDomain: string;
  /** The port preview addresses name; the API's own port unless a front proxy serves another. */
  previewPort: number;
  sandboxCaFile: string | null;
  dockerHost: string | null;
  /** The Docker engines ("nodes") sandboxes are placed on; by default the local engine alone. */
  sandboxHosts: SandboxHostConfig[];
  sandbox: SandboxConfig;
  /** Where sandboxes' npm gets packages (a caching proxy) and the policy they pass. */
  registry: RegistryConfig;
  builds: {
    concurrency: number;
    timeoutSeconds: number;
  };
  jobs: {
    /** Generations and edits this replica runs at once, taken from the shared work queue; 0: it serves requests and takes none. */
    perReplica: number;
  };
  autoFix: {
    maxAttempts: number;
    maxTurns: number;
    maxTokens: number;
  };
  /** Prices and the welcome credit, in micro-dollars (exact integers). */
  credits: {
    welcomeMicroUsd: bigint;
    prices: TokenPrices;
    /** An operator's grant above this needs a second, explicit confirmation. */
    grantConfirmAboveMicroUsd: bigint;
  };
  edits: {
    /** Tokens of project files an edit request may show the model (about four characters each). */
    contextTokens: number;
  };
  /** Hooks only tests turn on. */
  testHooks: {
    /** Pause between two files while an edit is applied, so a test can stop the process midway. */
    applyPauseMs: number;
    /** FORGE_TEST_SCRIPTED_ANSWERS: a generation description of the scripted form (`scriptedAnswer` in offline-agent.ts) is the offline agent's answer, at the pace it names. */
    scriptedAnswers: boolean;
    /** FORGE_TEST_SCRIPTED_MODEL_URL: an Anthropic-protocol server (a test's) that answers the runs of projects named `scripted-model-…` through the real SDK. */
    scriptedModelUrl: string | null;
  };
  previews: {
    idleMinutes: number;
    /** A completed generation is built on the server, whether or not a workspace still follows it. */
    buildAfterGeneration: boolean;
  };
  /** Every successful build is opened in a jailed headless Chromium before it is called good. */
  previewChecks: {
    enabled: boolean;
    chromiumPath: string;
    /** The spec's preview load timeout: how long a page has to settle. */
    timeoutMs: number;
    /** Checks waiting for the one browser beyond this are reported as skipped. */
    maxQueued: number;
    /** The unprivileged account the browser runs as (Chromium's own sandbox stays on). */
    uid: number;
    /**
     * A checking browser in another container (the compose deployment's `checker`), reached at this Unix
     * socket instead of a local jailed one; previews are served for it on `previews.sock` in the same folder.
     */
    browserSocket: string | null;
  };
  /** What one address or account may do; sized so a small host survives. */
  limits: {
    signupsPerHour: number;
    signinsPerMinute: number;
    /** Requests to shared projects' pages and files and to the wall, per address. */
    shareViewsPerMinute: number;
    jobStartsPerHour: number;
    concurrentJobs: number;
    projects: number;
    storedMb: number;
    runningSandboxes: number;
    /** Files an imported ZIP may hold (skipped folders such as node_modules/ not counted). */
    importFiles: number;
    /** Megabytes an imported ZIP may hold once unpacked, and may weigh as uploaded. */
    importMb: number;
  };
  /** Account ids that may use the operators' console. */
  adminUserIds: string[];
  session: { ttlDays: number };
  /** Where generated apps keep their data: a PostgreSQL server of their own, never the platform's. */
  projectDatabases: ProjectDatabasesConfig;
  /** AES-256 key for secrets at rest; absent: generated once under dataDir. */
  secretsKey: Buffer | null;
  /** USDC top-ups on Ethereum; null (off) unless ETH_RPC_URL, USDC_CONTRACT and USDC_DEPOSIT_ADDRESS are all set. */
  topUps: UsdcTopUpConfig | null;
  webDistDir: string | null;
  operations: {
    /** `json`: one JSON object per log line, for log collectors. */
    logFormat: 'text' | 'json';
    /** Set: /metrics answers only `Authorization: Bearer <token>`; unset: only loopback callers. */
    metricsToken: string | null;
    /** After SIGTERM: how long running jobs, builds and requests get before the process exits. */
    shutdownGraceSeconds: number;
  };
}

/** Reads the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Env = process.env, opts: { version?: string; cwd?: string } = {}): AppConfig {
  const cwd = opts.cwd ?? process.cwd();

  const previewDomain = (text(env, 'PREVIEW_DOMAIN') ?? 'preview.localhost').toLowerCase();
  if (!HOSTNAME.test(previewDomain)) throw new ConfigError('PREVIEW_DOMAIN', `"${previewDomain}" is not a host name`);
  const port = integer(env, 'PORT', 3000, 1, 65535);
  const publicUrl = new URL(url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).origin;
  checkPreviewSite(previewDomain, new URL(publicUrl).hostname, flag(env, 'ALLOW_PREVIEW_SUBDOMAIN', false));

  const sandboxCaFile = text(env, 'SANDBOX_CA_FILE') ?? text(env, 'NODE_EXTRA_CA_CERTS');
  if (text(env, 'SANDBOX_CA_FILE') && !existsSync(sandboxCaFile!)) {
    throw new ConfigError('SANDBOX_CA_FILE', `no file at ${sandboxCaFile}`);
  }

  const adminUserIds = (text(env, 'ADMIN_USER_IDS') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  for (const id of adminUserIds) {
    if (!UUID.test(id)) throw new ConfigError('ADMIN_USER_IDS', `"${id}" is not an account id`);
  }

  const webDistDir = resolve(cwd, text(env, 'WEB_DIST_DIR') ?? 'web/dist');
  const dataDir = resolve(cwd, text(env, 'DATA_DIR') ?? '.data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const logFormat = text(env, 'LOG_FORMAT') ?? 'text';
  if (logFormat !== 'text' && logFormat !== 'json') throw new ConfigError('LOG_FORMAT', `expected text or json, got "${logFormat}"`);
  const metricsToken = text(env, 'METRICS_TOKEN');
  if (metricsToken !== null && metricsToken.length < 16) throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters: anyone who guesses it reads the metrics');

  const secretsKey = secretsKeyFrom(text(env, 'SECRETS_KEY'));
  const topUps = usdcTopUpsFrom(env);
  const sandboxHosts = sandboxHostsFrom(env);

  return {
    version: opts.version ?? '0.0.0',
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    llm: llmFrom(env),
    agent: agentFrom(env),
    publicUrl,
    previewDomain,
    previewPort: integer(env, 'PREVIEW_PORT', port, 1, 65535),
    sandboxCaFile,
    dockerHost: text(env, 'DOCKER_HOST'),
    sandboxHosts,
    sandbox: sandboxFrom(env, cwd, dataDir, databaseUrl, sandboxHosts),
    registry: registryFrom(env, cwd),
    builds: {
      concurrency: integer(env, 'BUILD_CONCURRENCY', availableParallelism(), 1, 256),
      timeoutSeconds: integer(env, 'BUILD_TIMEOUT_SECONDS', 600, 10, 86_400),
    },
    jobs: {
      perReplica: integer(env, 'JOBS_PER_REPLICA', 32, 0, 1000),
    },
    autoFix: {
      maxAttempts: integer(env, 'AUTOFIX_MAX_ATTEMPTS', 5, 0, 20),
      maxTurns: integer(env, 'AUTOFIX_MAX_TURNS', 10, 1, 100),
      maxTokens: integer(env, 'AUTOFIX_MAX_TOKENS', 16_000, 256, 200_000),
    },
    credits: {
      welcomeMicroUsd: usd(env, 'WELCOME_CREDIT_USD', '10'),
      prices: { inputMicroUsdPerMTok: usd(env, 'PRICE_INPUT_PER_MTOK_USD', '3'), outputMicroUsdPerMTok: usd(env, 'PRICE_OUTPUT_PER_MTOK_USD', '15') },
      grantConfirmAboveMicroUsd: usd(env, 'GRANT_CONFIRM_ABOVE_USD', '100'),
    },
    edits: {
      contextTokens: integer(env, 'EDIT_CONTEXT_TOKENS', 30_000, 1_000, 1_000_000),
    },
    testHooks: {
      applyPauseMs: integer(env, 'FORGE_TEST_APPLY_PAUSE_MS', 0, 0, 600_000),
      scriptedAnswers: flag(env, 'FORGE_TEST_SCRIPTED_ANSWERS', false),
      scriptedModelUrl: url(env, 'FORGE_TEST_SCRIPTED_MODEL_URL', ['http:']) ?? null,
    },
    previews: {
      idleMinutes: integer(env, 'PREVIEW_IDLE_MINUTES', 30, 1, 10_080),
      buildAfterGeneration: flag(env, 'BUILD_AFTER_GENERATION', true),
    },
    previewChecks: {
      enabled: flag(env, 'PREVIEW_CHECKS', true),
      chromiumPath: text(env, 'PREVIEW_CHECK_CHROMIUM') ?? '/usr/bin/chromium',
      timeoutMs: integer(env, 'PREVIEW_CHECK_TIMEOUT_MS', 15_000, 1_000, 120_000),
      maxQueued: integer(env, 'PREVIEW_CHECK_MAX_QUEUED', 20, 0, 10_000),
      uid: integer(env, 'PREVIEW_CHECK_UID', 65_534, 1, 4_294_967_294),
      browserSocket: absolutePath(env, 'PREVIEW_CHECK_BROWSER_SOCKET'),
    },
    limits: {
      signupsPerHour: integer(env, 'LIMIT_SIGNUPS_PER_HOUR', 20, 1, 1_000_000),
      signinsPerMinute: integer(env, 'LIMIT_SIGNINS_PER_MINUTE', 10, 1, 1_000_000),
      shareViewsPerMinute: integer(env, 'LIMIT_SHARE_VIEWS_PER_MINUTE', 300, 1, 1_000_000),
      jobStartsPerHour: integer(env, 'LIMIT_JOB_STARTS_PER_HOUR', 60, 1, 1_000_000),
      concurrentJobs: integer(env, 'LIMIT_CONCURRENT_JOBS', 2, 1, 1000),
      projects: integer(env, 'LIMIT_PROJECTS', 100, 1, 1_000_000),
      storedMb: integer(env, 'LIMIT_STORED_MB', 500, 1, 10_000_000),
      runningSandboxes: integer(env, 'LIMIT_RUNNING_SANDBOXES', 3, 1, 1000),
      importFiles: integer(env, 'LIMIT_IMPORT_FILES', 5000, 1, 1_000_000),
      importMb: integer(env, 'LIMIT_IMPORT_MB', 100, 1, 10_000),
    },
    adminUserIds,
    session: { ttlDays: integer(env, 'SESSION_TTL_DAYS', 30, 1, 365) },
    projectDatabases: projectDatabasesFrom(env),
    secretsKey,
    topUps,
    webDistDir: existsSync(webDistDir) ? webDistDir : null,
    operations: {
      logFormat,
      metricsToken,
      shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 30, 0, 3600),
    },
  };
}

/** 32 bytes, written as 64 hex digits or as base64. */
function absolutePath(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw !== null && !isAbsolute(raw)) throw new ConfigError(name, `expected an absolute path, got "${raw}"`);
  return raw;
}

function secretsKeyFrom(raw: string | null): Buffer | null {
  if (raw === null) return null;
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(raw) ? Buffer.from(raw, 'base64') : null;
  if (key?.length !== 32) throw new ConfigError('SECRETS_KEY', 'expected 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)');
  return key;
}

/**
 * Previews run other people's code on their own origins. Under the app's own host they would be
 * same-site with it: their pages could set cookies the app reads and send requests with its
 * users' cookies. Local development (localhost) is the exception the defaults rely on.
 */
function checkPreviewSite(previewDomain: string, appHost: string, accepted: boolean): void {
  if (accepted || appHost === 'localhost') return;
  if (previewDomain !== appHost && !previewDomain.endsWith(`.${appHost}`)) return;
  throw new ConfigError(
    'PREVIEW_DOMAIN',
    `"${previewDomain}" lies under the app's own host ${appHost} (PUBLIC_URL), so previews could act as signed-in users. ` +
      'Serve previews from a separate registrable domain (deploy/README.md says how), or set ALLOW_PREVIEW_SUBDOMAIN=1 to accept the risk.',
  );
}

/** Injection token for the parsed settings. */
export const APP_CONFIG = Symbol('APP_CONFIG');
/** Injection token for the platform database's URL (the embedded server's, or DATABASE_URL). */
export const DATABASE_URL = Symbol('DATABASE_URL');
/** Where the projects' PostgreSQL server is reached, found at start-up (main.ts). */
export interface ProjectsDatabaseServer {
  /** The platform's admin connection: loopback for the embedded server, PROJECTS_DATABASE_URL otherwise. */
  adminUrl: string;
  /** The address sandboxes connect to; null without a sandbox network (Docker absent at start). */
  sandboxHost: string | null;
  sandboxPort: number;
}

/** Injection token for the `ProjectsDatabaseServer`; absent when none was started. */
export const PROJECTS_DATABASE_SERVER = Symbol('PROJECTS_DATABASE_SERVER');
