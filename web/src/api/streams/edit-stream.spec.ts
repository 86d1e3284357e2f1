import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { EditStreamEvent } from '@forge/protocol/streams';
import { ApiError } from '../errors';
import { followEdit, streamEdit } from './edit-stream';
import { CONNECTION_LOST_MESSAGE } from './job-stream';
import { jsonAnswer, sseResponse } from './test-streams';

const event = (id: number, data: EditStreamEvent | object) => `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
const done = (id: number) => `id: ${id}\ndata: [DONE]\n\n`;

interface Call {
  url: string;
  method: string;
  body: unknown;
  lastEventId: string | undefined;
}

function mockServer(answers: Array<() => Response>) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      lastEventId: (init?.headers as Record<string, string> | undefined)?.['Last-Event-ID'],
    });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call to ${url}`);
    return next();
  }) as unknown as typeof fetch;
  return calls;
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('streamEdit', () => {
  it('posts the request and hands on the events it knows, ending with complete', async () => {
    const calls = mockServer([
      () =>
        sseResponse([
          event(1, { type: 'started', jobId: 'job-1' }),
          event(2, { type: 'log', message: '✏️ Editing src/App.tsx' }),
          event(3, { type: 'usage', inputTokens: 1 }),
          event(4, { type: 'file_changed', path: 'src/App.tsx', change: 'modified' }),
          event(5, { type: 'preview', previewUrl: 'http://p.preview.localhost:3000/' }),
          event(6, { type: 'complete', message: '✅ Changes applied' }) + done(7),
        ]),
    ]);
    const events: EditStreamEvent[] = [];
    const outcome = await streamEdit('shop', { modificationRequest: 'Make it teal' }, { onEvent: (e) => events.push(e) });
    expect(outcome).toEqual({ status: 'completed', message: '✅ Changes applied' });
    expect(events.map((e) => e.type)).toEqual(['started', 'log', 'file_changed', 'preview', 'complete']);
    expect(calls).toEqual([{ url: '/api/projects/shop/edit', method: 'POST', body: { modificationRequest: 'Make it teal' }, lastEventId: undefined }]);
  });

  it('follows the job again from the last event when the connection drops', async () => {
    const calls = mockServer([
      () => sseResponse([event(1, { type: 'started', jobId: 'job-1' }), event(2, { type: 'log', message: 'one' })]),
      () => sseResponse([event(3, { type: 'log', message: 'two' }), event(4, { type: 'error', message: 'Nothing was changed' }), done(5)]),
    ]);
    const events: EditStreamEvent[] = [];
    const reconnects: string[] = [];
    const outcome = await streamEdit('shop', { modificationRequest: 'x' }, { onEvent: (e) => events.push(e), onReconnecting: (a, m) => reconnects.push(`${a}/${m}`) }, { retryDelayMs: 1 });
    expect(outcome).toEqual({ status: 'failed', error: 'Nothing was changed' });
    expect(events.map((e) => (e.type === 'log' ? e.message : e.type))).toEqual(['started', 'one', 'two', 'error']);
    expect(calls[1]).toMatchObject({ url: '/api/jobs/job-1/stream', method: 'GET', lastEventId: '2' });
    expect(reconnects).toEqual(['1/3']);
  });

  it('reconnects as soon as a stopping server said, without counting a retry', async () => {
    const calls = mockServer([
      () => sseResponse([event(1, { type: 'started', jobId: 'job-1' }), 'retry: 5\n\n']),
      () => sseResponse([event(2, { type: 'log', message: 'one' }), 'retry: 5\n\n']),
      () => sseResponse([event(3, { type: 'complete', message: 'Done' }), done(4)]),
    ]);
    const reconnects: string[] = [];
    // A counted retry would wait a minute and fail the test by its timeout.
    const outcome = await streamEdit('shop', { modificationRequest: 'x' }, { onEvent: () => {}, onReconnecting: (a, m) => reconnects.push(`${a}/${m}`) }, { retryDelayMs: 60_000 });
    expect(outcome).toEqual({ status: 'completed', message: 'Done' });
    expect(calls.map((c) => c.lastEventId)).toEqual([undefined, '1', '2']);
    expect(reconnects).toEqual([]);
  });

  it("throws the server's refusal, a running edit of the project included", async () => {
    mockServer([
      () =>
        ({ ...jsonAnswer({ error: 'An edit of "shop" is running (job j). Wait for it to finish, or follow it in the workspace.', code: 'project.busy' }, 409), statusText: 'Conflict' }) as Response,
    ]);
    const run = streamEdit('shop', { modificationRequest: 'x' }, { onEvent: () => {} });
    await expect(run).rejects.toBeInstanceOf(ApiError);
    await expect(run).rejects.toMatchObject({ status: 409, serverMessage: expect.stringContaining('An edit of "shop" is running') });
  });

  it('gives up after three reconnects that bring nothing', async () => {
    mockServer([() => sseResponse([event(1, { type: 'started', jobId: 'job-1' })]), () => sseResponse([]), () => sseResponse([]), () => sseResponse([])]);
    const outcome = await streamEdit('shop', { modificationRequest: 'x' }, { onEvent: () => {} }, { retryDelayMs: 1 });
    expect(outcome).toEqual({ status: 'failed', error: CONNECTION_LOST_MESSAGE });
  });
});

describe('followEdit', () => {
  it('reads a running edit from its first event', async () => {
    const calls = mockServer([() => sseResponse([event(1, { type: 'started', jobId: 'job-9' }), event(2, { type: 'complete', message: null }), done(3)])]);
    expect(await followEdit('job-9', { onEvent: () => {} })).toEqual({ status: 'completed', message: null });
    expect(calls).toEqual([{ url: '/api/jobs/job-9/stream', method: 'GET', body: undefined, lastEventId: undefined }]);
  });
});
