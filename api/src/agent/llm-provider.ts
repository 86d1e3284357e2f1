// What every model provider offers the agent: a streamed response in the file-stream protocol.
import type { ConventionsVersion } from '@forge/protocol/conventions';
import type { SourceTarget } from '@forge/protocol/source-tags';

export interface ImageInput {
  name: string;
  /** Base64 without a data: prefix. */
  base64: string;
  mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
  /** Only on user messages. */
  images?: ImageInput[];
}

export interface CompletionRequest {
  system: string;
  messages: ChatMessage[];
  maxOutputTokens: number;
  /** What the request is for; the offline agent uses it to pick its behaviour. */
  purpose: 'generation' | 'edit' | 'fix';
  /** The conventions the project follows (a generation: the current ones), whose prompts `system` holds. */
  conventions: ConventionsVersion;
  /** The person's own words, for providers that work from the description alone. */
  description: string;
  projectName: string;
  /** The project files shown to the model, for edits and fixes. */
  files?: Record<string, string>;
  /** The whole project, for providers that change it without a model (the offline agent's edits). */
  project?: ProjectReader;
  /** An edit aimed at an element picked in the preview: where it is written (the prompt says so too). */
  target?: SourceTarget;
}

/** Reads a project's files as they are. */
export interface ProjectReader {
  paths: string[];
  /** A text file's content; null for a missing or binary one. */
  read(path: string): Promise<string | null>;
}

export type ProviderEvent =
  | { type: 'text'; text: string }
  /** Why the response ended; `max_tokens` means it was cut at the output limit. */
  | { type: 'stop'; reason: 'end_turn' | 'max_tokens' | 'stop_sequence' | 'other' }
  | { type: 'usage'; inputTokens: number; outputTokens: number };

export interface LlmProvider {
  readonly name: 'anthropic' | 'openai' | 'offline';
  readonly model: string;
  /** One model response, streamed. Throws ProviderError on failure; honours `signal`. */
  complete(request: CompletionRequest, signal: AbortSignal): AsyncIterable<ProviderEvent>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    /** Worth retrying: rate limits, overload, 5xx, dropped connections. */
    readonly transient: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
