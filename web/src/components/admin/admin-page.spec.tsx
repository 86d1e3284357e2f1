import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminSandbox } from '@forge/protocol/admin';
import { createQueryClient } from '@/api/query-client';
import { routeTree } from '@/routeTree.gen';

type Answer = { status: number; body?: unknown };
type Handler = (path: string, method: string) => Answer | undefined | Promise<Answer | undefined>;

const admin = { id: 'a1', keyHint: 'fk_Adm1', createdAt: '2025-01-01T00:00:00Z', isAdmin: true };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const shop: AdminSandbox = {
  projectId: '11111111-1111-4111-8111-111111111111',
  projectName: 'shop',
  ownerId: 'o1',
  ownerKeyHint: 'fk_Sh0p',
  state: 'running',
  node: 'local',
  container: { id: 'c1', status: 'Up 2 hours', cpuPercent: 12.5, memoryBytes: 134_217_728, memoryLimitBytes: 1_073_741_824, measuredAt: minutesAgo(0) },
  previewUrl: 'http://p1.preview.localhost:3000/',
  startedAt: minutesAgo(135),
  lastVisitAt: minutesAgo(5),
  builtAt: minutesAgo(140),
};
const blog: AdminSandbox = {
  ...shop,
  projectId: '22222222-2222-4222-8222-222222222222',
  projectName: 'blog',
  ownerKeyHint: 'fk_B10g',
  state: 'stopped',
  container: null,
  previewUrl: null,
  startedAt: null,
  lastVisitAt: null,
};
const todo: AdminSandbox = { ...blog, projectId: '33333333-3333-4333-8333-333333333333', projectName: 'todo', state: 'building' };

function respond({ status, body }: Answer): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status < 400, status, statusText: '', text: async () => text } as unknown as Response;
}

function renderAt(url: string, handler: Handler) {
  const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    return respond((await handler(path, method)) ?? (path === '/api/auth/me' ? { status: 200, body: { user: admin } } : { status: 404, body: { error: 'Not found' } }));
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const queryClient = createQueryClient();
  const router = createRouter({ routeTree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [url] }) });
  render(
    <QueryClientProvider client={queryClient}>
      {/* The root route brings the app's own Toaster. */}
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([p, init]) => p === path && (init?.method ?? 'GET') === method).length;
  return { fetchMock, calls };
}

/** The API's first page: in its order (project name), with counts of every sandbox. */
function listing(sandboxes: AdminSandbox[], nextCursor: string | null = null): Handler {
  const sorted = [...sandboxes].sort((a, b) => a.projectName.localeCompare(b.projectName));
  const counts = { total: sandboxes.length, running: sandboxes.filter((s) => s.state === 'running').length, building: 0, failed: sandboxes.filter((s) => s.state === 'failed').length };
  return (path, method) => (path === '/api/admin/sandboxes' && method === 'GET' ? { status: 200, body: { sandboxes: sorted, nextCursor, counts } } : undefined);
}

async function rowOf(name: string): Promise<HTMLElement> {
  const cell = await screen.findByRole('rowheader', { name: new RegExp(`^${name}`) });
  return cell.closest('tr')!;
}

beforeAll(() => {
  // The router tells redirects from fetch responses with `instanceof Response`, a global jsdom does not define.
  (globalThis as { Response?: unknown }).Response ??= class Response {};
  window.scrollTo = () => undefined;
});

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
  delete (window as { matchMedia?: unknown }).matchMedia;
});

// The first render loads every route module; on a busy machine that alone can take seconds.
jest.setTimeout(20_000);

