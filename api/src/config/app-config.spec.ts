import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('defaults to port 3000, ./.data, the offline agent and preview.localhost', () => {
    const config = loadConfig({}, { cwd: '/srv/forge' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/forge/.data');
    expect(config.databaseUrl).toBeNull();
    expect(config.llm.provider).toBe('offline');
    expect(config.previewDomain).toBe('preview.localhost');
  });

  it('sizes sandboxes and builds from settings, with the spec\'s auto-fix limits by default', () => {
    const config = loadConfig({ SANDBOX_CPUS: '1.5', SANDBOX_DISK_MB: '512', BUILD_CONCURRENCY: '3' }, { cwd: '/srv/forge' });
    expect(config.sandbox).toMatchObject({ cpus: 1.5, diskMb: 512, memoryMb: 1024 });
    expect(config.builds.concurrency).toBe(3);
    expect(config.autoFix).toEqual({ maxAttempts: 5, maxTurns: 10, maxTokens: 16_000 });
    // Two platforms on one engine, or two data directories, never share containers.
    expect(loadConfig({ DATA_DIR: '/a' }).sandbox.instance).not.toBe(loadConfig({ DATA_DIR: '/b' }).sandbox.instance);
  });

  it('reads the welcome credit and token prices as exact micro-dollars, the spec\'s by default', () => {
    expect(loadConfig({}).credits).toEqual({ welcomeMicroUsd: 10_000_000n, prices: { inputMicroUsdPerMTok: 3_000_000n, outputMicroUsdPerMTok: 15_000_000n } });
    const custom = loadConfig({ WELCOME_CREDIT_USD: '0', PRICE_INPUT_PER_MTOK_USD: '0.80', PRICE_OUTPUT_PER_MTOK_USD: '4.000001' }).credits;
    expect(custom).toEqual({ welcomeMicroUsd: 0n, prices: { inputMicroUsdPerMTok: 800_000n, outputMicroUsdPerMTok: 4_000_001n } });
    expect(() => loadConfig({ PRICE_OUTPUT_PER_MTOK_USD: '-1' })).toThrow('Invalid setting PRICE_OUTPUT_PER_MTOK_USD');
    expect(() => loadConfig({ WELCOME_CREDIT_USD: 'ten' })).toThrow(ConfigError);
  });

  it('tags the sandbox image with a hash of its recipe', () => {
    const config = loadConfig({}, { cwd: new URL('../../..', import.meta.url).pathname });
    expect(config.sandbox.image).toMatch(/^forge-sandbox:[0-9a-f]{12}$/);
    expect(loadConfig({ SANDBOX_IMAGE: 'registry.example/forge-sandbox:1' }).sandbox.image).toBe('registry.example/forge-sandbox:1');
  });

  it('refuses previews under the app\'s own host unless an operator accepts it; localhost is exempt', () => {
    const underApp = { PUBLIC_URL: 'https://forge.test', PREVIEW_DOMAIN: 'preview.forge.test' };
    expect(() => loadConfig(underApp)).toThrow(/^Invalid setting PREVIEW_DOMAIN: "preview.forge.test" lies under the app's own host forge.test/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://forge.test', PREVIEW_DOMAIN: 'forge.test' })).toThrow(/PREVIEW_DOMAIN/);
    expect(loadConfig({ ...underApp, ALLOW_PREVIEW_SUBDOMAIN: '1' }).previewDomain).toBe('preview.forge.test');
    expect(loadConfig({ PUBLIC_URL: 'https://forge.test', PREVIEW_DOMAIN: 'forge-previews.net' }).publicUrl).toBe('https://forge.test');
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('reads the operations settings: text logs, loopback-only metrics and 30 s of grace by default', () => {
    expect(loadConfig({}).operations).toEqual({ logFormat: 'text', metricsToken: null, shutdownGraceSeconds: 30 });
    const set = loadConfig({ LOG_FORMAT: 'json', METRICS_TOKEN: 'a-long-enough-token', SHUTDOWN_GRACE_SECONDS: '0' }).operations;
    expect(set).toEqual({ logFormat: 'json', metricsToken: 'a-long-enough-token', shutdownGraceSeconds: 0 });
  });

  it('keeps project databases on a server of their own, with limits, and reads the secrets key', () => {
    const config = loadConfig({}, { cwd: '/srv/forge' });
    expect(config.projectDatabases).toEqual({ adminUrl: null, connectionLimit: 10, statementTimeoutSeconds: 30, maxMb: 256, autoInitialize: true });
    expect(config.secretsKey).toBeNull();
    expect(loadConfig({ PROJECTS_DATABASE_URL: 'postgresql://admin:pw@db:5432/postgres', AUTO_INITIALIZE_DATABASES: '0' }).projectDatabases).toMatchObject({
      adminUrl: 'postgresql://admin:pw@db:5432/postgres',
      autoInitialize: false,
    });
    expect(() => loadConfig({ PROJECTS_DATABASE_URL: 'mysql://db' })).toThrow(/^Invalid setting PROJECTS_DATABASE_URL/);
    expect(loadConfig({ SECRETS_KEY: 'ab'.repeat(32) }).secretsKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') }).secretsKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/^Invalid setting SECRETS_KEY/);
  });

  it('picks Anthropic when a key is set', () => {
    expect(loadConfig({ ANTHROPIC_API_KEY: 'sk-test' }).llm.provider).toBe('anthropic');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ LLM_PROVIDER: 'gpt' }, 'LLM_PROVIDER'],
    [{ LLM_PROVIDER: 'anthropic' }, 'ANTHROPIC_API_KEY'],
    [{ LLM_PROVIDER: 'openai' }, 'OPENAI_BASE_URL'],
    [{ PREVIEW_DOMAIN: 'bad domain' }, 'PREVIEW_DOMAIN'],
    [{ SANDBOX_CA_FILE: '/no/such/file.pem' }, 'SANDBOX_CA_FILE'],
    [{ ADMIN_USER_IDS: 'alice' }, 'ADMIN_USER_IDS'],
    [{ SESSION_TTL_DAYS: '0' }, 'SESSION_TTL_DAYS'],
    [{ SANDBOX_CPUS: 'two' }, 'SANDBOX_CPUS'],
    [{ SANDBOX_MEMORY_MB: '64' }, 'SANDBOX_MEMORY_MB'],
    [{ SANDBOX_EGRESS_ALLOW: 'example.com' }, 'SANDBOX_EGRESS_ALLOW'],
    [{ SANDBOX_INSTANCE: 'Not OK' }, 'SANDBOX_INSTANCE'],
    [{ BUILD_CONCURRENCY: '0' }, 'BUILD_CONCURRENCY'],
    [{ AUTOFIX_MAX_ATTEMPTS: '-1' }, 'AUTOFIX_MAX_ATTEMPTS'],
    [{ PREVIEW_IDLE_MINUTES: '0' }, 'PREVIEW_IDLE_MINUTES'],
    [{ PUBLIC_URL: 'ftp://forge.test' }, 'PUBLIC_URL'],
    [{ ALLOW_PREVIEW_SUBDOMAIN: 'maybe' }, 'ALLOW_PREVIEW_SUBDOMAIN'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ SHUTDOWN_GRACE_SECONDS: '-5' }, 'SHUTDOWN_GRACE_SECONDS'],
  ])('rejects %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid setting ${variable}:`));
  });
});
