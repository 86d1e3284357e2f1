import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseTranscript } from '@forge/protocol/file-stream';
import { AgentService, DEFAULT_AGENT_SETTINGS, type AgentEvent } from '../src/agent/agent.service.js';
import { OpenAiCompatibleProvider } from '../src/agent/openai.provider.js';
import type { PromptLibrary } from '../src/agent/prompt-library.js';

type Reply = { status: number; body: string } | { chunks: string[]; finish: 'stop' | 'length' };

/** A local server speaking OpenAI's streaming chat completions, as Ollama, vLLM and LM Studio do. */
async function startFakeOpenAi() {
  const replies: Reply[] = [];
  const requests: Array<{ url: string; auth: string | undefined; body: Record<string, unknown> }> = [];
  const server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) as Record<string, unknown> });
      const reply = replies.shift()!;
      if ('status' in reply) {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.body);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const content of reply.chunks) res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`);
      res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: reply.finish }] })}\n\n`);
      res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 34 } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, replies, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const prompts = { get: () => 'You write React projects.' } as unknown as PromptLibrary;

describe('OpenAI-compatible provider', () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let agent: AgentService;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    agent = new AgentService(new OpenAiCompatibleProvider({ baseUrl: fake.url, apiKey: 'local-key' }, 'qwen-coder'), { ...DEFAULT_AGENT_SETTINGS, retryBaseDelayMs: 5 }, prompts);
  });
  afterAll(async () => {
    await fake.close();
  });

  async function run(): Promise<AgentEvent[]> {
    const events: AgentEvent[] = [];
    for await (const e of agent.generate({ prompt: 'a clock', projectName: 'clock' }, new AbortController().signal)) events.push(e);
    return events;
  }

  it('streams chat completions, continues after finish_reason length, and counts tokens', async () => {
    fake.replies.push(
      { status: 503, body: '{"error":"loading model"}' },
      { chunks: ['<<<FILE src/Clock.tsx>>>\nexport const Clo', 'ck = () => null'], finish: 'length' },
      { chunks: ['<<<FILE src/Clock.tsx>>>\n;\n<<<END FILE>>>\n'], finish: 'stop' },
    );
    const events = await run();
    const responses: string[] = [''];
    for (const e of events) {
      if (e.type === 'response_start') responses.push('');
      if (e.type === 'text') responses[responses.length - 1] += e.text;
    }
    expect(parseTranscript(responses).files.get('src/Clock.tsx')?.content).toBe('export const Clock = () => null;\n');
    expect(events.filter((e) => e.type === 'retry')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'usage').at(-1)).toMatchObject({ type: 'usage', inputTokens: 24, outputTokens: 68 });
    expect(fake.requests[1]).toMatchObject({ url: '/v1/chat/completions', auth: 'Bearer local-key', body: { model: 'qwen-coder', stream: true } });
    expect((fake.requests[1]!.body.messages as Array<{ role: string }>)[0]).toEqual({ role: 'system', content: 'You write React projects.' });
  });

  it('ends with the server message on an error that is not worth retrying', async () => {
    fake.replies.push({ status: 400, body: '{"error":{"message":"model not found"}}' });
    await expect(run()).rejects.toThrow('OpenAI-compatible server answered 400: {"error":{"message":"model not found"}}');
  });
});
