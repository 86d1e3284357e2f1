import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { RunEvent } from '@forge/protocol/runs';
import { CONNECTION_LOST_MESSAGE, type RunOutcome, followRun } from './run-stream';
import { jobRun } from './runs';
import { jsonAnswer, runEvents, runFrame, sseResponse } from './test-streams';

interface Call {
  url: string;
  method: string;
  lastEventId: string | undefined;
  runEvents: string | undefined;
}

const started = (runId = 'run-1'): RunEvent => ({ type: 'started', runId, kind: 'generation', projectName: 'shop' });
const log = (message: string): RunEvent => ({ type: 'log', level: 'info', message });
const running = () => jsonAnswer({ id: 'run-1', kind: 'generation', state: 'running', projectName: 'shop', error: null });
const ended =
  (state: 'completed' | 'failed', error: string | null = null) =>
  () =>
    jsonAnswer({ id: 'run-1', kind: 'generation', state, projectName: 'shop', error });

/** Answers stream requests from `streams` and summary requests (`GET /api/runs/{id}`) from `summaries`, in turn, recording the calls. */
function mockServer(streams: Array<() => Response | Promise<Response>>, summaries: Array<() => Response> = []) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ url, method: init?.method ?? 'GET', lastEventId: headers['Last-Event-ID'], runEvents: headers['Forge-Events'] });
    const next = /^\/api\/runs\/[^/]+$/.test(url) ? summaries.shift() : streams.shift();
    if (!next) throw new Error(`unexpected call to ${url}`);
    return next();
  }) as unknown as typeof fetch;
  return calls;
}

function follow(jobId = 'job-1', retryDelayMs = 1) {
  const events: RunEvent[] = [];
  const reconnects: string[] = [];
  const outcome = followRun(jobRun(jobId), { onEvent: (e) => events.push(e), onReconnecting: (attempt, max) => reconnects.push(`${attempt}/${max}`) }, { retryDelayMs });
  return { outcome, events, reconnects };
}

const lost = (error: string): RunOutcome => ({ status: 'lost', error });

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  jest.useRealTimers();
});

