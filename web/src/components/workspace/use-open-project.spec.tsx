import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { TooltipProvider } from '@radix-ui/react-tooltip';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { ReadableStream } from 'node:stream/web';
import { TextDecoder, TextEncoder } from 'node:util';
import type { ReactNode } from 'react';
import { createQueryClient } from '@/api/query-client';
import { WorkspaceProvider, createWorkspaceStore, type WorkspaceStore } from '@/store/workspace';
import { jsonResponse } from './test-helpers';

const toastSuccess = jest.fn();
const toastError = jest.fn();
jest.unstable_mockModule('sonner', () => ({
  toast: Object.assign(jest.fn(), { success: toastSuccess, error: toastError }),
}));

const { useOpenProject } = await import('./use-open-project');
const { runBuild } = await import('./run-build');
const { useAutoReconnect } = await import('./use-generation');

beforeAll(() => {
  Object.assign(globalThis, { TextDecoder, TextEncoder, ReadableStream });
});

type Routes = Record<string, () => Response | Promise<Response>>;

function mockApi(routes: Routes) {
  const mock = jest.fn(async (input: string) => {
    const handler = routes[input];
    return handler ? handler() : jsonResponse({ error: 'Not found' }, 404);
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

function sseResponse(events: unknown[]): Response {
  const text = events.map((event) => `data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`).join('');
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Split mid-line to prove lines are reassembled across chunks.
      controller.enqueue(bytes.slice(0, 17));
      controller.enqueue(bytes.slice(17));
      controller.close();
    },
  });
  return { ok: true, status: 200, body } as unknown as Response;
}

function wrapperFor(store: WorkspaceStore) {
  const queryClient = createQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <WorkspaceProvider store={store}>{children}</WorkspaceProvider>
      </TooltipProvider>
    </QueryClientProvider>
  );
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  toastSuccess.mockClear();
  toastError.mockClear();
});

describe('useOpenProject', () => {
  it('loads the tree as completed files and shows a built preview', async () => {
    mockApi({
      '/api/projects/shop/tree': () => jsonResponse({ tree: ['src/App.tsx', 'package.json'] }),
      '/api/projects/shop/preview-status': () => jsonResponse({ isBuilt: true, previewUrl: 'http://p1.preview.localhost:3000/' }),
    });
    const store = createWorkspaceStore();
    store.actions.addLog('from before');
    const { result } = renderHook(() => useOpenProject(), { wrapper: wrapperFor(store) });

    await act(async () => {
      expect(await result.current('shop')).toBe(true);
    });
    expect(store.state.currentProject).toBe('shop');
    expect(store.state.files).toEqual([
      { path: 'src/App.tsx', isStreaming: false },
      { path: 'package.json', isStreaming: false },
    ]);
    expect(store.state.logs).toEqual([]);
    expect(store.state.status).toBe('Ready');
    expect(store.state.previewUrl).toBe('http://p1.preview.localhost:3000/');
    expect(toastSuccess).toHaveBeenCalledWith('Project loaded', { description: '2 files' });
  });

  it('builds a project that is not built yet, and reports a failed build request', async () => {
    mockApi({
      '/api/projects/shop/tree': () => jsonResponse({ tree: ['index.html'] }),
      '/api/projects/shop/preview-status': () => jsonResponse({ isBuilt: false, previewUrl: '' }),
    });
    const store = createWorkspaceStore();
    const { result } = renderHook(() => useOpenProject(), { wrapper: wrapperFor(store) });
    await act(async () => {
      await result.current('shop');
    });

    expect(toastSuccess).toHaveBeenCalledWith('Project loaded', { description: '1 file' });
    expect(store.state.currentView).toBe('terminal');
    await waitFor(() => expect(store.state.status).toBe('Error'));
    const messages = store.state.logs.map((log) => log.message);
    expect(messages.some((message) => message.includes('automatic build'))).toBe(true);
    expect(messages).toContain('⚠️ Build failed: Build request failed with status 404');
    expect(store.state.previewUrl).toBeNull();
  });

  it('keeps a view picked while the preview status loads, and still shows the preview', async () => {
    let answerStatus!: () => void;
    const statusAsked = new Promise<void>((resolve) => (answerStatus = resolve));
    mockApi({
      '/api/projects/shop/tree': () => jsonResponse({ tree: ['index.html'] }),
      '/api/projects/shop/preview-status': async () => {
        await statusAsked;
        return jsonResponse({ isBuilt: true, previewUrl: 'http://p1.preview.localhost:3000/' });
      },
    });
    const store = createWorkspaceStore();
    const { result } = renderHook(() => useOpenProject(), { wrapper: wrapperFor(store) });
    let opened!: Promise<boolean>;
    act(() => {
      opened = result.current('shop');
    });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalled());
    act(() => store.actions.setView('secrets'));
    answerStatus();
    await act(async () => {
      expect(await opened).toBe(true);
    });
    expect(store.state.currentView).toBe('secrets');
    expect(store.state.previewUrl).toBe('http://p1.preview.localhost:3000/');
  });

  it('requires a name', async () => {
    const store = createWorkspaceStore();
    const { result } = renderHook(() => useOpenProject(), { wrapper: wrapperFor(store) });
    await act(async () => {
      expect(await result.current('  ')).toBe(false);
    });
    expect(toastError).toHaveBeenCalledWith('Project name is required');
  });

  it('says when the project cannot be loaded, keeping the current one', async () => {
    mockApi({ '/api/projects/gone/tree': () => jsonResponse({ error: 'Project not found' }, 404) });
    const store = createWorkspaceStore();
    store.actions.loadProject('current', ['a.ts']);
    const { result } = renderHook(() => useOpenProject(), { wrapper: wrapperFor(store) });
    await act(async () => {
      expect(await result.current('gone')).toBe(false);
    });
    expect(toastError).toHaveBeenCalledWith('Failed to load project', { description: 'Project not found' });
    expect(store.state.currentProject).toBe('current');
  });
});

