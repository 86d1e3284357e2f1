import { Inject, Injectable } from '@nestjs/common';
import { CURRENT_CONVENTIONS, type ConventionsVersion } from '@forge/protocol/conventions';
import { FileStreamParser, editStartMarker, fileStartMarker } from '@forge/protocol/file-stream';
import type { SourceTarget } from '@forge/protocol/source-tags';
import type { ChatMessage, CompletionRequest, ImageInput, LlmProvider, ProjectReader } from './llm-provider.js';
import { ProviderError } from './llm-provider.js';
import { PromptLibrary } from './prompt-library.js';

export const LLM_PROVIDER = Symbol('LLM_PROVIDER');
export const AGENT_SETTINGS = Symbol('AGENT_SETTINGS');

export interface AgentSettings {
  maxOutputTokens: number;
  /** How many times a response cut at the output limit may be continued. */
  maxContinuations: number;
  /** Attempts after a transient provider failure before the job fails. */
  maxRetries: number;
  retryBaseDelayMs: number;
}

export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  maxOutputTokens: 16_000,
  maxContinuations: 8,
  maxRetries: 4,
  retryBaseDelayMs: 1000,
};

export type AgentEvent =
  | { type: 'text'; text: string }
  /** Before the text of a continuation response (after an output-limit cut or a dropped stream). */
  | { type: 'response_start'; continuation: true; reason: 'max_tokens' | 'interrupted' }
  | { type: 'retry'; attempt: number; delayMs: number; message: string }
  /** After each model call: the run's totals so far, and `call`, what this one call used (what it is charged for). */
  | { type: 'usage'; inputTokens: number; outputTokens: number; call: { inputTokens: number; outputTokens: number } };

/** The line people see while a request waits for an overloaded provider. */
export function modelBusyMessage(retry: Extract<AgentEvent, { type: 'retry' }>): string {
  return `⚠️ The model is busy (${retry.message}); retrying in ${Math.round(retry.delayMs / 1000)} s (attempt ${retry.attempt})`;
}

export class AgentError extends Error {
  override name = 'AgentError';
}

export interface GenerateInput {
  prompt: string;
  projectName: string;
  images?: ImageInput[];
}

export interface FixInput {
  projectName: string;
  /** The project's conventions: a project made under v1 is repaired under v1. */
  conventions: ConventionsVersion;
  /** The repair request: the errors, the build output, the project tree and the files involved. */
  request: string;
  /** The files shown in the request, by path. */
  files: Record<string, string>;
  /** What is to be repaired, in a line, for providers that work from a description. */
  description: string;
  maxOutputTokens: number;
  /** Model turns the fix may use: the first response and each continuation after an output-limit cut. */
  maxTurns: number;
  /** A first answer that failed the checks, sent back once with what failed. */
  retry?: AnswerRetry;
}

export interface EditInput {
  projectName: string;
  /** The project's conventions: a project made under v1 is edited under v1. */
  conventions: ConventionsVersion;
  /** The person's request, in their words. */
  request: string;
  /** What the model is asked: the request, the project tree and the files that matter. */
  prompt: string;
  images?: ImageInput[];
  /** The files shown in the prompt, by path. */
  files: Record<string, string>;
  /** The whole project, for providers that edit without a model. */
  project: ProjectReader;
  /** The element picked in the preview that the edit is aimed at. */
  target?: SourceTarget;
  retry?: AnswerRetry;
}

/** The model's earlier answer and why it could not be applied. */
export interface AnswerRetry {
  answer: string;
  feedback: string;
}

export interface RunOptions {
  /** Overrides the setting for this run. */
  maxContinuations?: number;
}

/** Drives a provider through one generation: retries, continuations after cuts, token totals. */
@Injectable()
export class AgentService {
  constructor(
    @Inject(LLM_PROVIDER) readonly provider: LlmProvider,
    @Inject(AGENT_SETTINGS) private readonly settings: AgentSettings,
    private readonly prompts: PromptLibrary,
  ) {}

  /** Writes a new project, always under the current conventions. */
  generate(input: GenerateInput, signal: AbortSignal): AsyncIterable<AgentEvent> {
    const messages: ChatMessage[] = [{ role: 'user', content: `Project name: ${input.projectName}\n\n${input.prompt}`, images: input.images }];
    return this.run(
      {
        system: this.prompts.get('system', CURRENT_CONVENTIONS),
        messages,
        maxOutputTokens: this.settings.maxOutputTokens,
        purpose: 'generation',
        conventions: CURRENT_CONVENTIONS,
        description: input.prompt,
        projectName: input.projectName,
      },
      signal,
    );
  }

