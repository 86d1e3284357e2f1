import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import type { DatabaseStatusResponse } from '@forge/protocol/databases';
import type { ShareStatusResponse } from '@forge/protocol/shares';
import { jsonResponse, renderInWorkspace } from '@/components/workspace/test-helpers';
import { ShareDialog } from './share-dialog';

function openFor(project: string, database: DatabaseStatusResponse) {
  globalThis.fetch = jest.fn(async (url: string) => {
    if (url === `/api/projects/${project}/share`) return jsonResponse({ published: false, share: null } satisfies ShareStatusResponse);
    if (url === `/api/projects/${project}/database/status`) return jsonResponse(database);
    throw new Error(`unexpected ${url}`);
  }) as unknown as typeof fetch;
  renderInWorkspace(<ShareDialog project={project} onClose={() => undefined} />);
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('ShareDialog', () => {
  it('says plainly that anyone can write to a data app’s database through its public app', async () => {
    openFor('notes', { hasDatabase: true, isInitialized: true, size: null });
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeTruthy();
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('its public app is not read-only');
    expect(note.textContent).toContain('anyone with the address can add, change and delete its data');
  });

  it('has nothing of the kind to say about an app without a database', async () => {
    openFor('cafe', { hasDatabase: false, isInitialized: false, size: null });
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
