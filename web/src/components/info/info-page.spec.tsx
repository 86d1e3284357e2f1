import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import type { InfoResponse } from '@forge/protocol/api';
import { createQueryClient } from '@/api/query-client';
import { routeTree } from '@/routeTree.gen';

const member = { id: '0d1f0a3c-5d2e-4c1b-9a7f-1b2c3d4e5f60', keyHint: 'fk_Us3r', createdAt: '2025-01-01T00:00:00Z', isAdmin: false };
const operatorUser = { ...member, isAdmin: true };

const forEveryone: InfoResponse = {
  version: '0.1.0',
  startedAt: '2025-01-01T00:00:00Z',
  provider: { name: 'offline', model: null },
  containerEngine: { reachable: false },
  previewDomain: 'preview.localhost',
};
const forOperators: InfoResponse = {
  ...forEveryone,
  operator: {
    nodeVersion: 'v20.20.0',
    providerBaseUrl: null,
    containerEngine: { version: null, detail: 'connect ENOENT /var/run/docker.sock' },
    database: { mode: 'embedded' },
  },
};

function renderInfo(user: typeof member, info: InfoResponse) {
  globalThis.fetch = jest.fn(async (input: string) => {
    const body = String(input) === '/api/auth/me' ? { user } : String(input) === '/api/info' ? info : { error: 'Not found' };
    const text = JSON.stringify(body);
    return { ok: !('error' in body), status: 'error' in body ? 404 : 200, statusText: '', text: async () => text } as unknown as Response;
  }) as unknown as typeof fetch;
  const queryClient = createQueryClient();
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: ['/info'] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  // The router tells redirects from fetch responses with `instanceof Response`, a global jsdom does not define.
  (globalThis as { Response?: unknown }).Response ??= class Response {};
  window.scrollTo = () => undefined;
});

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

// The first render loads every route module; on a busy machine that alone can take seconds.
jest.setTimeout(20_000);
const SLOW = { timeout: 10_000 };

describe('InfoPage', () => {
  it("shows an operator the server's make-up and how to change it", async () => {
    renderInfo(operatorUser, forOperators);
    const server = await screen.findByRole('region', { name: 'Server' }, SLOW);
    expect(within(server).getByText('v20.20.0')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Model provider' })).getByText('Provider default')).toBeTruthy();
    expect(screen.getByText('ANTHROPIC_API_KEY')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Container engine' })).getByText('connect ENOENT /var/run/docker.sock')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Database' })).toBeTruthy();
  });

  it('shows other accounts what they can act on, from an answer that holds nothing more', async () => {
    renderInfo(member, forEveryone);
    const server = await screen.findByRole('region', { name: 'Server' }, SLOW);
    expect(within(server).queryByText('Node version')).toBeNull();
    expect(screen.queryByText('Base URL')).toBeNull();
    expect(screen.queryByText('Detail')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Database' })).toBeNull();
    expect(screen.queryByText('ANTHROPIC_API_KEY')).toBeNull();
    expect(screen.getByText(/No AI model is connected/)).toBeTruthy();
    expect(screen.getByText(/Builds and live previews are unavailable right now/)).toBeTruthy();
  });
});
