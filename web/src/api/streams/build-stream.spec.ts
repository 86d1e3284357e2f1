import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { BuildStreamEvent } from '@forge/protocol/streams';
import { BuildStreamError, streamBuild } from './build-stream';
import { jsonAnswer, sseResponse } from './test-streams';

const data = (event: unknown) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`;

function answer(response: Response | (() => Promise<Response>)) {
  const mock = jest.fn(async (_url: string, _init?: RequestInit) => (typeof response === 'function' ? response() : response));
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

async function build(project = 'shop') {
  const events: BuildStreamEvent[] = [];
  const outcome = await streamBuild(project, (event) => events.push(event));
  return { outcome, events };
}

async function buildFailure(): Promise<Error> {
  try {
    await build();
  } catch (err) {
    return err as Error;
  }
  throw new Error('the build did not fail');
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('streamBuild', () => {
  it('posts to the project build and hands on its events until the preview is live', async () => {
    const fetchMock = answer(
      sseResponse([
        data({ type: 'log', data: 'Installing' }),
        data({ type: 'progress', percent: 50 }),
        data({ type: 'result', data: { success: true, previewUrl: 'http://p1.preview.localhost/' } }),
        data({ type: 'done' }) + data('[DONE]'),
      ]),
    );
    const { outcome, events } = await build('my shop');
    expect(fetchMock).toHaveBeenCalledWith('/api/projects/my%20shop/build', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(outcome).toEqual({ status: 'live', previewUrl: 'http://p1.preview.localhost/' });
    expect(events.map((e) => e.type)).toEqual(['log', 'result', 'done']);
  });

  it('reports a failed result, an error event, and a stream without a result', async () => {
    answer(sseResponse([data({ type: 'result', data: { success: false, previewUrl: null } })]));
    expect((await build()).outcome).toEqual({ status: 'failed' });

    answer(sseResponse([data({ type: 'result', data: { success: true, previewUrl: 'http://p/' } }), data({ type: 'error', data: { error: 'Build failed' } })]));
    expect((await build()).outcome).toEqual({ status: 'failed' });

    answer(sseResponse([data({ type: 'log', data: 'Installing' }), data({ type: 'done' })]));
    expect((await build()).outcome).toEqual({ status: 'no-result' });
  });

  it('throws the messages the terminal shows when the build cannot be followed', async () => {
    answer(jsonAnswer({ error: 'Project not found' }, 404));
    expect(await buildFailure()).toEqual(expect.objectContaining({ constructor: BuildStreamError, message: 'Build request failed with status 404' }));

    answer(jsonAnswer({}));
    expect(await buildFailure()).toEqual(expect.objectContaining({ constructor: BuildStreamError, message: 'Build response not readable' }));

    const broken = { ok: true, status: 200, body: { getReader: () => ({ read: async () => Promise.reject(new Error('reset')), releaseLock: () => {} }) } };
    answer(broken as unknown as Response);
    expect(await buildFailure()).toEqual(expect.objectContaining({ constructor: BuildStreamError, message: 'Failed to read build stream' }));
  });

  it('passes network errors on as they are', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await buildFailure()).toEqual(expect.objectContaining({ constructor: TypeError, message: 'Failed to fetch' }));
  });
});