describe('followRun', () => {
  it('asks the spec endpoint for run events and hands on those it knows, in order, until the end', async () => {
    const calls = mockServer([
      () =>
        sseResponse([
          runFrame(1, started()),
          runFrame(2, { type: 'text', text: 'Planning' }),
          runFrame(3, { type: 'telemetry', value: 3 }),
          runFrame(4, { type: 'log', message: 'no level' }),
          runFrame(5, { type: 'log', level: 'success', message: '✅ Saved' }),
          runFrame(6, { type: 'result', success: true, filesSaved: 2 }),
          runFrame(7, { type: 'end' }),
          runFrame(8, log('after the end')),
        ]),
    ]);
    const run = follow('job-1');
    expect(await run.outcome).toEqual({ status: 'ended', state: 'completed', result: { type: 'result', success: true, filesSaved: 2 }, error: null });
    expect(run.events).toEqual([
      started(),
      { type: 'text', text: 'Planning' },
      { type: 'log', level: 'info', message: 'no level' },
      { type: 'log', level: 'success', message: '✅ Saved' },
      { type: 'result', success: true, filesSaved: 2 },
      { type: 'end' },
    ]);
    expect(calls).toEqual([{ url: '/api/jobs/job-1/stream', method: 'GET', lastEventId: undefined, runEvents: 'run' }]);
  });

  it('ends failed with the run error, or with a failed result', async () => {
    mockServer([() => runEvents([started(), { type: 'error', message: 'Anthropic: Overloaded', details: '529' }])]);
    expect(await follow().outcome).toEqual({ status: 'ended', state: 'failed', result: null, error: { message: 'Anthropic: Overloaded', details: '529' } });

    mockServer([() => runEvents([started(), { type: 'result', success: false, previewUrl: null, failedAt: 'build' }])]);
    expect(await follow().outcome).toMatchObject({ status: 'ended', state: 'failed', error: null });
  });

  it('takes a stream that closes after the result as ended', async () => {
    const calls = mockServer([() => runEvents([started(), { type: 'result', success: true, filesSaved: 1 }], { end: false })]);
    expect(await follow().outcome).toMatchObject({ status: 'ended', state: 'completed' });
    expect(calls).toHaveLength(1);
  });

  it('reconnects through the run stream from the last event id after a summary says it runs', async () => {
    const calls = mockServer([() => runEvents([started(), log('a'), log('b')], { end: false }), () => runEvents([{ type: 'result', success: true }], { firstId: 4 })], [running]);
    const run = follow('job-3');
    expect(await run.outcome).toMatchObject({ status: 'ended', state: 'completed' });
    expect(calls.map((c) => [c.url, c.lastEventId])).toEqual([
      ['/api/jobs/job-3/stream', undefined],
      ['/api/runs/run-1', undefined],
      ['/api/runs/run-1/stream', '3'],
    ]);
    expect(run.reconnects).toEqual(['1/3']);
    expect(run.events.map((e) => (e.type === 'log' ? e.message : e.type))).toEqual(['started', 'a', 'b', 'result', 'end']);
  });

  it('reconnects after the delay a stopping server gave, without a summary check or a counted retry', async () => {
    const hangUp = (id: number) => () => sseResponse([runFrame(id, id === 1 ? started() : log(`${id}`)), 'retry: 5\n\n']);
    const calls = mockServer([hangUp(1), hangUp(2), hangUp(3), hangUp(4), () => runEvents([{ type: 'result', success: true }], { firstId: 5 })]);
    // A counted retry would wait a minute and fail the test by its timeout.
    const run = follow('job-10', 60_000);
    expect(await run.outcome).toMatchObject({ status: 'ended', state: 'completed' });
    expect(calls.map((c) => [c.url, c.lastEventId])).toEqual([
      ['/api/jobs/job-10/stream', undefined],
      ['/api/runs/run-1/stream', '1'],
      ['/api/runs/run-1/stream', '2'],
      ['/api/runs/run-1/stream', '3'],
      ['/api/runs/run-1/stream', '4'],
    ]);
    expect(run.reconnects).toEqual([]);
  });

  it('counts hints again after five in a row that brought nothing', async () => {
    const emptyHangUp = () => sseResponse(['retry: 1\n\n']);
    const calls = mockServer(
      [() => sseResponse([runFrame(1, started()), 'retry: 1\n\n']), emptyHangUp, emptyHangUp, emptyHangUp, emptyHangUp, emptyHangUp, () => runEvents([], { firstId: 2 })],
      [running],
    );
    const run = follow();
    expect(await run.outcome).toMatchObject({ status: 'ended', state: 'completed' });
    expect(calls.filter((c) => c.url === '/api/runs/run-1')).toHaveLength(1);
    expect(run.reconnects).toEqual(['1/3']);
  });

  it('gives up after 3 reconnects with "Connection lost and max retries exceeded"', async () => {
    const early = () => runEvents([log('x')], { end: false });
    const calls = mockServer([() => runEvents([started()], { end: false }), early, early, early], [running, running, running, running]);
    const run = follow('job-4');
    expect(await run.outcome).toEqual(lost(CONNECTION_LOST_MESSAGE));
    expect(calls.filter((c) => c.url.endsWith('/stream'))).toHaveLength(4);
    expect(run.reconnects).toEqual(['1/3', '2/3', '3/3']);
  });

  it('reads a run that ended meanwhile once more, without counting a retry', async () => {
    const calls = mockServer([() => runEvents([started()], { end: false }), () => runEvents([{ type: 'result', success: true }], { firstId: 2 })], [ended('completed')]);
    const run = follow('job-5');
    expect(await run.outcome).toMatchObject({ status: 'ended', state: 'completed' });
    expect(calls.map((c) => c.lastEventId)).toEqual([undefined, undefined, '1']);
    expect(run.reconnects).toEqual([]);
  });

  it('takes the final state from the summary when an ended run has nothing more to send, without looping', async () => {
    const empty = () => sseResponse([]);
    const failed = ended('failed', 'The server stopped while this job was running.');
    const calls = mockServer([() => runEvents([started()], { firstId: 7, end: false }), empty, empty, empty], [failed, failed, failed]);
    const run = follow('job-9');
    expect(await run.outcome).toEqual({ status: 'ended', state: 'failed', result: null, error: { message: 'The server stopped while this job was running.' } });
    // The first read, then two that brought nothing: no more requests.
    expect(calls.filter((c) => c.url.endsWith('/stream')).map((c) => c.lastEventId)).toEqual([undefined, '7', '7']);
  });

  it('does not reconnect to a run the server does not know', async () => {
    mockServer([() => runEvents([started()], { end: false })], [() => jsonAnswer({ error: 'Run not found' }, 404)]);
    const run = follow('job-6');
    expect(await run.outcome).toEqual(lost(CONNECTION_LOST_MESSAGE));
    expect(run.reconnects).toEqual([]);
  });

  it('reads a run that has not named itself yet from where it started, counting each try', async () => {
    const calls = mockServer([() => sseResponse([]), () => runEvents([started(), { type: 'result', success: true }])]);
    const run = follow('job-12');
    expect(await run.outcome).toMatchObject({ status: 'ended', state: 'completed' });
    expect(calls.map((c) => [c.url, c.runEvents])).toEqual([
      ['/api/jobs/job-12/stream', 'run'],
      ['/api/jobs/job-12/stream', 'run'],
    ]);
    expect(run.reconnects).toEqual(['1/3']);
  });

  it('retries network errors 3 times, then reports the lost connection', async () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    const calls = mockServer([offline, offline, offline, offline]);
    const run = follow('job-7');
    expect(await run.outcome).toEqual(lost(CONNECTION_LOST_MESSAGE));
    expect(calls).toHaveLength(4);
    expect(run.reconnects).toEqual(['1/3', '2/3', '3/3']);
  });

  it('recovers when the network comes back within the retries, also mid-stream', async () => {
    mockServer([() => Promise.reject(new TypeError('Failed to fetch')), () => runEvents([started(), { type: 'result', success: true }])]);
    expect(await follow('job-8').outcome).toMatchObject({ status: 'ended', state: 'completed' });

    const reset = { ok: true, status: 200, body: { getReader: () => ({ read: async () => Promise.reject(new TypeError('network error')), releaseLock: () => {} }) } } as unknown as Response;
    const calls = mockServer([() => runEvents([started()], { end: false }), () => reset, () => runEvents([{ type: 'result', success: true }], { firstId: 2 })], [running]);
    const run = follow('job-8');
    expect(await run.outcome).toMatchObject({ status: 'ended', state: 'completed' });
    expect(calls.filter((c) => c.url.endsWith('/stream')).map((c) => c.lastEventId)).toEqual([undefined, '1', '1']);
    expect(run.reconnects).toEqual(['1/3', '2/3']);
  });

  it('words refusals and unreadable answers as the user sees them', async () => {
    mockServer([() => jsonAnswer({ error: 'Job not found' }, 404)]);
    expect(await follow().outcome).toEqual(lost('HTTP error! status: 404'));

    mockServer([() => jsonAnswer({})]);
    expect(await follow().outcome).toEqual(lost('Response body is not readable'));

    mockServer([() => runEvents([started()], { end: false })], [() => jsonAnswer({ error: 'boom' }, 500)]);
    expect(await follow().outcome).toEqual(lost('Failed to fetch job status'));

    mockServer([() => runEvents([started()], { end: false }), () => jsonAnswer({ error: 'gone' }, 410)], [running]);
    expect(await follow().outcome).toEqual(lost('HTTP error! status: 410'));
  });

  it('waits 2 s between reconnects by default', async () => {
    jest.useFakeTimers();
    const calls = mockServer([() => runEvents([started()], { end: false }), () => runEvents([{ type: 'result', success: true }], { firstId: 2 })], [running]);
    const outcome = followRun(jobRun('job-10'), { onEvent: () => {} });
    await jest.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ status: 'ended', state: 'completed' });
    expect(calls).toHaveLength(3);
  });

  it('answers Stopped when the caller aborts', async () => {
    const controller = new AbortController();
    globalThis.fetch = jest.fn(
      (_url: string, init?: RequestInit) => new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    ) as unknown as typeof fetch;
    const outcome = followRun(jobRun('job-11'), { onEvent: () => {} }, { signal: controller.signal });
    controller.abort();
    expect(await outcome).toEqual(lost('Stopped'));
  });
});
