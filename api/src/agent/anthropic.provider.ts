import Anthropic from '@anthropic-ai/sdk';
import type { CompletionRequest, LlmProvider, ProviderEvent } from './llm-provider.js';
import { ProviderError } from './llm-provider.js';

// The newest Sonnet the SDK knows; LLM_MODEL overrides it.
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-5-5';
const TRANSIENT_TYPES = new Set(['rate_limit_error', 'overloaded_error', 'api_error', 'timeout_error']);

/** Anthropic's streaming Messages API through the official SDK. */
export class AnthropicProvider implements LlmProvider {
  readonly name = 'anthropic' as const;
  private readonly client: Anthropic;

  constructor(
    options: { apiKey: string; baseURL?: string | null },
    readonly model: string = DEFAULT_ANTHROPIC_MODEL,
  ) {
    // Retries are the agent's job: it knows whether text was already streamed.
    this.client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseURL ?? undefined, maxRetries: 0, timeout: 10 * 60_000 });
  }

  async *complete(request: CompletionRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    let inputTokens = 0;
    try {
      const stream = await this.client.messages.create(
        {
          model: this.model,
          max_tokens: request.maxOutputTokens,
          system: request.system,
          stream: true,
          messages: request.messages.map((message) => ({
            role: message.role,
            content: [
              ...(message.images ?? []).map((image) => ({
                type: 'image' as const,
                source: { type: 'base64' as const, media_type: image.mediaType, data: image.base64 },
              })),
              { type: 'text' as const, text: message.content },
            ],
          })),
        },
        { signal },
      );
      for await (const event of stream) {
        if (event.type === 'message_start') {
          inputTokens = event.message.usage.input_tokens;
        } else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
          yield { type: 'text', text: event.delta.text };
        } else if (event.type === 'message_delta') {
          yield { type: 'usage', inputTokens: event.usage.input_tokens ?? inputTokens, outputTokens: event.usage.output_tokens };
          const reason = event.delta.stop_reason;
          yield { type: 'stop', reason: reason === 'max_tokens' || reason === 'end_turn' || reason === 'stop_sequence' ? reason : 'other' };
        }
      }
    } catch (err) {
      throw toProviderError(err);
    }
  }
}

function toProviderError(err: unknown): Error {
  if (err instanceof Anthropic.APIUserAbortError) return err;
  if (err instanceof Anthropic.APIConnectionError) return new ProviderError(`Connection to Anthropic failed: ${err.message}`, true);
  if (err instanceof Anthropic.APIError) {
    const status = err.status;
    const type = err.type ?? (err.error as { error?: { type?: string } } | undefined)?.error?.type ?? null;
    const transient = status === 429 || status === 529 || (status !== undefined && status >= 500) || (type !== null && TRANSIENT_TYPES.has(type));
    const message = err.apiMessage ?? (err.error as { error?: { message?: string } } | undefined)?.error?.message ?? err.message;
    return new ProviderError(`Anthropic: ${message}`, transient, status);
  }
  if (err instanceof ProviderError) return err;
  return new ProviderError(`Anthropic: ${(err as Error).message}`, true);
}
