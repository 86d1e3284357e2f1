import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake answers to one request. */
export type ScriptedReply =
  | { kind: 'error'; status: number; type: string; message: string }
  | { kind: 'stream'; chunks: string[]; stopReason: 'end_turn' | 'max_tokens'; inputTokens?: number; outputTokens?: number; delayMs?: number }
  /** Starts streaming, then drops the connection mid-response. */
  | { kind: 'drop'; chunks: string[] };

export interface FakeAnthropic {
  url: string;
  requests: Array<{ path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }>;
  script(...replies: ScriptedReply[]): void;
  close(): Promise<void>;
}

function sse(res: ServerResponse, type: string, data: object): void {
  res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
}

/** A local server that speaks Anthropic's Messages streaming protocol, driven by a script. */
export async function startFakeAnthropic(): Promise<FakeAnthropic> {
  const queue: ScriptedReply[] = [];
  const requests: FakeAnthropic['requests'] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => void reply(req, res, raw));
  });

  async function reply(req: IncomingMessage, res: ServerResponse, raw: string): Promise<void> {
    requests.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(raw || '{}') as Record<string, unknown> });
    const next = queue.shift() ?? { kind: 'error', status: 500, type: 'api_error', message: 'fake: no scripted reply left' };
    if (next.kind === 'error') {
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', error: { type: next.type, message: next.message } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    sse(res, 'message_start', {
      message: {
        id: 'msg_fake',
        type: 'message',
        role: 'assistant',
        model: 'fake',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: next.kind === 'stream' ? (next.inputTokens ?? 10) : 10, output_tokens: 1 },
      },
    });
    sse(res, 'content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    for (const text of next.chunks) {
      sse(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text } });
      if (next.kind === 'stream' && next.delayMs) await new Promise((r) => setTimeout(r, next.delayMs));
    }
    if (next.kind === 'drop') {
      // Let the text reach the client first, as a real mid-stream failure would.
      await new Promise((r) => setTimeout(r, 100));
      res.socket?.destroy();
      return;
    }
    sse(res, 'content_block_stop', { index: 0 });
    sse(res, 'message_delta', { delta: { stop_reason: next.stopReason, stop_sequence: null }, usage: { output_tokens: next.outputTokens ?? 20 } });
    sse(res, 'message_stop', {});
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...replies) => queue.push(...replies),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
