import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import type { WallItem } from '@forge/protocol/shares';
import { createQueryClient } from '@/api/query-client';
import { routeTree } from '@/routeTree.gen';

type Handler = (path: string) => { status: number; body: unknown } | undefined;

const SHARE_ID = 'abcdefghijklmnopqrstuvwxyz';

function respond(status: number, body: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status < 400, status, statusText: '', text: async () => text } as unknown as Response;
}

/** Renders the app at `url` for a visitor without an account. */
function renderAt(url: string, handler: Handler) {
  const fetchMock = jest.fn(async (input: string) => {
    const path = String(input);
    const answer = handler(path) ?? (path === '/api/auth/me' ? { status: 401, body: { error: 'Not signed in' } } : { status: 404, body: { error: 'Not found' } });
    return respond(answer.status, answer.body);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const queryClient = createQueryClient();
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [url] }) });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetchMock };
}

beforeAll(() => {
  (globalThis as { Response?: unknown }).Response ??= class Response {};
  window.scrollTo = () => undefined;
});

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

jest.setTimeout(20_000);

const item = (n: number, thumbnailUrl: string | null = null): WallItem => ({
  shareId: `${'a'.repeat(24)}${String(n).padStart(2, '2')}`.slice(0, 26),
  name: `app-${n}`,
  description: n === 1 ? '' : `About app ${n}`,
  publishedAt: '2026-11-23T12:00:00.000Z',
  thumbnailUrl,
});

describe('shared project page (/s/:shareId)', () => {
  it('shows a visitor the app in a frame on its own origin, the files and their code', async () => {
    const previewUrl = `http://${SHARE_ID}.preview.localhost:3000/`;
    const { fetchMock } = renderAt(`/s/${SHARE_ID}`, (path) => {
      if (path === `/api/shares/${SHARE_ID}`)
        return {
          status: 200,
          body: { shareId: SHARE_ID, name: 'bean-there', description: 'Fresh beans.', publishedAt: '2026-11-23T12:00:00.000Z', tree: ['src/App.tsx', 'package.json'], isBuilt: true, previewUrl },
        };
      if (path === `/api/shares/${SHARE_ID}/file/package.json`) return { status: 200, body: { content: '{ "name": "bean-there" }\n' } };
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'bean-there' })).toBeTruthy();
    expect(screen.getByText('Fresh beans.')).toBeTruthy();
    expect(screen.getByTitle('Shared app').getAttribute('src')).toBe(previewUrl);
    expect(screen.getByRole('link', { name: 'Open the app' }).getAttribute('href')).toBe(previewUrl);
    expect(screen.getByRole('link', { name: /Start for Free/ }).getAttribute('href')).toBe('/auth');
    fireEvent.click(screen.getByRole('button', { name: 'package.json' }));
    expect(await screen.findByRole('heading', { name: 'package.json' })).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([path]) => path === `/api/shares/${SHARE_ID}/file/package.json`)).toBe(true));
    // Nothing of the owner's API is asked.
    expect(fetchMock.mock.calls.filter(([path]) => String(path).startsWith('/api/projects'))).toEqual([]);
  });

  it('says plainly when the address is not (or no longer) shared', async () => {
    renderAt(`/s/${SHARE_ID}`, (path) => (path === `/api/shares/${SHARE_ID}` ? { status: 404, body: { error: 'This project is not shared.', code: 'share.not_found' } } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'This project is not shared' })).toBeTruthy();
    expect(screen.getByText('Its owner may have stopped sharing it, or the address is mistyped.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the wall' }).getAttribute('href')).toBe('/wall');
  });

  it('shows no frame and says so when the shared app is not running', async () => {
    renderAt(`/s/${SHARE_ID}`, (path) =>
      path === `/api/shares/${SHARE_ID}`
        ? { status: 200, body: { shareId: SHARE_ID, name: 'draft', description: '', publishedAt: '2026-11-23T12:00:00.000Z', tree: [], isBuilt: false, previewUrl: '' } }
        : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'draft' })).toBeTruthy();
    expect(screen.getByText('Not running')).toBeTruthy();
    expect(screen.queryByTitle('Shared app')).toBeNull();
  });
});

describe('the wall (/wall)', () => {
  it('shows a screenshot when there is one and a placeholder when not, and loads the next page on request', async () => {
    const { fetchMock } = renderAt('/wall', (path) => {
      if (path === '/api/wall') return { status: 200, body: { items: [item(1), item(2, '/thumbs/2.png')], nextCursor: 'next-page' } };
      if (path === '/api/wall?cursor=next-page') return { status: 200, body: { items: [item(3)], nextCursor: null } };
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Wall' })).toBeTruthy();
    const first = await screen.findByRole('article', { name: 'app-1' });
    expect(first.querySelector('[data-testid="wall-thumbnail-placeholder"]')).not.toBeNull();
    expect(screen.getByText('No description')).toBeTruthy();
    expect(screen.getByAltText('Screenshot of app-2').getAttribute('src')).toBe('/thumbs/2.png');
    // A screenshot that fails to load falls back to the placeholder.
    fireEvent.error(screen.getByAltText('Screenshot of app-2'));
    expect(screen.getByRole('article', { name: 'app-2' }).querySelector('[data-testid="wall-thumbnail-placeholder"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'app-2' }).getAttribute('href')).toBe(`/s/${item(2).shareId}`);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'app-3' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([path]) => path === '/api/wall?cursor=next-page')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('says the wall is empty when nothing is published', async () => {
    renderAt('/wall', (path) => (path === '/api/wall' ? { status: 200, body: { items: [], nextCursor: null } } : undefined));
    expect(await screen.findByRole('heading', { name: 'Nothing on the wall yet' })).toBeTruthy();
  });
});
