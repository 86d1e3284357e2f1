import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import type { ProjectVersion } from '@forge/protocol/versions';
import { runEvents } from '@/api/streams/test-streams';
import { formatModifiedAt } from '@/components/projects/format-date';
import { createWorkspaceStore } from '@/store/workspace';
import { HistoryDialog } from './history-dialog';
import { jsonResponse, renderInWorkspace } from './test-helpers';

const EDIT: ProjectVersion = {
  id: 'b'.repeat(40),
  message: 'Change the heading to Hi',
  kind: 'edit',
  createdAt: '2026-11-23T10:00:00.000Z',
  files: [{ path: 'src/content.ts', added: 1, removed: 1 }],
  data: null,
  dataNote: null,
};
const GENERATED: ProjectVersion = {
  id: 'a'.repeat(40),
  message: 'A landing page for a café',
  kind: 'generation',
  createdAt: '2026-11-23T09:00:00.000Z',
  files: [{ path: 'src/App.tsx', added: 40, removed: 0 }],
  data: null,
  dataNote: null,
};
const DIFF = 'diff --git a/src/App.tsx b/src/App.tsx\n--- /dev/null\n+++ b/src/App.tsx\n@@ -0,0 +1,1 @@\n+export function App() {}\n';

const RESTORED: ProjectVersion = {
  id: 'd'.repeat(40),
  message: 'Restored the version of 2026-11-23 09:00 UTC: A landing page for a café',
  kind: 'restore',
  createdAt: '2026-11-23T11:00:00.000Z',
  files: [{ path: 'src/content.ts', added: 1, removed: 1 }],
  data: null,
  dataNote: null,
};

function setup(versions: ProjectVersion[] = [EDIT, GENERATED]) {
  const calls: string[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${url}${typeof init?.body === 'string' ? ` ${init.body}` : ''}`);
    if (url === '/api/projects/cafe/versions') return jsonResponse({ versions });
    if (url.endsWith('/diff')) return jsonResponse({ diff: DIFF });
    if (url.endsWith('/restore')) return jsonResponse({ version: { ...GENERATED, id: 'c'.repeat(40), kind: 'restore' } }, 201);
    if (url === '/api/projects/cafe/tree') return jsonResponse({ tree: ['src/App.tsx'] });
    if (url === '/api/projects/cafe/build')
      return runEvents([
        { type: 'started', runId: 'b1', kind: 'build', projectName: 'cafe' },
        { type: 'result', success: true, previewUrl: 'http://p.preview.localhost:3000/' },
      ]);
    throw new Error(`unexpected ${url}`);
  }) as unknown as typeof fetch;
  const store = createWorkspaceStore({ currentProject: 'cafe' });
  const onClose = jest.fn();
  renderInWorkspace(
    <>
      <HistoryDialog project="cafe" open onClose={onClose} />
      <Toaster />
    </>,
    { store },
  );
  return { calls, store, onClose };
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('HistoryDialog', () => {
  it('lists the versions newest first with their files, and shows the diff of the one picked', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Versions' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Change the heading to Hi'), expect.stringContaining('A landing page for a café')]);
    expect(items[0]!.textContent).toContain('src/content.ts+1−1');
    expect(items[0]!.textContent).toContain('Current');

    fireEvent.click(items[1]!);
    expect(await screen.findByText('+export function App() {}')).toBeTruthy();
  });

  it('restores a version after a confirmation, reloads the files and follows the rebuild', async () => {
    const { calls, store, onClose } = setup();
    const list = await screen.findByRole('list', { name: 'Versions' });
    fireEvent.click(within(list).getAllByRole('button')[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('heading', { name: 'Restore this version?' })).toBeTruthy();
    expect(calls.some((call) => call.endsWith('/restore'))).toBe(false);

    const confirm = screen.getByRole('heading', { name: 'Restore this version?' }).closest<HTMLElement>('[role="dialog"]')!;
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toContain(`POST /api/projects/cafe/versions/${'a'.repeat(40)}/restore {}`);
    expect(await screen.findByText('Version restored')).toBeTruthy();
    await waitFor(() => expect(store.state.previewUrl).toBe('http://p.preview.localhost:3000/'));
    expect(store.state.files).toEqual([{ path: 'src/App.tsx', isStreaming: false }]);
  });

  it('is as wide as its class asks (max-w-5xl, not the dialog default max-w-lg)', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'History of cafe' });
    expect(dialog.className.split(' ')).toContain('max-w-5xl');
    expect(dialog.className.split(' ')).not.toContain('max-w-lg');
  });

  it("shows a restore's time in the same format as the list's times, not in UTC", async () => {
    setup([RESTORED, GENERATED]);
    const list = await screen.findByRole('list', { name: 'Versions' });
    const restored = within(list).getAllByRole('button')[0]!;
    expect(restored.textContent).toContain(formatModifiedAt(RESTORED.createdAt));
    expect(restored.textContent).toContain(`Restored the version of ${formatModifiedAt(GENERATED.createdAt)}: A landing page for a café`);
    expect(restored.textContent).not.toContain('UTC');
  });

  it('marks the versions that kept their data, says why one did not, and restores code and data when asked', async () => {
    const withData: ProjectVersion = { ...GENERATED, data: { bytes: 2048 } };
    const noted: ProjectVersion = { ...EDIT, dataNote: 'Data not kept: its data is over the 20 MB a restore point keeps' };
    const { calls } = setup([noted, withData]);
    const list = await screen.findByRole('list', { name: 'Versions' });
    const [first, second] = within(list).getAllByRole('button');
    expect(first!.textContent).toContain('Data not kept: its data is over the 20 MB a restore point keeps');
    expect(first!.textContent).not.toMatch(/Data(?! not)/);
    expect(second!.textContent).toContain('Data');

    fireEvent.click(second!);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    const confirm = (await screen.findByRole('heading', { name: 'Restore this version?' })).closest<HTMLElement>('[role="dialog"]')!;
    expect((within(confirm).getByRole('radio', { name: /Code only/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(confirm).getByRole('radio', { name: /Code and data/ }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls).toContain(`POST /api/projects/cafe/versions/${'a'.repeat(40)}/restore {"withData":true}`));
    expect(await screen.findByText('Version restored with its data')).toBeTruthy();
  });

  it('offers no choice for a version without data', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Versions' });
    fireEvent.click(within(list).getAllByRole('button')[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    const confirm = (await screen.findByRole('heading', { name: 'Restore this version?' })).closest<HTMLElement>('[role="dialog"]')!;
    expect(within(confirm).queryByRole('radio')).toBeNull();
  });
});
