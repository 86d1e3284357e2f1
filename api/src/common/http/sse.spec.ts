import { EventEmitter } from 'node:events';
import { type Server, type ServerResponse, createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Request, Response } from 'express';
import { SSE_HEARTBEAT_MS, SSE_RECONNECT_HINT_MS } from '@forge/protocol/streams';
import { notFound } from '../errors/domain-error.js';
import { Channel } from '../streams/channel.js';
import { type SseChunk, type SseSource, hangUpStreams, lastEventId, sseDone, sseEvent, writeSse } from './sse.js';

/** The part of Express's request and response the writer uses, recording what it wrote. */
function fakeHttp(headers: Record<string, string> = {}, query: Record<string, string> = {}) {
  const req = Object.assign(new EventEmitter(), { get: (name: string) => headers[name.toLowerCase()], query });
  const writes: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    statusCode: 0,
    headers: {} as Record<string, string>,
    headersSent: false,
    writableEnded: false,
    socket: null,
    /** What the next write answers: false says the socket buffer is full. */
    writeAnswer: true,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    set(values: Record<string, string>) {
      Object.assign(res.headers, values);
      return res;
    },
    flushHeaders() {
      res.headersSent = true;
    },
    write(text: string) {
      writes.push(text);
      return res.writeAnswer;
    },
    end(text?: string) {
      if (text) writes.push(text);
      res.writableEnded = true;
    },
  });
  return { req: req as unknown as Request, res, response: res as unknown as Response, writes };
}

