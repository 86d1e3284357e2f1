// Tests only (FORGE_TEST_SCRIPTED_MODEL_URL): the runs of projects named `scripted-model-…` go to a
// test's Anthropic-protocol server through the real SDK; every other run stays with the offline
// agent. End-to-end tests thereby see what a model is asked, while the rest of the suite needs none.
import { AnthropicProvider, DEFAULT_ANTHROPIC_MODEL } from './anthropic.provider.js';
import type { CompletionRequest, LlmProvider, ProviderEvent } from './llm-provider.js';

export const SCRIPTED_MODEL_PROJECT_PREFIX = 'scripted-model-';

export class ScriptedModelRoute implements LlmProvider {
  readonly name: LlmProvider['name'];
  readonly model: string;
  private readonly scripted: LlmProvider;

  constructor(
    private readonly fallback: LlmProvider,
    modelUrl: string,
  ) {
    this.name = fallback.name;
    this.model = fallback.model;
    this.scripted = new AnthropicProvider({ apiKey: 'forge-test-scripted-model', baseURL: modelUrl }, DEFAULT_ANTHROPIC_MODEL);
  }

  complete(request: CompletionRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    return (request.projectName.startsWith(SCRIPTED_MODEL_PROJECT_PREFIX) ? this.scripted : this.fallback).complete(request, signal);
  }
}