  /** Changes a project as a person asked, with the versioned edit prompt. */
  edit(input: EditInput, signal: AbortSignal): AsyncIterable<AgentEvent> {
    return this.run(
      {
        system: this.prompts.get('edit', input.conventions),
        messages: withRetry([{ role: 'user', content: input.prompt, images: input.images }], input.retry),
        maxOutputTokens: this.settings.maxOutputTokens,
        purpose: 'edit',
        conventions: input.conventions,
        description: input.request,
        projectName: input.projectName,
        files: input.files,
        project: input.project,
        target: input.target,
      },
      signal,
    );
  }

  /** Repairs a project whose build failed, with the versioned fix prompt. */
  fix(input: FixInput, signal: AbortSignal): AsyncIterable<AgentEvent> {
    return this.run(
      {
        system: this.prompts.get('fix', input.conventions),
        messages: withRetry([{ role: 'user', content: input.request }], input.retry),
        maxOutputTokens: input.maxOutputTokens,
        purpose: 'fix',
        conventions: input.conventions,
        description: input.description,
        projectName: input.projectName,
        files: input.files,
      },
      signal,
      { maxContinuations: Math.max(0, input.maxTurns - 1) },
    );
  }

  async *run(request: CompletionRequest, signal: AbortSignal, options: RunOptions = {}): AsyncIterable<AgentEvent> {
    const maxContinuations = options.maxContinuations ?? this.settings.maxContinuations;
    const messages = [...request.messages];
    // A private parser, fed each whole response, only to know which file a cut left open.
    const tracker = new FileStreamParser();
    const totals = { inputTokens: 0, outputTokens: 0 };
    for (let continuation = 0; ; continuation++) {
      let text = '';
      let stop: 'max_tokens' | 'interrupted' | 'done' | null = null;
      let responseUsage = { inputTokens: 0, outputTokens: 0 };
      for (let attempt = 0; ; attempt++) {
        try {
          for await (const event of this.provider.complete({ ...request, messages }, signal)) {
            if (event.type === 'text') {
              text += event.text;
              yield { type: 'text', text: event.text };
            } else if (event.type === 'usage') {
              responseUsage = { inputTokens: event.inputTokens, outputTokens: event.outputTokens };
            } else if (event.type === 'stop') {
              stop = event.reason === 'max_tokens' ? 'max_tokens' : 'done';
            }
          }
          // A stream that ends without saying why was cut short.
          stop ??= text.length > 0 ? 'interrupted' : 'done';
          break;
        } catch (err) {
          if (signal.aborted) throw err;
          if (!(err instanceof ProviderError) || !err.transient) throw err;
          // Text already shown cannot be taken back: carry on from it as after a cut.
          if (text.length > 0) {
            stop = 'interrupted';
            break;
          }
          if (attempt >= this.settings.maxRetries) {
            throw new AgentError(`${err.message} (gave up after ${attempt + 1} attempts)`);
          }
          const delayMs = this.settings.retryBaseDelayMs * 2 ** attempt;
          yield { type: 'retry', attempt: attempt + 1, delayMs, message: err.message };
          await sleep(delayMs, signal);
        }
      }
      tracker.push(text);
      totals.inputTokens += responseUsage.inputTokens;
      totals.outputTokens += responseUsage.outputTokens;
      yield { type: 'usage', ...totals, call: responseUsage };
      if (stop === 'done') return;

      const open = tracker.openBlock;
      if (continuation >= maxContinuations) {
        throw new AgentError(`The model's answer was cut off more than ${maxContinuations} times` + (open ? `; ${open.path} was left incomplete and was not saved.` : '.'));
      }
      messages.push({ role: 'assistant', content: text }, { role: 'user', content: continuationPrompt(open, text) });
      tracker.startResponse();
      yield { type: 'response_start', continuation: true, reason: stop };
    }
  }
}

function continuationPrompt(open: { kind: 'file' | 'edit'; path: string } | null, text: string): string {
  if (!open) return 'Your answer was cut off. Continue exactly where it stopped, without repeating anything.';
  const tail = text.slice(-120);
  const what = open.kind === 'file' ? 'the file' : 'the EDIT block (inside its SEARCH or REPLACE text as it was)';
  return [
    `Your answer was cut off while writing ${open.path}. Continue it: start your reply with the line`,
    open.kind === 'file' ? fileStartMarker(open.path) : editStartMarker(open.path),
    `and then continue ${what} from the exact character where it stopped, without repeating anything. It stopped after:`,
    '```',
    tail,
    '```',
    'Then write the rest of your answer as before.',
  ].join('\n');
}

/** The conversation with an earlier answer and the reason it was refused, when there was one. */
function withRetry(messages: ChatMessage[], retry: AnswerRetry | undefined): ChatMessage[] {
  return retry ? [...messages, { role: 'assistant', content: retry.answer }, { role: 'user', content: retry.feedback }] : messages;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
