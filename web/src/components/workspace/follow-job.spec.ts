import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createWorkspaceStore } from '@/store/workspace';
import { followJob } from './follow-job';

/** A fetch Response whose body streams the given SSE text chunks, then ends. */
function sseResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  let i = 0;
  return {
    ok: true,
    status: 200,
    body: {
      getReader: () => ({
        read: async () => (i < chunks.length ? { value: encoder.encode(chunks[i++]), done: false } : { value: undefined, done: true }),
        releaseLock: () => {},
      }),
    },
  } as unknown as Response;
}

function json(body: unknown, status = 200): Response {
  return { ok: status < 400, status, json: async () => body, text: async () => JSON.stringify(body) } as unknown as Response;
}

const delta = (id: number, text: string) => `id: ${id}\ndata: ${JSON.stringify({ type: 'text', text })}\n\n`;
const event = (id: number, data: object) => `id: ${id}\ndata: ${JSON.stringify(data)}\n\n`;
const started = (id: number, runId: string) => event(id, { type: 'started', runId, kind: 'generation', projectName: 'todo' });

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('followJob', () => {
  it('shows files as they stream and reports how the job ended', async () => {
    const store = createWorkspaceStore();
    store.actions.startGeneration('todo');
    globalThis.fetch = jest.fn(async () =>
      sseResponse([
        started(1, 'job-1') + delta(2, 'Planning.\n<<<FILE src/App.tsx>>>\nexport const'),
        delta(3, ' a = 1;\n<<<END FI'),
        delta(4, 'LE>>>\n'),
        event(5, { type: 'file', path: 'src/App.tsx', change: 'saved' }),
        event(6, { type: 'result', success: true, filesSaved: 1 }) + event(7, { type: 'end' }),
      ]),
    ) as unknown as typeof fetch;

    const outcome = await followJob('job-1', store.actions);

    expect(outcome).toEqual({ status: 'completed', filesSaved: 1, error: null });
    expect(store.state.fileContents['src/App.tsx']).toBe('export const a = 1;\n');
    expect(store.state.files).toEqual([{ path: 'src/App.tsx', isStreaming: false }]);
    expect(store.state.logs.map((l) => l.message)).toEqual(expect.arrayContaining(['Planning.', '📄 src/App.tsx']));
  });

  it('reconnects from the last event id while the job is running, then finishes', async () => {
    const store = createWorkspaceStore();
    store.actions.startGeneration('todo');
    const calls: Array<{ url: string; lastEventId: string | undefined }> = [];
    globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, lastEventId: (init?.headers as Record<string, string> | undefined)?.['Last-Event-ID'] });
      if (url === '/api/runs/job-2') return json({ id: 'job-2', kind: 'generation', state: 'running', projectName: 'todo', error: null });
      if (calls.filter((c) => c.url.endsWith('/stream')).length === 1) return sseResponse([started(1, 'job-2'), delta(2, '<<<FILE a.ts>>>\nconst a'), delta(3, ' = 1;\n')]);
      return sseResponse([delta(4, '<<<END FILE>>>\n'), event(5, { type: 'result', success: true, filesSaved: 1 }), event(6, { type: 'end' })]);
    }) as unknown as typeof fetch;

    const outcome = await followJob('job-2', store.actions, { retryDelayMs: 1 });

    expect(outcome.status).toBe('completed');
    expect(calls.map((c) => [c.url, c.lastEventId])).toEqual([
      ['/api/jobs/job-2/stream', undefined],
      ['/api/runs/job-2', undefined],
      ['/api/runs/job-2/stream', '3'],
    ]);
    expect(store.state.fileContents['a.ts']).toBe('const a = 1;\n');
    expect(store.state.logs.map((l) => l.message)).toContain('Connection lost. Reconnecting (1/3)...');
  });

  it('gives up after 3 reconnects with the spec message', async () => {
    const store = createWorkspaceStore();
    globalThis.fetch = jest.fn(async (url: string) =>
      url === '/api/runs/job-3' ? json({ id: 'job-3', kind: 'generation', state: 'running', projectName: 'todo', error: null }) : sseResponse([started(1, 'job-3'), delta(2, 'x')]),
    ) as unknown as typeof fetch;
    const outcome = await followJob('job-3', store.actions, { retryDelayMs: 1 });
    expect(outcome).toEqual({ status: 'failed', filesSaved: 0, error: 'Connection lost and max retries exceeded' });
    expect((globalThis.fetch as jest.Mock).mock.calls.filter(([url]) => String(url).endsWith('/stream'))).toHaveLength(4);
  });

  it('passes on the job error message', async () => {
    const store = createWorkspaceStore();
    globalThis.fetch = jest.fn(async () =>
      sseResponse([started(1, 'job-4'), event(2, { type: 'error', message: 'Anthropic: Overloaded' }), event(3, { type: 'result', success: false, filesSaved: 0 }), event(4, { type: 'end' })]),
    ) as unknown as typeof fetch;
    expect(await followJob('job-4', store.actions)).toEqual({ status: 'failed', filesSaved: 0, error: 'Anthropic: Overloaded' });
  });

  it('answers an HTTP error with the spec message', async () => {
    const store = createWorkspaceStore();
    globalThis.fetch = jest.fn(async () => json({ error: 'Job not found' }, 404)) as unknown as typeof fetch;
    expect(await followJob('job-5', store.actions)).toEqual({ status: 'failed', filesSaved: 0, error: 'HTTP error! status: 404' });
  });
});
