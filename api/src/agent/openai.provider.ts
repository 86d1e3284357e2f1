import type { CompletionRequest, LlmProvider, ProviderEvent } from './llm-provider.js';
import { ProviderError } from './llm-provider.js';

export const DEFAULT_OPENAI_MODEL = 'llama3.1';

interface ChatChunk {
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/** Any server that speaks OpenAI's streaming chat completions: Ollama, vLLM, LM Studio, … */
export class OpenAiCompatibleProvider implements LlmProvider {
  readonly name = 'openai' as const;

  constructor(
    private readonly options: { baseUrl: string; apiKey?: string | null },
    readonly model: string = DEFAULT_OPENAI_MODEL,
  ) {}

  async *complete(request: CompletionRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        signal,
        headers: {
          'Content-Type': 'application/json',
          ...(this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: this.model,
          stream: true,
          stream_options: { include_usage: true },
          max_tokens: request.maxOutputTokens,
          messages: [
            { role: 'system', content: request.system },
            ...request.messages.map((m) =>
              m.images?.length
                ? {
                    role: m.role,
                    content: [...m.images.map((i) => ({ type: 'image_url', image_url: { url: `data:${i.mediaType};base64,${i.base64}` } })), { type: 'text', text: m.content }],
                  }
                : { role: m.role, content: m.content },
            ),
          ],
        }),
      });
    } catch (err) {
      if (signal.aborted) throw err;
      throw new ProviderError(`Connection to ${url} failed: ${(err as Error).message}`, true);
    }
    if (!response.ok || !response.body) {
      const body = await response.text().catch(() => '');
      const transient = response.status === 429 || response.status >= 500;
      throw new ProviderError(`OpenAI-compatible server answered ${response.status}: ${body.slice(0, 300)}`, transient, response.status);
    }

    const decoder = new TextDecoder();
    let pending = '';
    let stopped = false;
    try {
      for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
        pending += decoder.decode(bytes, { stream: true });
        let newline: number;
        while ((newline = pending.indexOf('\n')) !== -1) {
          const line = pending.slice(0, newline).trim();
          pending = pending.slice(newline + 1);
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') continue;
          const chunk = JSON.parse(data) as ChatChunk;
          if (chunk.error) throw new ProviderError(`OpenAI-compatible server: ${chunk.error.message ?? 'error'}`, false);
          const choice = chunk.choices?.[0];
          if (choice?.delta?.content) yield { type: 'text', text: choice.delta.content };
          if (chunk.usage) {
            yield { type: 'usage', inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
          }
          if (choice?.finish_reason && !stopped) {
            stopped = true;
            yield { type: 'stop', reason: choice.finish_reason === 'length' ? 'max_tokens' : choice.finish_reason === 'stop' ? 'end_turn' : 'other' };
          }
        }
      }
    } catch (err) {
      if (err instanceof ProviderError || signal.aborted) throw err;
      throw new ProviderError(`Stream from ${url} broke: ${(err as Error).message}`, true);
    }
  }
}
