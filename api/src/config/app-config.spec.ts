import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './app-config.js';

const TOP_UPS = { ETH_RPC_URL: 'https://eth.example', USDC_CONTRACT: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', USDC_DEPOSIT_ADDRESS: '0x787bc77f1700dce0f8c1581c18a12d3153d1b150' };

describe('loadConfig', () => {
  it('defaults to port 3000, ./.data, the offline agent and preview.localhost', () => {
    const config = loadConfig({}, { cwd: '/srv/forge' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/forge/.data');
    expect(config.databaseUrl).toBeNull();
    expect(config.llm.provider).toBe('offline');
    expect(config.previewDomain).toBe('preview.localhost');
  });

  it("sizes sandboxes and builds from settings, with the spec's auto-fix limits by default", () => {
    const config = loadConfig({ SANDBOX_CPUS: '1.5', SANDBOX_DISK_MB: '512', BUILD_CONCURRENCY: '3' }, { cwd: '/srv/forge' });
    expect(config.sandbox).toMatchObject({ cpus: 1.5, diskMb: 512, memoryMb: 1024 });
    expect(config.builds.concurrency).toBe(3);
    expect(config.autoFix).toEqual({ maxAttempts: 5, maxTurns: 10, maxTokens: 16_000 });
    // Two platforms on one engine, or two data directories, never share containers.
    expect(loadConfig({ DATA_DIR: '/a' }).sandbox.instance).not.toBe(loadConfig({ DATA_DIR: '/b' }).sandbox.instance);
  });

  it("reads the welcome credit, token prices and the grant confirmation threshold as exact micro-dollars, the spec's by default", () => {
    expect(loadConfig({}).credits).toEqual({
      welcomeMicroUsd: 10_000_000n,
      prices: { inputMicroUsdPerMTok: 3_000_000n, outputMicroUsdPerMTok: 15_000_000n },
      grantConfirmAboveMicroUsd: 100_000_000n,
    });
    const custom = loadConfig({ WELCOME_CREDIT_USD: '0', PRICE_INPUT_PER_MTOK_USD: '0.80', PRICE_OUTPUT_PER_MTOK_USD: '4.000001', GRANT_CONFIRM_ABOVE_USD: '2500' }).credits;
    expect(custom).toEqual({ welcomeMicroUsd: 0n, prices: { inputMicroUsdPerMTok: 800_000n, outputMicroUsdPerMTok: 4_000_001n }, grantConfirmAboveMicroUsd: 2_500_000_000n });
    expect(() => loadConfig({ GRANT_CONFIRM_ABOVE_USD: '-5' })).toThrow('Invalid setting GRANT_CONFIRM_ABOVE_USD');
    expect(() => loadConfig({ PRICE_OUTPUT_PER_MTOK_USD: '-1' })).toThrow('Invalid setting PRICE_OUTPUT_PER_MTOK_USD');
    expect(() => loadConfig({ WELCOME_CREDIT_USD: 'ten' })).toThrow(ConfigError);
  });

  it('tags the sandbox image with a hash of its recipe', () => {
    const config = loadConfig({}, { cwd: new URL('../../..', import.meta.url).pathname });
    expect(config.sandbox.image).toMatch(/^forge-sandbox:[0-9a-f]{12}$/);
    expect(loadConfig({ SANDBOX_IMAGE: 'registry.example/forge-sandbox:1' }).sandbox.image).toBe('registry.example/forge-sandbox:1');
  });

  it("refuses previews under the app's own host unless an operator accepts it; localhost is exempt", () => {
    const underApp = { PUBLIC_URL: 'https://forge.test', PREVIEW_DOMAIN: 'preview.forge.test' };
    expect(() => loadConfig(underApp)).toThrow(/^Invalid setting PREVIEW_DOMAIN: "preview.forge.test" lies under the app's own host forge.test/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://forge.test', PREVIEW_DOMAIN: 'forge.test' })).toThrow(/PREVIEW_DOMAIN/);
    expect(loadConfig({ ...underApp, ALLOW_PREVIEW_SUBDOMAIN: '1' }).previewDomain).toBe('preview.forge.test');
    expect(loadConfig({ PUBLIC_URL: 'https://forge.test', PREVIEW_DOMAIN: 'forge-previews.net' }).publicUrl).toBe('https://forge.test');
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('checks previews in a local jailed browser unless a remote one is named by an absolute socket path', () => {
    expect(loadConfig({}).previewChecks.browserSocket).toBeNull();
    expect(loadConfig({ PREVIEW_CHECK_BROWSER_SOCKET: '/run/forge-checker/browser.sock' }).previewChecks.browserSocket).toBe('/run/forge-checker/browser.sock');
    expect(() => loadConfig({ PREVIEW_CHECK_BROWSER_SOCKET: 'browser.sock' })).toThrow(/^Invalid setting PREVIEW_CHECK_BROWSER_SOCKET: expected an absolute path/);
  });

  it('reads the operations settings: text logs, loopback-only metrics and 30 s of grace by default', () => {
    expect(loadConfig({}).operations).toEqual({ logFormat: 'text', metricsToken: null, shutdownGraceSeconds: 30 });
    const set = loadConfig({ LOG_FORMAT: 'json', METRICS_TOKEN: 'a-long-enough-token', SHUTDOWN_GRACE_SECONDS: '0' }).operations;
    expect(set).toEqual({ logFormat: 'json', metricsToken: 'a-long-enough-token', shutdownGraceSeconds: 0 });
  });

  it('keeps project databases on a server of their own, with limits, and reads the secrets key', () => {
    const config = loadConfig({}, { cwd: '/srv/forge' });
    expect(config.projectDatabases).toEqual({
      adminUrl: null,
      connectionLimit: 10,
      accountConnections: 20,
      statementTimeoutSeconds: 30,
      maxMb: 256,
      temporaryFilesMb: 256,
      connectionMemoryMb: 256,
      serverConnections: 200,
      reservedConnections: 10,
      snapshotMb: 20,
      snapshotsKept: 10,
      autoInitialize: true,
    });
    expect(config.secretsKey).toBeNull();
    expect(() => loadConfig({ PROJECT_DATABASE_SNAPSHOT_MB: '0' })).toThrow(/^Invalid setting PROJECT_DATABASE_SNAPSHOT_MB/);
    expect(() => loadConfig({ PROJECT_DATABASE_SNAPSHOTS_KEPT: 'many' })).toThrow(/^Invalid setting PROJECT_DATABASE_SNAPSHOTS_KEPT/);
    expect(loadConfig({ PROJECTS_DATABASE_URL: 'postgresql://admin:pw@db:5432/postgres', AUTO_INITIALIZE_DATABASES: '0' }).projectDatabases).toMatchObject({
      adminUrl: 'postgresql://admin:pw@db:5432/postgres',
      autoInitialize: false,
    });
    expect(() => loadConfig({ PROJECTS_DATABASE_URL: 'mysql://db' })).toThrow(/^Invalid setting PROJECTS_DATABASE_URL/);
    // The administrator's reserve must leave most of the server to apps.
    expect(() => loadConfig({ PROJECTS_DATABASE_MAX_CONNECTIONS: '40', PROJECTS_DATABASE_RESERVED_CONNECTIONS: '20' })).toThrow(/^Invalid setting PROJECTS_DATABASE_RESERVED_CONNECTIONS/);
    expect(loadConfig({ PROJECT_DATABASE_ACCOUNT_CONNECTIONS: '4' }).projectDatabases.accountConnections).toBe(4);
    expect(loadConfig({ SECRETS_KEY: 'ab'.repeat(32) }).secretsKey).toEqual(Buffer.alloc(32, 0xab));
    expect(loadConfig({ SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') }).secretsKey).toEqual(Buffer.alloc(32, 7));
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/^Invalid setting SECRETS_KEY/);
  });

  it('turns USDC top-ups on only with an RPC endpoint, the token and the deposit address, checksumming both', () => {
    expect(loadConfig({}).topUps).toBeNull();
    const topUps = loadConfig({ ...TOP_UPS, ETH_RPC_URL: 'https://eth.example/v2/key' }).topUps;
    expect(topUps).toEqual({
      rpcUrl: 'https://eth.example/v2/key',
      usdcContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      depositAddress: '0x787bc77F1700DCE0f8c1581c18A12d3153D1B150',
      confirmations: 12,
    });
  });

  it.each([
    [{ ETH_RPC_URL: 'https://eth.example' }, 'USDC_CONTRACT', /required with ETH_RPC_URL: USDC top-ups need all of ETH_RPC_URL, USDC_CONTRACT, USDC_DEPOSIT_ADDRESS/],
    [{ USDC_CONTRACT: TOP_UPS.USDC_CONTRACT, USDC_DEPOSIT_ADDRESS: TOP_UPS.USDC_DEPOSIT_ADDRESS }, 'ETH_RPC_URL', /required with USDC_CONTRACT and USDC_DEPOSIT_ADDRESS/],
    [{ ...TOP_UPS, ETH_RPC_URL: 'ws://eth.example' }, 'ETH_RPC_URL', /expected a http: or https: URL/],
    [{ ...TOP_UPS, USDC_CONTRACT: '0x1234' }, 'USDC_CONTRACT', /"0x1234" is not an Ethereum address/],
    // One character's case changed: the checksum catches it.
    [{ ...TOP_UPS, USDC_CONTRACT: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eb48' }, 'USDC_CONTRACT', /is not an Ethereum address/],
    [{ ...TOP_UPS, USDC_DEPOSIT_ADDRESS: '0x0000000000000000000000000000000000000000' }, 'USDC_DEPOSIT_ADDRESS', /zero address/],
    [{ ...TOP_UPS, USDC_DEPOSIT_ADDRESS: TOP_UPS.USDC_CONTRACT }, 'USDC_DEPOSIT_ADDRESS', /is the token contract itself/],
    [{ ...TOP_UPS, USDC_CONFIRMATIONS: '0' }, 'USDC_CONFIRMATIONS', /expected a number from 1 to 10000/],
  ])('refuses top-up settings %j naming %s', (env, variable, problem) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid setting ${variable}: .*${problem.source}`));
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
