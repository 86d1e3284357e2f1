// Which model writes the code, and how the agent calls it.
import type { LlmProviderName } from '@forge/protocol/api';
import { ConfigError, type Env, integer, text, url } from './env.js';

export interface LlmConfig {
  provider: LlmProviderName;
  model: string | null;
  anthropicApiKey: string | null;
  anthropicBaseUrl: string | null;
  openaiBaseUrl: string | null;
  openaiApiKey: string | null;
}

export interface AgentConfig {
  maxOutputTokens: number;
  maxContinuations: number;
  maxRetries: number;
  /** Pace of the offline starter agent; 0 streams at once (tests). */
  offlineCharsPerSecond: number;
}

/** Anthropic when a key is set, else the offline starter agent, unless LLM_PROVIDER says which. */
export function llmFrom(env: Env): LlmConfig {
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
  return {
    provider,
    model: text(env, 'LLM_MODEL'),
    anthropicApiKey,
    anthropicBaseUrl: url(env, 'ANTHROPIC_BASE_URL', ['http:', 'https:']),
    openaiBaseUrl,
    openaiApiKey: text(env, 'OPENAI_API_KEY'),
  };
}

export function agentFrom(env: Env): AgentConfig {
  return {
    maxOutputTokens: integer(env, 'LLM_MAX_OUTPUT_TOKENS', 16_000, 256, 200_000),
    maxContinuations: integer(env, 'LLM_MAX_CONTINUATIONS', 8, 0, 100),
    maxRetries: integer(env, 'LLM_MAX_RETRIES', 4, 0, 20),
    offlineCharsPerSecond: integer(env, 'OFFLINE_AGENT_CHARS_PER_SECOND', 6000, 0, 10_000_000),
  };
}
