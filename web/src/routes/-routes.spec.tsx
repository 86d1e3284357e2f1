import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InfoResponse } from '@forge/protocol/api';
import { createQueryClient } from '@/api/query-client';
import { routeTree } from '@/routeTree.gen';

/*
 * The routes' own habits: one sign-in guard for every page that needs an account, route-level loading
 * and error states whose Retry loads the route again.
 */

type Answer = { status: number; body?: unknown };

const user = { id: 'u1', keyHint: 'abcd', createdAt: '2025-01-01T00:00:00Z', isAdmin: false };

function respond({ status, body }: Answer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status < 400, status, statusText: '', text: async () => text } as unknown as Response;
}

function renderAt(url: string, handler: (path: string) => Answer | undefined) {
  const fetchMock = jest.fn(async (input: string) => respond(handler(String(input)) ?? { status: 404, body: { error: 'Not found' } }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const queryClient = createQueryClient();
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [url] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router };
}

const signedIn = (path: string): Answer | undefined => (path === '/api/auth/me' ? { status: 200, body: { user } } : undefined);
const visitor = (path: string): Answer | undefined => (path === '/api/auth/me' ? { status: 401, body: { error: 'Not signed in' } } : undefined);

beforeAll(() => {
  // The router makes redirects as `Response`s (status and Location header), a global jsdom does not define.
  (globalThis as { Response?: unknown }).Response ??= class Response {
    readonly status: number;
    readonly headers: Headers;
    constructor(_body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
      this.status = init.status ?? 200;
      this.headers = new Headers(init.headers);
    }
  };
  window.scrollTo = () => undefined;
});

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

// The first render loads every route module; on a busy machine that alone can take seconds.
jest.setTimeout(20_000);

describe('pages that need an account', () => {
  it.each(['/projects', '/project/shop', '/account', '/topup', '/info', '/admin'])('send a visitor at %s to /auth, to come back after', async (url) => {
    const { fetchMock, router } = renderAt(url, visitor);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'), { timeout: 10_000 });
    expect(router.state.location.search).toEqual({ redirect: url });
    // Nothing of the page was asked for.
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/auth/me']);
  });

  it('ask who is signed in once for every page visited', async () => {
    const { fetchMock, router } = renderAt('/info', (path) => signedIn(path) ?? (path === '/api/info' ? { status: 500, body: { error: 'boom' } } : undefined));
    expect(await screen.findByRole('heading', { name: 'Failed to load system status' }, { timeout: 10_000 })).toBeTruthy();
    await router.navigate({ to: '/projects' });
    await waitFor(() => expect(fetchMock.mock.calls.some(([path]) => path === '/api/projects')).toBe(true));
    expect(fetchMock.mock.calls.filter(([path]) => path === '/api/auth/me')).toHaveLength(1);
  });
});

describe('route loading and error states', () => {
  it("show a page's error in its frame, and Retry loads the route again", async () => {
    let infoAnswers = 0;
    renderAt('/info', (path) => {
      if (path !== '/api/info') return signedIn(path);
      infoAnswers += 1;
      return infoAnswers === 1
        ? { status: 503, body: { error: 'The server is starting.' } }
        : {
            status: 200,
            body: {
              version: '0.1.0',
              startedAt: '2025-01-01T00:00:00Z',
              provider: { name: 'offline', model: null },
              containerEngine: { reachable: true },
              previewDomain: 'preview.localhost',
            } satisfies InfoResponse,
          };
    });
    expect(await screen.findByRole('heading', { name: 'Failed to load system status' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'System status' })).toBeTruthy();
    expect(screen.getByText('The server is starting.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Offline starter agent')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Failed to load system status' })).toBeNull();
    expect(infoAnswers).toBe(2);
  });

  it('say a project whose tree answer holds no list could not be loaded', async () => {
    renderAt('/project/shop', (path) => signedIn(path) ?? (path.endsWith('/tree') ? { status: 200, body: {} } : undefined));
    expect(await screen.findByRole('heading', { name: 'Error Loading Project' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Failed to load project data')).toBeTruthy();
  });
});

describe('/pricing', () => {
  it("shows a signed-in user the marketing page's plans, with their balance instead of a new account", async () => {
    renderAt('/pricing', signedIn);
    expect(await screen.findByRole('heading', { name: 'Pay only for what the agent uses' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Usage pricing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your balance' }).getAttribute('href')).toBe('/account');
    expect(screen.queryByRole('link', { name: 'Create a free account' })).toBeNull();
  });

  it('shows a visitor the same plans, offering an account', async () => {
    renderAt('/pricing', visitor);
    expect(await screen.findByRole('heading', { name: 'Pay only for what the agent uses' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a free account' }).getAttribute('href')).toBe('/auth');
  });
});