async function* sourceOf(...chunks: SseChunk[]): SseSource {
  yield* chunks;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('writeSse', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('answers 200 as an event stream and frames events with and without ids', async () => {
    const { req, res, response, writes } = fakeHttp();
    await writeSse(req, response, sourceOf(sseEvent({ type: 'log', data: 'one' }), sseEvent({ type: 'status' }, 7)));
    expect(res.statusCode).toBe(200);
    expect(res.headers['Content-Type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['Cache-Control']).toBe('no-store');
    expect(writes).toEqual(['data: {"type":"log","data":"one"}\n\n', 'id: 7\ndata: {"type":"status"}\n\n']);
    expect(res.writableEnded).toBe(true);
  });

  it('writes a batch of events in one write', async () => {
    const { req, response, writes } = fakeHttp();
    await writeSse(req, response, sourceOf([sseEvent({ n: 1 }, 1), sseEvent({ n: 2 }, 2), sseDone(3)]));
    expect(writes).toEqual(['id: 1\ndata: {"n":1}\n\nid: 2\ndata: {"n":2}\n\nid: 3\ndata: [DONE]\n\n']);
  });

  it('ends with [DONE] as plain data, with or without an id', async () => {
    const { req, response, writes } = fakeHttp();
    await writeSse(req, response, sourceOf(sseDone(), sseDone(4)));
    expect(writes).toEqual(['data: [DONE]\n\n', 'id: 4\ndata: [DONE]\n\n']);
  });

  it('sends keep-alive comments while the source is quiet, and none once it ended', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { req, res, response, writes } = fakeHttp();
    const source = new Channel<SseChunk>();
    const writing = writeSse(req, response, source);
    await settle();
    jest.advanceTimersByTime(SSE_HEARTBEAT_MS - 1);
    expect(writes).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(writes).toEqual([': keep-alive\n\n']);
    source.push(sseEvent({ n: 1 }));
    await settle();
    jest.advanceTimersByTime(SSE_HEARTBEAT_MS);
    expect(writes).toEqual([': keep-alive\n\n', 'data: {"n":1}\n\n', ': keep-alive\n\n']);
    source.end();
    await writing;
    jest.advanceTimersByTime(3 * SSE_HEARTBEAT_MS);
    expect(writes).toHaveLength(3);
    expect(res.writableEnded).toBe(true);
  });

  it('lets a refusal before the first event through as a thrown error, with nothing written', async () => {
    const { req, res, response, writes } = fakeHttp();
    const refused = Promise.reject(notFound('Job not found'));
    await expect(writeSse(req, response, refused)).rejects.toMatchObject({ message: 'Job not found' });
    // Nothing sent yet: the exception filter still answers with a JSON error and its status.
    expect(res.headersSent).toBe(false);
    expect(res.statusCode).toBe(0);
    expect(writes).toEqual([]);
  });

  it('stops the source when the client goes away', async () => {
    const { req, res, response, writes } = fakeHttp();
    const onStop = jest.fn();
    const source = new Channel<SseChunk>(onStop);
    const writing = writeSse(req, response, source);
    source.push(sseEvent({ n: 1 }));
    await settle();
    req.emit('close');
    await writing;
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(writes).toEqual(['data: {"n":1}\n\n']);
    expect(res.writableEnded).toBe(true);
  });

  it('hangs up open streams with a reconnect hint and no [DONE], and stops their sources', async () => {
    const first = fakeHttp();
    const second = fakeHttp();
    const onStop = jest.fn();
    const writing = [writeSse(first.req, first.response, new Channel<SseChunk>(onStop)), writeSse(second.req, second.response, new Channel<SseChunk>(onStop))];
    await settle();
    expect(hangUpStreams()).toBe(2);
    await Promise.all(writing);
    for (const { writes, res } of [first, second]) {
      expect(writes).toEqual([`retry: ${SSE_RECONNECT_HINT_MS}\n\n`]);
      expect(res.writableEnded).toBe(true);
    }
    expect(onStop).toHaveBeenCalledTimes(2);
    // Ended streams are no longer open.
    expect(hangUpStreams()).toBe(0);
  });

  it('waits for a full socket buffer to drain before writing on', async () => {
    const { req, res, response, writes } = fakeHttp();
    const source = new Channel<SseChunk>();
    const writing = writeSse(req, response, source);
    res.writeAnswer = false;
    source.push(sseEvent({ n: 1 }));
    source.push(sseEvent({ n: 2 }));
    source.end();
    await settle();
    expect(writes).toEqual(['data: {"n":1}\n\n']);
    res.writeAnswer = true;
    res.emit('drain');
    await writing;
    expect(writes).toEqual(['data: {"n":1}\n\n', 'data: {"n":2}\n\n']);
  });

  describe('over a real connection', () => {
    let server: Server | null = null;

    afterEach(async () => {
      await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
      server = null;
    });

    it('stops the source when the client disconnects mid-stream', async () => {
      const onStop = jest.fn();
      const source = new Channel<SseChunk>(onStop);
      source.push(sseEvent({ n: 1 }, 1));
      let writing: Promise<void> = Promise.resolve();
      server = createServer((req, res) => {
        writing = writeSse(req as Request, Object.assign(res, expressLike(res)) as unknown as Response, source);
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const { port } = server!.address() as AddressInfo;
      const first = await new Promise<string>((resolve, reject) => {
        const request = get({ host: '127.0.0.1', port, path: '/' }, (response) => {
          response.once('data', (bytes: Buffer) => {
            resolve(bytes.toString('utf8'));
            request.destroy();
          });
        });
        request.on('error', (err) => (err.message.includes('aborted') ? undefined : reject(err)));
      });
      expect(first).toBe('id: 1\ndata: {"n":1}\n\n');
      await writing;
      expect(onStop).toHaveBeenCalledTimes(1);
    });
  });
});

describe('lastEventId', () => {
  it('reads Last-Event-ID, or ?lastEventId= for clients that cannot set headers, and 0 otherwise', () => {
    expect(lastEventId(fakeHttp({ 'last-event-id': '12' }).req)).toBe(12);
    expect(lastEventId(fakeHttp({}, { lastEventId: '5' }).req)).toBe(5);
    expect(lastEventId(fakeHttp({ 'last-event-id': '3' }, { lastEventId: '5' }).req)).toBe(3);
    expect(lastEventId(fakeHttp().req)).toBe(0);
    expect(lastEventId(fakeHttp({ 'last-event-id': 'soon' }).req)).toBe(0);
    expect(lastEventId(fakeHttp({ 'last-event-id': '-4' }).req)).toBe(0);
  });
});

/** The two Express response helpers the writer uses, on a plain Node response. */
function expressLike(res: ServerResponse) {
  return {
    status(code: number) {
      res.statusCode = code;
      return this;
    },
    set(values: Record<string, string>) {
      for (const [name, value] of Object.entries(values)) res.setHeader(name, value);
      return this;
    },
  };
}
