// The provider used when no model is configured: it writes a starter project from built-in
// blueprints, streamed at a model-like pace so the workspace behaves as it does with a model.
import { type CompletionRequest, type LlmProvider, type ProviderEvent, ProviderError } from '../llm-provider.js';
import { OfflineEditError, offlineEditAnswer } from './offline-edits.js';
import { planProject } from './plan-project.js';
import { renderCannotRepairCode, renderTranscript } from './transcript.js';

export interface OfflineStarterAgentOptions {
  /** Streaming pace. `Infinity` (or 0) streams without waiting, for tests. Default 6000. */
  charsPerSecond?: number;
  /** Tests only: a generation description of the scripted form (see `scriptedAnswer`) is answered with its own text, at its own pace. */
  scriptedAnswers?: boolean;
}

/**
 * `SCRIPTED ANSWER at 250 chars/s:`, a line break, then the answer itself; or `REFERENCE ANSWER at 250 chars/s:`,
 * a line break, then a description: the blueprint's answer to it as a model writes it under v2 (the app's own
 * files and EDITs on the laid-down template), for a benchmark whose answer is longer than a description may be.
 */
const SCRIPTED_ANSWER = /^(SCRIPTED|REFERENCE) ANSWER at (\d+) chars\/s:\r?\n/;

/** A test's scripted answer and its pace, when the hook is on and the description is one. */
export function scriptedAnswer(request: CompletionRequest): { text: string; charsPerSecond: number } | null {
  if (request.purpose !== 'generation') return null;
  const match = SCRIPTED_ANSWER.exec(request.description);
  if (!match) return null;
  const pace = Number(match[2]);
  const rest = request.description.slice(match[0].length);
  const text = match[1] === 'SCRIPTED' ? rest : renderTranscript(planProject(rest, request.projectName), { templateLaidDown: true });
  return { text, charsPerSecond: pace > 0 ? pace : Infinity };
}

const DEFAULT_CHARS_PER_SECOND = 6000;
const MIN_CHUNK = 20;
const MAX_CHUNK = 120;

export const OFFLINE_AGENT_MODEL = 'starter-blueprints';

export class OfflineStarterAgent implements LlmProvider {
  readonly name = 'offline' as const;
  readonly model = OFFLINE_AGENT_MODEL;
  private readonly charsPerSecond: number;
  private readonly scriptedAnswers: boolean;

  constructor(options: OfflineStarterAgentOptions = {}) {
    const pace = options.charsPerSecond ?? DEFAULT_CHARS_PER_SECOND;
    this.charsPerSecond = Number.isFinite(pace) && pace > 0 ? pace : Infinity;
    this.scriptedAnswers = options.scriptedAnswers ?? false;
  }

  async *complete(request: CompletionRequest, signal: AbortSignal): AsyncIterable<ProviderEvent> {
    signal.throwIfAborted();
    const scripted = this.scriptedAnswers ? scriptedAnswer(request) : null;
    const text = scripted?.text ?? (await this.answer(request));
    const charsPerSecond = scripted?.charsPerSecond ?? this.charsPerSecond;

    const started = Date.now();
    let sent = 0;
    for (const chunk of typingChunks(text)) {
      signal.throwIfAborted();
      if (charsPerSecond !== Infinity) {
        // Pace against the clock, not per chunk, so timer granularity does not slow the stream.
        await sleep(started + (sent / charsPerSecond) * 1000 - Date.now(), signal);
      }
      sent += chunk.length;
      yield { type: 'text', text: chunk };
    }
    signal.throwIfAborted();
    yield { type: 'usage', inputTokens: estimateTokens(requestText(request)), outputTokens: estimateTokens(text) };
    yield { type: 'stop', reason: 'end_turn' };
  }

  private async answer(request: CompletionRequest): Promise<string> {
    if (request.purpose === 'generation') return renderTranscript(planProject(request.description, request.projectName));
    if (request.purpose === 'fix') return renderCannotRepairCode();
    try {
      return await offlineEditAnswer(request.description, request.project, request.target);
    } catch (err) {
      // Not worth retrying: the same request gets the same answer.
      if (err instanceof OfflineEditError) throw new ProviderError(err.message, false);
      throw err;
    }
  }
}

/** Splits text into 20-120 character pieces; the same text always splits the same way. */
export function typingChunks(text: string): string[] {
  const random = seededRandom(hashString(text));
  const chunks: string[] = [];
  for (let i = 0; i < text.length;) {
    let size = MIN_CHUNK + Math.floor(random() * (MAX_CHUNK - MIN_CHUNK + 1));
    // Never split a surrogate pair: a chunk encoded on its own would mangle the character.
    if (isHighSurrogate(text.charCodeAt(i + size - 1))) size += 1;
    chunks.push(text.slice(i, i + size));
    i += size;
  }
  return chunks;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Roughly four characters per token, as for English text and code. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function requestText(request: CompletionRequest): string {
  return request.system + request.messages.map((m) => m.content).join('\n');
}

function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough to vary chunk sizes. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
