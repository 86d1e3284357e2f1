import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { parseTranscript } from '@forge/protocol/file-stream';
import { AgentService, DEFAULT_AGENT_SETTINGS, type AgentEvent } from '../src/agent/agent.service.js';
import { AnthropicProvider } from '../src/agent/anthropic.provider.js';
import { ProviderError } from '../src/agent/llm-provider.js';
import { type PromptLibrary } from '../src/agent/prompt-library.js';
import { type FakeAnthropic, startFakeAnthropic } from './support/fake-anthropic.js';

const prompts = { get: () => 'You write React projects.' } as unknown as PromptLibrary;

async function collect(agent: AgentService): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of agent.generate({ prompt: 'a counter app', projectName: 'counter' }, new AbortController().signal)) events.push(e);
  return events;
}

function filesFrom(events: AgentEvent[]): Record<string, string> {
  const responses: string[] = [''];
  for (const e of events) {
    if (e.type === 'response_start') responses.push('');
    if (e.type === 'text') responses[responses.length - 1] += e.text;
  }
  return Object.fromEntries([...parseTranscript(responses).files].map(([p, f]) => [p, f.content]));
}

describe('Anthropic provider through the real SDK', () => {
  let fake: FakeAnthropic;
  let agent: AgentService;

  beforeAll(async () => {
    fake = await startFakeAnthropic();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    const provider = new AnthropicProvider({ apiKey: 'sk-ant-test', baseURL: fake.url }, 'claude-test');
    agent = new AgentService(provider, { ...DEFAULT_AGENT_SETTINGS, retryBaseDelayMs: 10, maxContinuations: 2 }, prompts);
  });

  it('retries an overload, continues after max_tokens and joins the cut file', async () => {
    fake.script(
      { kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' },
      { kind: 'stream', chunks: ['Building a counter.\n<<<FILE src/App.tsx>>>\nexport const ans'], stopReason: 'max_tokens', inputTokens: 100, outputTokens: 50 },
      {
        kind: 'stream',
        chunks: ['<<<FILE src/App.tsx>>>\nwer = 42;\n<<<END', ' FILE>>>\n<<<FILE README.md>>>\n# Counter\n<<<END FILE>>>\nDone.\n'],
        stopReason: 'end_turn',
        inputTokens: 160,
        outputTokens: 30,
      },
    );
    const events = await collect(agent);

    expect(events.filter((e) => e.type === 'retry')).toEqual([{ type: 'retry', attempt: 1, delayMs: 10, message: 'Anthropic: Overloaded' }]);
    expect(events.filter((e) => e.type === 'response_start')).toEqual([{ type: 'response_start', continuation: true, reason: 'max_tokens' }]);
    expect(filesFrom(events)).toEqual({ 'src/App.tsx': 'export const answer = 42;\n', 'README.md': '# Counter\n' });
    expect(events.filter((e) => e.type === 'usage').at(-1)).toEqual({ type: 'usage', inputTokens: 260, outputTokens: 80, call: { inputTokens: 160, outputTokens: 30 } });
    // Each model call reports what it used by itself: what the ledger charges, call by call.
    expect(events.filter((e) => e.type === 'usage').map((e) => (e as Extract<AgentEvent, { type: 'usage' }>).call)).toEqual([
      { inputTokens: 100, outputTokens: 50 },
      { inputTokens: 160, outputTokens: 30 },
    ]);

    // The SDK sent real Messages requests: model, key, streaming, and the continuation turn.
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[0]!.path).toBe('/v1/messages');
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-ant-test');
    expect(fake.requests[1]!.body).toMatchObject({ model: 'claude-test', stream: true, system: 'You write React projects.' });
    const continuation = fake.requests[2]!.body.messages as Array<{ role: string; content: Array<{ text: string }> }>;
    expect(continuation.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(continuation[1]!.content[0]!.text).toContain('export const ans');
    expect(continuation[2]!.content[0]!.text).toContain('<<<FILE src/App.tsx>>>');
  });

  it('sends design images as base64 image blocks', async () => {
    fake.script({ kind: 'stream', chunks: ['<<<FILE a.txt>>>\na\n'], stopReason: 'end_turn' });
    const events: AgentEvent[] = [];
    const images = [{ name: 'mock.png', base64: 'iVBORw0KGgo=', mediaType: 'image/png' as const }];
    for await (const e of agent.generate({ prompt: 'like this', projectName: 'p', images }, new AbortController().signal)) events.push(e);
    const content = (fake.requests[0]!.body.messages as Array<{ content: unknown[] }>)[0]!.content;
    expect(content[0]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } });
  });

  it('continues after a dropped connection instead of repeating text', async () => {
    fake.script({ kind: 'drop', chunks: ['<<<FILE a.ts>>>\nconst a = 1;\n'] }, { kind: 'stream', chunks: ['<<<FILE a.ts>>>\nconst b = 2;\n<<<END FILE>>>\n'], stopReason: 'end_turn' });
    const events = await collect(agent);
    expect(events.find((e) => e.type === 'response_start')).toMatchObject({ reason: 'interrupted' });
    expect(filesFrom(events)).toEqual({ 'a.ts': 'const a = 1;\nconst b = 2;\n' });
  });

  it('ends with the provider message on an error that is not worth retrying', async () => {
    fake.script({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'max_tokens: too large for this model' });
    await expect(collect(agent)).rejects.toThrow(new ProviderError('Anthropic: max_tokens: too large for this model', false, 400));
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up after the set number of retries', async () => {
    fake.script(...Array.from({ length: 5 }, () => ({ kind: 'error' as const, status: 529, type: 'overloaded_error', message: 'Overloaded' })));
    await expect(collect(agent)).rejects.toThrow('Anthropic: Overloaded (gave up after 5 attempts)');
  });

  it('stops at the continuation cap with a clear error, never a silently truncated file', async () => {
    const cut = { kind: 'stream' as const, chunks: ['<<<FILE big.ts>>>\nline\n'], stopReason: 'max_tokens' as const };
    fake.script(cut, cut, cut);
    await expect(collect(agent)).rejects.toThrow("The model's answer was cut off more than 2 times; big.ts was left incomplete and was not saved.");
  });
});
