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

  it('tags the sandbox image with a hash of its recipe', () => {
    const config = loadConfig({}, { cwd: new URL('../../..', import.meta.url).pathname });
    expect(config.sandbox.image).toMatch(/^forge-sandbox:[0-9a-f]{12}$/);
    expect(loadConfig({ SANDBOX_IMAGE: 'registry.example/forge-sandbox:1' }).sandbox.image).toBe('registry.example/forge-sandbox:1');
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
  ])('rejects %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid setting ${variable}:`));
  });
});
