import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AdminRun } from '@forge/protocol/admin';
import { createQueryClient } from '@/api/query-client';
import { RunningWorkSection } from './running-work-section';

const build: AdminRun = {
  id: '44444444-4444-4444-8444-444444444444',
  kind: 'build',
  projectId: '11111111-1111-4111-8111-111111111111',
  projectName: 'shop',
  ownerId: 'o1',
  ownerKeyHint: 'fk_Sh0p',
  startedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
  node: 'local',
  replica: 'api-1:4242',
};
const edit: AdminRun = { ...build, id: '55555555-5555-4555-8555-555555555555', kind: 'edit', projectName: 'blog', node: null, replica: null };

function renderSection(answer: (path: string, method: string, body: unknown) => { status: number; body: unknown }) {
  const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const { status, body } = answer(String(input), init?.method ?? 'GET', init?.body ? JSON.parse(String(init.body)) : undefined);
    return { ok: status < 400, status, statusText: '', text: async () => JSON.stringify(body) } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RunningWorkSection />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('RunningWorkSection', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('lists each running build, generation and edit with its project, owner, start, host and server', async () => {
    renderSection(() => ({ status: 200, body: { runs: [build, edit] } }));
    const row = await screen.findByRole('listitem', { name: 'Build of shop' });
    expect(within(row).getByText('fk_Sh0p')).toBeTruthy();
    expect(within(row).getByText('3m ago')).toBeTruthy();
    expect(within(row).getByText('local')).toBeTruthy();
    expect(within(row).getByText('api-1:4242')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Edit of blog' })).getByText('waiting in the queue')).toBeTruthy();
  });

  it('says when nothing runs', async () => {
    renderSection(() => ({ status: 200, body: { runs: [] } }));
    expect(await screen.findByText('Nothing is running.')).toBeTruthy();
  });

  it('cancels with the reason the operator writes, then lists again', async () => {
    let runs = [build];
    const fetchMock = renderSection((path, method) => {
      if (path === `/api/admin/runs/${build.id}/cancel` && method === 'POST') {
        runs = [];
        return { status: 200, body: { ok: true, ended: true, message: 'Cancelled the build of project "shop"; its owner was told why.' } };
      }
      return { status: 200, body: path === '/api/admin/runs' ? { runs } : { entries: [], nextCursor: null, sandboxes: [] } };
    });
    const row = await screen.findByRole('listitem', { name: 'Build of shop' });
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the build of "shop"?' });
    const confirm = within(dialog).getByRole('button', { name: 'Cancel it' }) as HTMLButtonElement;
    // The owner reads the reason: there is no cancel without one.
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason (shown to the owner)'), { target: { value: '  Runaway build  ' } });
    fireEvent.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cancel = fetchMock.mock.calls.find(([path]) => path === `/api/admin/runs/${build.id}/cancel`);
    expect(JSON.parse(String(cancel![1]!.body))).toEqual({ reason: 'Runaway build' });
    expect(await screen.findByText('Nothing is running.')).toBeTruthy();
  });

  it('keeps the dialog open with the error when the cancel fails', async () => {
    renderSection((path, method) =>
      method === 'POST'
        ? { status: 404, body: { error: 'This work is not running any more: it ended before the cancel reached it. Refresh the list.', code: 'not_found' } }
        : { status: 200, body: { runs: [build] } },
    );
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Build of shop' })).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (shown to the owner)'), { target: { value: 'Abuse' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('not running any more');
  });
});
