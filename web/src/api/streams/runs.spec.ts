import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { RunEvent, RunResult } from '@forge/protocol/runs';
import { ApiError } from '../errors';
import { CONNECTION_LOST_MESSAGE, type RunError, type RunOutcome, type RunStart, RunStartError, followRun } from './run-stream';
import { buildOutcome, buildRun, editOutcome, editRun, fixRun, generationOutcome } from './runs';
import { jsonAnswer, runEvents, sseResponse } from './test-streams';

interface Call {
  url: string;
  method: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
  lastEventId: string | undefined;
  runEvents: string | undefined;
}

const started = (kind: 'build' | 'fix' | 'edit', runId = 'run-1'): RunEvent => ({ type: 'started', runId, kind, projectName: 'shop' });
const running = () => jsonAnswer({ id: 'run-1', kind: 'edit', state: 'running', projectName: 'shop', error: null });

function mockServer(answers: Array<() => Response | Promise<Response>>) {
  const calls: Call[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      credentials: init?.credentials,
      lastEventId: headers['Last-Event-ID'],
      runEvents: headers['Forge-Events'],
    });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call to ${url}`);
    return next();
  }) as unknown as typeof fetch;
  return calls;
}

async function run(start: RunStart, retryDelayMs = 1) {
  const events: RunEvent[] = [];
  const reconnects: string[] = [];
  const outcome = await followRun(start, { onEvent: (e) => events.push(e), onReconnecting: (a, m) => reconnects.push(`${a}/${m}`) }, { retryDelayMs });
  return { outcome, events, reconnects };
}

async function failure(start: RunStart): Promise<Error> {
  try {
    await run(start);
  } catch (err) {
    return err as Error;
  }
  throw new Error('the start did not fail');
}

/** An outcome as followRun answers it for a run that ended with this result and error event. */
function endedWith(result: RunResult | null, error: RunError | null = null): Extract<RunOutcome, { status: 'ended' }> {
  return { status: 'ended', state: error || result?.success === false ? 'failed' : 'completed', result, error };
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('buildRun', () => {
  it('posts to the project build, asking for run events, and follows them to the result', async () => {
    const calls = mockServer([
      () => runEvents([started('build'), { type: 'log', level: 'info', message: 'Installing' }, { type: 'result', success: true, previewUrl: 'http://p1.preview.localhost/' }]),
    ]);
    const { outcome, events } = await run(buildRun('my shop'));
    expect(calls).toEqual([{ url: '/api/projects/my%20shop/build', method: 'POST', body: undefined, credentials: 'include', lastEventId: undefined, runEvents: 'run' }]);
    expect(outcome.status === 'ended' && buildOutcome(outcome)).toEqual({ status: 'live', previewUrl: 'http://p1.preview.localhost/' });
    expect(events.map((e) => e.type)).toEqual(['started', 'log', 'result', 'end']);
  });

  it('throws the messages the terminal shows when the build cannot start, and network errors as they are', async () => {
    mockServer([() => jsonAnswer({ error: 'Project not found' }, 404)]);
    expect(await failure(buildRun('shop'))).toEqual(expect.objectContaining({ constructor: RunStartError, message: 'Build request failed with status 404' }));

    mockServer([() => jsonAnswer({})]);
    expect(await failure(buildRun('shop'))).toEqual(expect.objectContaining({ constructor: RunStartError, message: 'Build response not readable' }));

    mockServer([() => Promise.reject(new TypeError('Failed to fetch'))]);
    expect(await failure(buildRun('shop'))).toEqual(expect.objectContaining({ constructor: TypeError, message: 'Failed to fetch' }));
  });

  it('says the stream could not be read when it broke before the build named itself', async () => {
    const broken = { ok: true, status: 200, body: { getReader: () => ({ read: async () => Promise.reject(new Error('reset')), releaseLock: () => {} }) } };
    mockServer([() => broken as unknown as Response]);
    expect((await run(buildRun('shop'))).outcome).toEqual({ status: 'lost', error: 'Failed to read build stream' });
  });

  it('follows a build again after a dropped connection', async () => {
    const calls = mockServer([
      () => runEvents([started('build'), { type: 'log', level: 'info', message: 'Installing' }], { end: false }),
      running,
      () => runEvents([{ type: 'result', success: true, previewUrl: 'http://p/' }], { firstId: 3 }),
    ]);
    const { outcome, reconnects } = await run(buildRun('shop'));
    expect(outcome).toMatchObject({ status: 'ended', state: 'completed' });
    expect(calls.map((c) => [c.method, c.url, c.lastEventId])).toEqual([
      ['POST', '/api/projects/shop/build', undefined],
      ['GET', '/api/runs/run-1', undefined],
      ['GET', '/api/runs/run-1/stream', '2'],
    ]);
    expect(reconnects).toEqual(['1/3']);
  });
});

describe('fixRun', () => {
  const error = { message: 'x is not defined', file: 'src/App.tsx', line: 3, stack: null };

  it('posts the error met in the preview and follows the fix', async () => {
    const calls = mockServer([() => runEvents([started('fix'), { type: 'result', success: true, previewUrl: 'http://p/' }])]);
    expect((await run(fixRun('shop', error))).outcome).toMatchObject({ status: 'ended', state: 'completed' });
    expect(calls[0]).toMatchObject({ url: '/api/projects/shop/fix', method: 'POST', body: { error }, runEvents: 'run' });
  });

  it("throws a refusal in the server's words, or says the fix could not start", async () => {
    mockServer([() => jsonAnswer({ error: 'Your credits are used up.', code: 'credits.exhausted' }, 402)]);
    expect(await failure(fixRun('shop', error))).toEqual(expect.objectContaining({ constructor: RunStartError, message: 'Your credits are used up.' }));

    mockServer([() => ({ ok: false, status: 502, statusText: '', text: async () => '', body: null }) as unknown as Response]);
    expect((await failure(fixRun('shop', error))).message).toBe('The fix could not start (status 502)');
  });
});

describe('editRun', () => {
  it('posts the request and follows the edit to what it applied', async () => {
    const calls = mockServer([
      () =>
        runEvents([
          started('edit', 'job-1'),
          { type: 'log', level: 'info', message: '✏️ Editing src/App.tsx', diff: true },
          { type: 'file', path: 'src/App.tsx', change: 'modified' },
          { type: 'preview', previewUrl: 'http://p.preview.localhost:3000/' },
          { type: 'result', success: true, message: '✅ Changes applied' },
        ]),
    ]);
    const { outcome, events } = await run(editRun('shop', { modificationRequest: 'Make it teal' }));
    expect(editOutcome(outcome)).toEqual({ status: 'completed', message: '✅ Changes applied' });
    expect(events.map((e) => e.type)).toEqual(['started', 'log', 'file', 'preview', 'result', 'end']);
    expect(calls).toEqual([{ url: '/api/projects/shop/edit', method: 'POST', body: { modificationRequest: 'Make it teal' }, credentials: 'include', lastEventId: undefined, runEvents: 'run' }]);
  });

  it('follows the edit again from the last event when the connection drops', async () => {
    const calls = mockServer([
      () => runEvents([started('edit', 'job-1'), { type: 'log', level: 'info', message: 'one' }], { end: false }),
      running,
      () =>
        runEvents(
          [
            { type: 'log', level: 'info', message: 'two' },
            { type: 'error', message: 'Nothing was changed' },
          ],
          { firstId: 3 },
        ),
    ]);
    const { outcome, events, reconnects } = await run(editRun('shop', { modificationRequest: 'x' }));
    expect(editOutcome(outcome)).toEqual({ status: 'failed', error: 'Nothing was changed' });
    expect(events.map((e) => (e.type === 'log' ? e.message : e.type))).toEqual(['started', 'one', 'two', 'error', 'end']);
    expect(calls[2]).toMatchObject({ url: '/api/runs/job-1/stream', method: 'GET', lastEventId: '2' });
    expect(reconnects).toEqual(['1/3']);
  });

  it("throws the server's refusal, a running edit of the project included, and a missing body", async () => {
    mockServer([
      () =>
        ({ ...jsonAnswer({ error: 'An edit of "shop" is running (job j). Wait for it to finish, or follow it in the workspace.', code: 'project.busy' }, 409), statusText: 'Conflict' }) as Response,
    ]);
    const refused = await failure(editRun('shop', { modificationRequest: 'x' }));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, serverMessage: expect.stringContaining('An edit of "shop" is running') });

    mockServer([() => jsonAnswer({})]);
    expect((await failure(editRun('shop', { modificationRequest: 'x' }))).message).toBe('No response body');
  });

  it('gives up after three reconnects that bring nothing, and when the first answer broke before the edit named itself', async () => {
    mockServer([() => runEvents([started('edit')], { end: false }), running, () => sseResponse([]), running, () => sseResponse([]), running, () => sseResponse([]), running]);
    expect(editOutcome((await run(editRun('shop', { modificationRequest: 'x' }))).outcome)).toEqual({ status: 'failed', error: CONNECTION_LOST_MESSAGE });

    mockServer([() => sseResponse([])]);
    expect(editOutcome((await run(editRun('shop', { modificationRequest: 'x' }))).outcome)).toEqual({ status: 'failed', error: CONNECTION_LOST_MESSAGE });
  });
});

describe('what an outcome means for each kind', () => {
  it('a generation: its files saved, or its error ("Job error" when it gave none)', () => {
    expect(generationOutcome(endedWith({ success: true, filesSaved: 3 }))).toEqual({ status: 'completed', filesSaved: 3, error: null });
    expect(generationOutcome(endedWith({ success: false, filesSaved: 2 }, { message: 'Anthropic: Overloaded' }))).toEqual({ status: 'failed', filesSaved: 2, error: 'Anthropic: Overloaded' });
    expect(generationOutcome(endedWith(null, { message: '' }))).toEqual({ status: 'failed', filesSaved: 0, error: 'Job error' });
    expect(generationOutcome(endedWith(null))).toEqual({ status: 'completed', filesSaved: 0, error: null });
    expect(generationOutcome({ status: 'lost', error: CONNECTION_LOST_MESSAGE })).toEqual({ status: 'failed', filesSaved: 0, error: CONNECTION_LOST_MESSAGE });
  });

  it('a build: live, failed (keeping a preview that failed in the browser), or without a result', () => {
    expect(buildOutcome(endedWith({ success: true, previewUrl: 'http://p/' }))).toEqual({ status: 'live', previewUrl: 'http://p/' });
    expect(buildOutcome(endedWith({ success: false, previewUrl: null, failedAt: 'build' }))).toEqual({ status: 'failed' });
    expect(buildOutcome(endedWith({ success: false, previewUrl: 'http://p/', failedAt: 'runtime', check: 'failed' }))).toEqual({ status: 'failed', previewUrl: 'http://p/' });
    expect(buildOutcome(endedWith({ success: true, previewUrl: 'http://p/' }, { message: 'Build failed' }))).toEqual({ status: 'failed' });
    expect(buildOutcome(endedWith({ success: true, previewUrl: null }))).toEqual({ status: 'failed' });
    expect(buildOutcome(endedWith(null))).toEqual({ status: 'no-result' });
  });

  it('an edit: what it applied, or why nothing was', () => {
    expect(editOutcome(endedWith({ success: true, message: null }))).toEqual({ status: 'completed', message: null });
    expect(editOutcome(endedWith(null))).toEqual({ status: 'failed', error: 'Edit failed' });
    expect(editOutcome(endedWith({ success: false }, { message: 'Nothing was changed' }))).toEqual({ status: 'failed', error: 'Nothing was changed' });
  });
});