describe('runBuild', () => {
  it('streams the build log and shows the preview on success', async () => {
    mockApi({
      '/api/projects/shop/build': () =>
        sseResponse([
          { type: 'started', runId: 'b1', kind: 'build', projectName: 'shop' },
          { type: 'log', level: 'info', message: 'Installing dependencies' },
          { type: 'log', level: 'success', message: '✅ Build successful' },
          'not json',
          { type: 'result', success: true, previewUrl: 'http://p2.preview.localhost:3000/' },
          { type: 'end' },
        ]),
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const store = createWorkspaceStore();
    await runBuild('shop', store.actions);
    warn.mockRestore();

    expect(store.state.status).toBe('Complete');
    expect(store.state.previewUrl).toBe('http://p2.preview.localhost:3000/');
    expect(store.state.logs.map((log) => [log.message, log.type])).toEqual(
      expect.arrayContaining([
        ['Installing dependencies', 'info'],
        ['✅ Build successful', 'success'],
      ]),
    );
  });

  it('ends in Error with the details of an error event', async () => {
    mockApi({
      '/api/projects/shop/build': () =>
        sseResponse([{ type: 'started', runId: 'b1', kind: 'build', projectName: 'shop' }, { type: 'error', message: 'Build failed', details: 'Cannot find module' }, { type: 'end' }]),
    });
    const store = createWorkspaceStore();
    store.actions.setPreviewUrl('http://old/');
    await runBuild('shop', store.actions);
    expect(store.state.status).toBe('Error');
    expect(store.state.previewUrl).toBeNull();
    expect(store.state.logs.at(-1)).toMatchObject({ message: '❌ Build failed: Cannot find module', type: 'error' });
  });
});

describe('useAutoReconnect', () => {
  it('picks up the first active job once, 500 ms after load', async () => {
    jest.useFakeTimers();
    try {
      const fetchMock = mockApi({
        '/api/jobs/active': () =>
          jsonResponse({
            jobs: [
              { id: 'j1', projectName: 'blog', projectId: null },
              { id: 'j2', projectName: 'x', projectId: null },
            ],
          }),
        // Still running: the stream stays open.
        '/api/jobs/j1/stream': () => new Promise<Response>(() => {}),
      });
      const store = createWorkspaceStore();
      const { rerender } = renderHook(() => useAutoReconnect(true), { wrapper: wrapperFor(store) });

      await act(async () => {
        jest.advanceTimersByTime(499);
      });
      expect(fetchMock).not.toHaveBeenCalled();
      await act(async () => {
        jest.advanceTimersByTime(1);
      });
      await act(async () => {
        await Promise.resolve();
      });
      await waitFor(() => expect(store.state.isGenerating).toBe(true));
      expect(store.state.currentProject).toBe('blog');
      expect(store.state.status).toBe('Generating');
      expect(store.state.currentView).toBe('terminal');
      expect(store.state.logs).toHaveLength(1);

      rerender();
      await act(async () => {
        jest.advanceTimersByTime(2000);
      });
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/jobs/active', '/api/jobs/j1/stream']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves alone a generation the page started itself before the check', async () => {
    jest.useFakeTimers();
    try {
      const fetchMock = mockApi({ '/api/jobs/active': () => jsonResponse({ jobs: [{ id: 'j1', projectName: 'blog', projectId: null }] }) });
      const store = createWorkspaceStore();
      renderHook(() => useAutoReconnect(true), { wrapper: wrapperFor(store) });
      act(() => store.actions.startGeneration('blog'));
      await act(async () => {
        jest.advanceTimersByTime(500);
      });
      await act(async () => {
        await Promise.resolve();
      });
      expect(fetchMock).not.toHaveBeenCalled();
      expect(store.state.logs).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves alone a generation whose start the page is still waiting for when the check answers', async () => {
    jest.useFakeTimers();
    try {
      const store = createWorkspaceStore();
      // The page asks to start a job while the check is on its way; the server already lists the job as running
      // when it answers the check, and its answer to the start is slower.
      const fetchMock = mockApi({
        '/api/jobs/active': () => {
          store.actions.setStartingGeneration(true);
          return jsonResponse({ jobs: [{ id: 'j1', projectName: 'blog', projectId: null }] });
        },
      });
      renderHook(() => useAutoReconnect(true), { wrapper: wrapperFor(store) });
      await act(async () => {
        jest.advanceTimersByTime(500);
      });
      for (let i = 0; i < 5; i++) {
        await act(async () => {
          await Promise.resolve();
        });
      }
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/jobs/active']);
      expect(store.state.isGenerating).toBe(false);
      expect(store.state.logs).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('ignores a failed check with a console warning', async () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      mockApi({ '/api/jobs/active': () => jsonResponse({ error: 'boom' }, 500) });
      const store = createWorkspaceStore();
      renderHook(() => useAutoReconnect(true), { wrapper: wrapperFor(store) });
      await act(async () => {
        jest.advanceTimersByTime(500);
      });
      await waitFor(() => expect(warn).toHaveBeenCalled());
      expect(store.state.isGenerating).toBe(false);
      expect(store.state.logs).toEqual([]);
    } finally {
      warn.mockRestore();
      jest.useRealTimers();
    }
  });
});
