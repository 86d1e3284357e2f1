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
  ])('rejects %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid setting ${variable}:`));
  });
});
