import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { JobStreamEvent } from '@forge/protocol/streams';
import { followJobStream } from './job-stream';
import { jsonAnswer, sseResponse } from './test-streams';

const event = (id: number, data: object) => `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
const done = (id: number) => `id: ${id}\ndata: [DONE]\n\n`;
const completed = (id: number, filesSaved = 1) => event(id, { type: 'status', status: 'completed', filesSaved });

interface Call {
  url: string;
  lastEventId: string | undefined;
}

/** Answers stream requests from `streams` and status checks from `statuses`, in turn, recording the calls. */
function mockServer(streams: Array<() => Response | Promise<Response>>, statuses: Array<() => Response> = []) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, lastEventId: (init?.headers as Record<string, string> | undefined)?.['Last-Event-ID'] });
    const next = url.endsWith('/status') ? statuses.shift() : streams.shift();
    if (!next) throw new Error(`unexpected call to ${url}`);
    return next();
  }) as unknown as typeof fetch;
  return calls;
}

function follow(jobId: string, retryDelayMs = 1) {
  const events: JobStreamEvent[] = [];
  const reconnects: string[] = [];
  let streamEnds = 0;
  const outcome = followJobStream(jobId, { onEvent: (e) => events.push(e), onReconnecting: (attempt, max) => reconnects.push(`${attempt}/${max}`), onStreamEnd: () => streamEnds++ }, { retryDelayMs });
  return { outcome, events, reconnects, streamEnds: () => streamEnds };
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  jest.useRealTimers();
});

describe('followJobStream', () => {
  it('hands on the events it knows, in order, and ends with the job status', async () => {
    mockServer([
      () =>
        sseResponse([
          event(1, { type: 'log', level: 'info', message: 'Planning' }),
          event(2, { type: 'telemetry', value: 3 }),
          event(3, { type: 'file_saved', path: 'a.ts' }),
          completed(4, 2) + done(5),
        ]),
    ]);
    const run = follow('job-1');
    expect(await run.outcome).toEqual({ status: 'completed', filesSaved: 2, error: null });
    expect(run.events.map((e) => e.type)).toEqual(['log', 'file_saved', 'status']);
    expect(run.streamEnds()).toBe(1);
  });

  it('reports the job error event as the outcome error', async () => {
    mockServer([() => sseResponse([event(1, { type: 'error', message: 'Anthropic: Overloaded' }), done(2)])]);
    expect(await follow('job-2').outcome).toEqual({ status: 'failed', filesSaved: 0, error: 'Anthropic: Overloaded' });
  });

  it('reconnects from the last event id after a status check while the job runs', async () => {
    const calls = mockServer(
      [() => sseResponse([event(1, { type: 'log', message: 'a' }), event(2, { type: 'log', message: 'b' })]), () => sseResponse([completed(3), done(4)])],
      [() => jsonAnswer({ status: 'running' })],
    );
    const run = follow('job-3');
    expect((await run.outcome).status).toBe('completed');
    expect(calls.map((c) => [c.url, c.lastEventId])).toEqual([
      ['/api/jobs/job-3/stream', undefined],
      ['/api/jobs/job-3/status', undefined],
      ['/api/jobs/job-3/stream', '2'],
    ]);
    expect(run.reconnects).toEqual(['1/3']);
  });

  it('reconnects after the delay a stopping server gave, without a status check or a counted retry', async () => {
    const hangUp = (id: number) => () => sseResponse([event(id, { type: 'log', message: `${id}` }), 'retry: 5\n\n']);
    const calls = mockServer([hangUp(1), hangUp(2), hangUp(3), hangUp(4), () => sseResponse([completed(5), done(6)])]);
    const run = follow('job-10', 60_000);
    expect((await run.outcome).status).toBe('completed');
    expect(calls.map((c) => [c.url, c.lastEventId])).toEqual([
      ['/api/jobs/job-10/stream', undefined],
      ['/api/jobs/job-10/stream', '1'],
      ['/api/jobs/job-10/stream', '2'],
      ['/api/jobs/job-10/stream', '3'],
      ['/api/jobs/job-10/stream', '4'],
    ]);
    expect(run.reconnects).toEqual([]);
  });

  it('gives up after 3 reconnects with "Connection lost and max retries exceeded"', async () => {
    const early = () => sseResponse([event(1, { type: 'log', message: 'x' })]);
    const running = () => jsonAnswer({ status: 'running' });
    const calls = mockServer([early, early, early, early], [running, running, running, running]);
    const run = follow('job-4');
    expect(await run.outcome).toEqual({ status: 'failed', filesSaved: 0, error: 'Connection lost and max retries exceeded' });
    expect(calls.filter((c) => c.url.endsWith('/stream'))).toHaveLength(4);
    expect(run.reconnects).toEqual(['1/3', '2/3', '3/3']);
    expect(run.streamEnds()).toBe(0);
  });

  it('reads a job that ended meanwhile once more, without counting a retry', async () => {
    const calls = mockServer([() => sseResponse([event(1, { type: 'log', message: 'x' })]), () => sseResponse([completed(2), done(3)])], [() => jsonAnswer({ status: 'completed' })]);
    const run = follow('job-5');
    expect((await run.outcome).status).toBe('completed');
    expect(calls.map((c) => c.lastEventId)).toEqual([undefined, undefined, '1']);
    expect(run.reconnects).toEqual([]);
  });

  it('takes the final state from the status when an ended job has nothing more to send, without looping', async () => {
    const empty = () => sseResponse([]);
    const failed = () => jsonAnswer({ status: 'failed', error: 'The server stopped while this job was running.' });
    const calls = mockServer([() => sseResponse([event(7, { type: 'log', message: 'x' })]), empty, empty, empty], [failed, failed, failed]);
    const run = follow('job-9');
    expect(await run.outcome).toEqual({ status: 'failed', filesSaved: 0, error: 'The server stopped while this job was running.' });
    // The first read, then two that brought nothing: no more requests.
    expect(calls.filter((c) => !c.url.endsWith('/status')).map((c) => c.lastEventId)).toEqual([undefined, '7', '7']);
    expect(run.streamEnds()).toBe(1);
  });

  it('does not reconnect to a job the server does not know', async () => {
    mockServer([() => sseResponse([event(1, { type: 'log', message: 'x' })])], [() => jsonAnswer({ status: 'unknown' })]);
    const run = follow('job-6');
    expect(await run.outcome).toEqual({ status: 'failed', filesSaved: 0, error: 'Connection lost and max retries exceeded' });
    expect(run.reconnects).toEqual([]);
  });

  it('retries network errors 3 times, then reports the lost connection', async () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    const calls = mockServer([offline, offline, offline, offline]);
    const run = follow('job-7');
    expect(await run.outcome).toEqual({ status: 'failed', filesSaved: 0, error: 'Connection lost and max retries exceeded' });
    expect(calls).toHaveLength(4);
    expect(run.reconnects).toEqual(['1/3', '2/3', '3/3']);
  });

  it('recovers when the network comes back within the retries', async () => {
    mockServer([() => Promise.reject(new TypeError('Failed to fetch')), () => sseResponse([completed(1), done(2)])]);
    expect((await follow('job-8').outcome).status).toBe('completed');
  });

  it('words refusals and unreadable answers as the user sees them', async () => {
    mockServer([() => jsonAnswer({ error: 'Job not found' }, 404)]);
    expect((await follow('job-9').outcome).error).toBe('HTTP error! status: 404');

    mockServer([() => jsonAnswer({})]);
    expect((await follow('job-9').outcome).error).toBe('Response body is not readable');

    mockServer([() => sseResponse([event(1, { type: 'log', message: 'x' })])], [() => jsonAnswer({ error: 'boom' }, 500)]);
    expect((await follow('job-9').outcome).error).toBe('Failed to fetch job status');
  });

  it('waits 2 s between reconnects by default', async () => {
    jest.useFakeTimers();
    const calls = mockServer([() => sseResponse([event(1, { type: 'log', message: 'x' })]), () => sseResponse([completed(2), done(3)])], [() => jsonAnswer({ status: 'running' })]);
    const events: JobStreamEvent[] = [];
    const outcome = followJobStream('job-10', { onEvent: (e) => events.push(e) });
    await jest.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect((await outcome).status).toBe('completed');
    expect(calls).toHaveLength(3);
  });

  it('answers Stopped when the caller aborts', async () => {
    const controller = new AbortController();
    globalThis.fetch = jest.fn(
      (_url: string, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    ) as unknown as typeof fetch;
    const outcome = followJobStream('job-11', { onEvent: () => {} }, { signal: controller.signal });
    controller.abort();
    expect(await outcome).toEqual({ status: 'failed', filesSaved: 0, error: 'Stopped' });
  });
});
