import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { AGENT_SETTINGS, AgentService, DEFAULT_AGENT_SETTINGS, LLM_PROVIDER, type AgentSettings } from './agent.service.js';
import { AnthropicProvider, DEFAULT_ANTHROPIC_MODEL } from './anthropic.provider.js';
import type { LlmProvider } from './llm-provider.js';
import { OfflineStarterAgent } from './offline/offline-agent.js';
import { OpenAiCompatibleProvider } from './openai.provider.js';
import { PromptLibrary } from './prompt-library.js';
import { ScriptedModelRoute } from './scripted-model-route.js';

export function createProvider(config: AppConfig): LlmProvider {
  const { llm } = config;
  switch (llm.provider) {
    case 'anthropic':
      return new AnthropicProvider({ apiKey: llm.anthropicApiKey!, baseURL: llm.anthropicBaseUrl }, llm.model ?? DEFAULT_ANTHROPIC_MODEL);
    case 'openai':
      return new OpenAiCompatibleProvider({ baseUrl: llm.openaiBaseUrl!, apiKey: llm.openaiApiKey }, llm.model ?? undefined);
    case 'offline': {
      const offline = new OfflineStarterAgent({ charsPerSecond: config.agent.offlineCharsPerSecond || Infinity, scriptedAnswers: config.testHooks.scriptedAnswers });
      return config.testHooks.scriptedModelUrl ? new ScriptedModelRoute(offline, config.testHooks.scriptedModelUrl) : offline;
    }
  }
}

@Module({
  providers: [
    { provide: PromptLibrary, useValue: new PromptLibrary() },
    { provide: LLM_PROVIDER, inject: [APP_CONFIG], useFactory: createProvider },
    {
      provide: AGENT_SETTINGS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): AgentSettings => ({ ...DEFAULT_AGENT_SETTINGS, ...config.agent }),
    },
    AgentService,
  ],
  exports: [AgentService],
})
export class AgentModule {}
