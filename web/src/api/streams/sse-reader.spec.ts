import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ReadableStream } from 'node:stream/web';
import { readSse } from './sse-reader';
import { chunkedBody, everySplit } from './test-streams';

async function readAll(chunks: readonly string[]) {
  const seen: Array<[unknown, string | null]> = [];
  const end = await readSse(chunkedBody(chunks) as unknown as globalThis.ReadableStream<Uint8Array>, (data, id) => seen.push([data, id]));
  return { seen, end };
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('readSse', () => {
  const stream = 'id: 1\ndata: {"type":"log","message":"één"}\n\n: keep-alive\n\nid: 2\r\ndata: {"type":"status"}\r\n\r\ndata: [DONE]\n\n';

  it('reads the same events however the body is cut, CRLF pairs included', async () => {
    for (const chunks of everySplit(stream)) {
      expect(await readAll(chunks)).toEqual({
        seen: [
          [{ type: 'log', message: 'één' }, '1'],
          [{ type: 'status' }, '2'],
        ],
        end: 'done',
      });
    }
  });

  it('cuts multi-byte characters between chunks without garbling them', async () => {
    const bytes = new TextEncoder().encode('data: {"text":"€✅"}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const seen: unknown[] = [];
    await readSse(body as unknown as globalThis.ReadableStream<Uint8Array>, (data) => seen.push(data));
    expect(seen).toEqual([{ text: '€✅' }]);
  });

  it('stops at [DONE], ignoring what follows', async () => {
    expect(await readAll(['data: {"n":1}\n\ndata: [DONE]\n\ndata: {"n":2}\n\n'])).toEqual({ seen: [[{ n: 1 }, null]], end: 'done' });
  });

  it('stops when the handler says the payload was the last', async () => {
    const seen: unknown[] = [];
    const body = chunkedBody(['data: {"n":1}\n\ndata: {"type":"end"}\n\ndata: {"n":2}\n\n']);
    const end = await readSse(body as unknown as globalThis.ReadableStream<Uint8Array>, (data) => {
      seen.push(data);
      return (data as { type?: string }).type === 'end';
    });
    expect(end).toBe('done');
    expect(seen).toEqual([{ n: 1 }, { type: 'end' }]);
  });

  it('answers closed for a body that ends without [DONE], reading a last line without a newline', async () => {
    expect(await readAll(['data: {"n":1}\n\ndata: {"n":2}'])).toEqual({
      seen: [
        [{ n: 1 }, null],
        [{ n: 2 }, null],
      ],
      end: 'closed',
    });
    expect(await readAll(['data: {"n":1}\n\ndata: [DONE]'])).toEqual({ seen: [[{ n: 1 }, null]], end: 'done' });
  });

  it('keeps the last id for later events that carry none', async () => {
    const { seen } = await readAll(['id: 7\ndata: {"n":1}\n\ndata: {"n":2}\n\nid: 8\ndata: {"n":3}\n\n']);
    expect(seen.map(([, id]) => id)).toEqual(['7', '7', '8']);
  });

  it('hands on a retry: hint in milliseconds, ignoring one that is not a number', async () => {
    const hints: number[] = [];
    const body = chunkedBody(['data: {"n":1}\n\nretry: abc\n\nretry: 500\n\n']);
    expect(
      await readSse(
        body as unknown as globalThis.ReadableStream<Uint8Array>,
        () => {},
        (ms) => hints.push(ms),
      ),
    ).toBe('closed');
    expect(hints).toEqual([500]);
  });

  it('skips comments, other fields and empty data lines', async () => {
    const { seen } = await readAll([': hello\nevent: log\nretry: 100\ndata:\ndata:{"n":1}\n\n']);
    expect(seen).toEqual([[{ n: 1 }, null]]);
  });

  it('skips unparseable lines and lines its handler throws on, with a console warning', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const seen: unknown[] = [];
    const body = chunkedBody(['data: not json\n\ndata: {"bad":true}\n\ndata: {"n":1}\n\n']);
    const end = await readSse(body as unknown as globalThis.ReadableStream<Uint8Array>, (data) => {
      if ((data as { bad?: boolean }).bad) throw new TypeError('cannot handle');
      seen.push(data);
    });
    expect(end).toBe('closed');
    expect(seen).toEqual([{ n: 1 }]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith('Ignoring an unparseable stream line:', 'not json');
  });
});
