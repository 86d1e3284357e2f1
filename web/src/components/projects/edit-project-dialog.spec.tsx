import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/api/query-client';
import { projectKeys } from '@/api/queries/projects';
import { EditProjectDialog } from './edit-project-dialog';

type FetchMock = jest.Mock<(input: string, init?: RequestInit) => Promise<Response>>;

/** A streamed response whose chunks the test releases one by one. */
function streamedResponse() {
  const encoder = new TextEncoder();
  const pending: Array<(result: ReadableStreamReadResult<Uint8Array>) => void> = [];
  const queued: Array<ReadableStreamReadResult<Uint8Array>> = [];
  const deliver = (result: ReadableStreamReadResult<Uint8Array>) => {
    const waiter = pending.shift();
    if (waiter) waiter(result);
    else queued.push(result);
  };
  const reader = {
    read: () =>
      new Promise<ReadableStreamReadResult<Uint8Array>>((resolve) => {
        const next = queued.shift();
        if (next) resolve(next);
        else pending.push(resolve);
      }),
    cancel: async () => undefined,
    releaseLock: () => undefined,
  };
  const response = { ok: true, status: 200, statusText: 'OK', body: { getReader: () => reader } } as unknown as Response;
  return {
    response,
    push: (text: string) => deliver({ done: false, value: encoder.encode(text) }),
    end: () => deliver({ done: true, value: undefined }),
  };
}

function errorResponse(status: number, body: string): Response {
  return { ok: false, status, statusText: 'Not Found', text: async () => body, body: null } as unknown as Response;
}

const NO_ACTIVE_JOBS = { ok: true, status: 200, json: async () => ({ jobs: [] }), text: async () => '{"jobs":[]}', body: null } as unknown as Response;

/** Answers the running-jobs check the dialog makes on opening with `active`, and every other call with `fetchImpl`. */
function setup(fetchImpl: (input: string, init?: RequestInit) => Promise<Response>, active: () => Response = () => NO_ACTIVE_JOBS) {
  const fetchMock = jest.fn(async (input: string, init?: RequestInit) => (input === '/api/jobs/active' ? active() : fetchImpl(input, init))) as FetchMock;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const queryClient = createQueryClient();
  const onClose = jest.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <EditProjectDialog project="shop" onClose={onClose} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetchMock, queryClient, onClose };
}

beforeAll(() => {
  // jsdom leaves out the encoding API that browsers have.
  globalThis.TextEncoder ??= NodeTextEncoder as unknown as typeof TextEncoder;
  globalThis.TextDecoder ??= NodeTextDecoder as unknown as typeof TextDecoder;
});

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('EditProjectDialog', () => {
  it('is titled with the project and asks for a request before sending anything', async () => {
    const { fetchMock } = setup(async () => errorResponse(500, ''));
    expect(screen.getByRole('heading', { name: 'Edit Project: shop' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Apply Changes' }));
    expect(await screen.findByText('Please describe the modifications you want to make')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => url !== '/api/jobs/active')).toEqual([]);
  });

  it('streams the log, cannot be closed while editing, and refreshes the project list on completion', async () => {
    const stream = streamedResponse();
    const { fetchMock, queryClient, onClose } = setup(async () => stream.response);
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');

    fireEvent.change(screen.getByLabelText('Modification Request'), { target: { value: '  Add a dark mode toggle ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Changes' }));

    const editing = await screen.findByRole('button', { name: 'Editing...' });
    expect((editing as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();

    const [url, init] = fetchMock.mock.calls.find(([called]) => called !== '/api/jobs/active')!;
    expect(url).toBe('/api/projects/shop/edit');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ modificationRequest: 'Add a dark mode toggle' });

    await act(async () => {
      stream.push(
        'id: 1\ndata: {"type":"started","runId":"job-1","kind":"edit","projectName":"shop"}\n\nid: 2\ndata: {"type":"log","level":"info","message":"Reading 3 files"}\n\nid: 3\ndata: {"type":"res',
      );
      stream.push('ult","success":true,"message":null}\n\nid: 4\ndata: {"type":"end"}\n\n');
    });
    expect(await screen.findByText('Reading 3 files')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply Changes' })).toBeTruthy());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: projectKeys.all });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('reports a failed request with a toast and a log line', async () => {
    setup(async () => errorResponse(404, '{"error":"Not found"}'));
    fireEvent.change(screen.getByLabelText('Modification Request'), { target: { value: 'Rename the app' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Changes' }));
    expect(await screen.findByText('Failed to edit project')).toBeTruthy();
    expect(await screen.findByText('❌ Failed to edit project: Not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply Changes' })).toBeTruthy();
  });

  it('shows stream errors in the log and as an Error toast', async () => {
    const stream = streamedResponse();
    setup(async () => stream.response);
    fireEvent.change(screen.getByLabelText('Modification Request'), { target: { value: 'Break it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply Changes' }));
    await screen.findByRole('button', { name: 'Editing...' });
    await act(async () => {
      stream.push('data: {"type":"error","message":"Model unavailable"}\n\ndata: {"type":"end"}\n\n');
      stream.end();
    });
    expect(await screen.findByText('❌ Model unavailable')).toBeTruthy();
    expect(await screen.findByText('Error')).toBeTruthy();
  });

  it('follows an edit of the project that is already running', async () => {
    const stream = streamedResponse();
    const jobs = { jobs: [{ id: 'job-7', kind: 'edit', projectName: 'shop', projectId: 'p' }] };
    const running = { ok: true, status: 200, json: async () => jobs, text: async () => JSON.stringify(jobs), body: null } as unknown as Response;
    const { fetchMock } = setup(
      async () => stream.response,
      () => running,
    );
    expect(await screen.findByRole('button', { name: 'Editing...' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/jobs/job-7/stream');
    await act(async () => {
      stream.push(
        'id: 5\ndata: {"type":"log","level":"info","message":"Rebuilding shop"}\n\nid: 6\ndata: {"type":"result","success":true,"message":"✅ Changes applied (1 file changed)"}\n\nid: 7\ndata: {"type":"end"}\n\n',
      );
    });
    expect(await screen.findByText('Rebuilding shop')).toBeTruthy();
    expect(await screen.findByText('✅ Changes applied (1 file changed)')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Apply Changes' })).toBeTruthy());
  });
});