describe('operators console page', () => {
  it('lists every sandbox with its state, usage, times and preview', async () => {
    renderAt('/admin', listing([shop, blog, todo]));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sandboxes' })).toBeTruthy();
    expect(screen.getByText('3 sandboxes · 1 running')).toBeTruthy();

    const running = await rowOf('shop');
    expect(within(running).getByText('Running')).toBeTruthy();
    expect(within(running).getByText('fk_Sh0p…')).toBeTruthy();
    expect(within(running).getByText('12.5%')).toBeTruthy();
    expect(within(running).getByText('128.0 MB / 1024.0 MB')).toBeTruthy();
    expect(within(running).getByText('2h 15m')).toBeTruthy();
    expect(within(running).getByText('5 min ago')).toBeTruthy();
    // The Docker host it was placed on.
    expect(within(running).getByText('· local')).toBeTruthy();
    const preview = within(running).getByRole('link', { name: 'Open the preview of shop in a new tab' });
    expect(preview.getAttribute('href')).toBe('http://p1.preview.localhost:3000/');
    expect(preview.getAttribute('target')).toBe('_blank');
    expect(preview.getAttribute('rel')).toContain('noopener');

    const stopped = await rowOf('blog');
    expect(within(stopped).getByText('Stopped')).toBeTruthy();
    expect(within(stopped).getByText('Never')).toBeTruthy();
    expect(within(stopped).queryByRole('link')).toBeNull();
    expect((within(stopped).getByRole('button', { name: 'Stop' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(await rowOf('todo')).getByText('Building')).toBeTruthy();

    // In the server's order (by name), so rows stay put while the list refreshes.
    const names = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names).toEqual([expect.stringMatching(/^blog/), expect.stringMatching(/^shop/), expect.stringMatching(/^todo/)]);
  });

  it('says when there is nothing to show yet', async () => {
    renderAt('/admin', listing([]));
    expect(await screen.findByRole('heading', { name: 'No sandboxes yet' })).toBeTruthy();
    expect(screen.getByText(/appears here when a project is built/)).toBeTruthy();
    expect(screen.getByText('0 sandboxes · 0 running')).toBeTruthy();
  });

  it('offers nothing to type into while the sandboxes load: the page that replaces the loading state would drop it', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const list = listing([shop]);
    renderAt('/admin', async (path, method) => {
      if (path === '/api/admin/sandboxes') await answered;
      return list(path, method);
    });
    expect(await screen.findByText('Loading sandboxes...', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Search accounts' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Account id' })).toBeNull();
    release();
    expect(await screen.findByRole('searchbox', { name: 'Search accounts' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Account id' })).toBeTruthy();
  });

  it('shows cards instead of a table on a phone', async () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('max-width'), addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    renderAt('/admin', listing([shop]));
    const card = await screen.findByRole('article', { name: 'shop' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByText('Running')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Restart' })).toBeTruthy();
  });

  it('asks before removing a sandbox, then removes it and refreshes the list', async () => {
    const path = `/api/admin/sandboxes/${shop.projectId}`;
    const { calls } = renderAt('/admin', (p, method) => (p === path && method === 'DELETE' ? { status: 200, body: { ok: true } } : listing([shop])(p, method)));

    fireEvent.click(within(await rowOf('shop')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove sandbox?' });
    expect(within(dialog).getByText(/The container of "shop" is stopped and deleted/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('DELETE', path)).toBe(0);

    const listed = calls('GET', '/api/admin/sandboxes');
    fireEvent.click(within(await rowOf('shop')).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove sandbox?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Sandbox removed')).toBeTruthy();
    expect(calls('DELETE', path)).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls('GET', '/api/admin/sandboxes')).toBeGreaterThan(listed));
  });

  it('stops and restarts with a toast for the outcome', async () => {
    const base = `/api/admin/sandboxes/${shop.projectId}`;
    const { calls } = renderAt('/admin', (p, method) => {
      if (p === `${base}/stop`) return { status: 200, body: { ok: true } };
      if (p === `${base}/restart`) return { status: 503, body: { error: 'Docker is not reachable.', code: 'unavailable' } };
      return listing([shop])(p, method);
    });

    fireEvent.click(within(await rowOf('shop')).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Sandbox stopped')).toBeTruthy();
    expect(calls('POST', `${base}/stop`)).toBe(1);

    fireEvent.click(within(await rowOf('shop')).getByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('Failed to restart sandbox')).toBeTruthy();
    expect(screen.getByText('Docker is not reachable.')).toBeTruthy();
  });

  it("says what a restart did, in the server's words, not that it rebuilt", async () => {
    const base = `/api/admin/sandboxes/${shop.projectId}`;
    const message = 'It was not running, so nothing was stopped. Its start is queued: from its last build if its files have not changed since, otherwise by building it again.';
    renderAt('/admin', (p, method) => (p === `${base}/restart` ? { status: 200, body: { ok: true, message } } : listing([shop])(p, method)));

    fireEvent.click(within(await rowOf('shop')).getByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('Sandbox restarted')).toBeTruthy();
    expect(screen.getByText(`"shop": ${message}`)).toBeTruthy();
    expect(screen.queryByText(/fresh container/)).toBeNull();
  });

  it('opens the logs in a dialog and refreshes them', async () => {
    const logsPath = `/api/admin/sandboxes/${shop.projectId}/logs`;
    let logs = '\u001b[32m> vite build\u001b[39m\nbuilt in 812ms\n';
    const { calls } = renderAt('/admin', (p, method) => (p === logsPath ? { status: 200, body: { logs } } : listing([shop])(p, method)));

    fireEvent.click(within(await rowOf('shop')).getByRole('button', { name: 'Logs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Logs · shop' });
    const output = await within(dialog).findByLabelText('Logs of shop');
    await waitFor(() => expect(output.textContent).toBe('> vite build\nbuilt in 812ms\n'));

    logs += 'GET / 200\n';
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(output.textContent).toContain('GET / 200'));
    expect(calls('GET', logsPath)).toBe(2);
  });

  it('is the 404 page for accounts that are not operators', async () => {
    renderAt('/admin', (path) => (path === '/api/auth/me' ? { status: 200, body: { user: { ...admin, isAdmin: false } } } : undefined));
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sandboxes' })).toBeNull();
  });

  it('pages through the sandboxes with the cursor the server gives, counting all of them', async () => {
    const second = `/api/admin/sandboxes?cursor=${shop.projectId}`;
    const first = listing([blog, shop], shop.projectId);
    const { calls } = renderAt('/admin', (p, method) =>
      p === second ? { status: 200, body: { sandboxes: [todo], nextCursor: null, counts: { total: 3, running: 1, building: 1, failed: 0 } } } : first(p, method),
    );
    await rowOf('shop');
    const pager = screen.getByRole('navigation', { name: 'Sandbox pages' });
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await rowOf('todo');
    expect(calls('GET', second)).toBe(1);
    expect(screen.getByText('3 sandboxes · 1 running')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await rowOf('shop');
  });

  it('shows the queue and health first, with a banner naming a lost node and why', async () => {
    const overview = {
      buildsQueued: 4,
      buildsRunning: 2,
      generationsRunning: 3,
      nodesTakingWork: 0,
      nodesTotal: 1,
      metricsPath: '/metrics',
      warnings: [
        { nodeId: null, message: 'No node takes work: new builds and stopped previews fail until a node is undrained or a lost one answers again.', reason: 'Every node is lost.' },
        { nodeId: 'local', message: 'Node local is lost: it missed 3 heartbeats.', reason: 'Docker is not reachable, so projects cannot be built or previewed.' },
      ],
    };
    renderAt('/admin', (p, method) => (p === '/api/admin/overview' ? { status: 200, body: overview } : listing([shop])(p, method)));
    const banner = await screen.findByRole('alert', { name: 'Node warnings' });
    expect(within(banner).getByText(/^No node takes work/)).toBeTruthy();
    expect(within(banner).getByText('Why: Docker is not reachable, so projects cannot be built or previewed.')).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Queue and health' });
    expect(within(figures).getByText('Builds queued').nextSibling?.textContent).toBe('4');
    expect(within(figures).getByText('Generations running').nextSibling?.textContent).toBe('3');
    expect(within(figures).getByText('Nodes taking work').nextSibling?.textContent).toBe('0 of 1');
    expect(
      within(figures)
        .getByRole('link', { name: /Metrics for operators/ })
        .getAttribute('href'),
    ).toBe('/metrics');
  });
});
