import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import type { DatabaseSchemaResponse } from '@forge/protocol/databases';
import { createWorkspaceStore } from '@/store/workspace';
import { DatabaseView } from './database-view';
import { jsonResponse, renderInWorkspace } from './test-helpers';

type Handler = (url: string, init?: RequestInit) => Response;

const SCHEMA: DatabaseSchemaResponse = {
  schema: {
    description: 'Authors write posts.',
    tables: [
      {
        name: 'posts',
        columns: [
          { name: 'id', type: 'serial', primaryKey: true, notNull: true, unique: false, references: null, default: null },
          { name: 'slug', type: 'varchar(160)', primaryKey: false, notNull: true, unique: true, references: null, default: null },
          { name: 'author_id', type: 'integer', primaryKey: false, notNull: true, unique: false, references: 'authors.id', default: null },
          { name: 'published', type: 'boolean', primaryKey: false, notNull: true, unique: false, references: null, default: 'true' },
        ],
      },
    ],
  },
};

function mockApi(handler: Handler) {
  const mock = jest.fn(async (input: string, init?: RequestInit) => handler(input, init));
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

function renderView() {
  const store = createWorkspaceStore();
  store.actions.loadProject('blog', ['package.json']);
  return renderInWorkspace(
    <>
      <DatabaseView />
      <Toaster />
    </>,
    { store },
  );
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('DatabaseView', () => {
  it('asks for a project when none is loaded', () => {
    renderInWorkspace(<DatabaseView />);
    expect(screen.getByText('No Project Selected')).toBeTruthy();
    expect(screen.getByText('Generate or load a project to manage its database')).toBeTruthy();
  });

  it('says there is no schema for a project without one', async () => {
    mockApi(() => jsonResponse({ hasDatabase: false, isInitialized: false }));
    renderView();
    expect(screen.getByText('Loading database information...')).toBeTruthy();
    expect(await screen.findByText('No Database Schema')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('shows the status, the prompt to initialize, the columns with their constraints, and no data yet', async () => {
    mockApi((url) => (url.endsWith('/database/status') ? jsonResponse({ hasDatabase: true, isInitialized: false }) : jsonResponse(SCHEMA)));
    renderView();
    expect(await screen.findByRole('heading', { name: 'Database Management' })).toBeTruthy();
    const status = screen.getByRole('region', { name: 'Database Status' });
    expect(within(status).getByText('Schema Configured').nextSibling?.textContent).toBe('Yes');
    expect(within(status).getByText('Database Initialized').nextSibling?.textContent).toBe('Not Yet');
    expect(within(status).getByText('Authors write posts.')).toBeTruthy();
    expect(within(status).getByRole('button', { name: 'Initialize Database' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /posts/ }));
    for (const text of ['Column', 'Type', 'Constraints', 'PK', 'UNIQUE', 'FK → authors.id', 'DEFAULT true']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getAllByText('NOT NULL')).toHaveLength(3);
    expect(screen.getByText('Initialize the database to view table data')).toBeTruthy();
  });

  it('pages through a table ten rows at a time and shows null as "null"', async () => {
    const rows = (page: number) => Array.from({ length: page === 3 ? 3 : 10 }, (_, i) => ({ id: (page - 1) * 10 + i + 1, slug: i === 0 ? null : `post-${i}` }));
    const fetchMock = mockApi((url) => {
      if (url.endsWith('/database/status')) return jsonResponse({ hasDatabase: true, isInitialized: true });
      if (url.endsWith('/database/schema')) return jsonResponse(SCHEMA);
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      return jsonResponse({ columns: ['id', 'slug'], rows: rows(page), total: 23 });
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: /posts/ }));
    expect(await screen.findByText('23 rows')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getAllByText('null')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/projects/blog/database/tables/posts/data?page=2&pageSize=10');
  });

  it('says when the database is over its size and takes no new data, and what the app can still do', async () => {
    mockApi((url) => {
      if (url.endsWith('/database/status')) return jsonResponse({ hasDatabase: true, isInitialized: true, size: { usedMb: 300.04, limitMb: 256, writesRefused: true } });
      return jsonResponse(SCHEMA);
    });
    renderView();
    const status = await screen.findByRole('region', { name: 'Database Status' });
    expect(within(status).getByRole('alert').textContent).toBe(
      "The app's database uses 300.0 MB, over this platform's limit of 256 MB, so it takes no new data: the app can still read, delete rows and empty tables, and writes come back once it is under the limit.",
    );
  });

  it('says why the data could not be read', async () => {
    mockApi((url) => {
      if (url.endsWith('/database/status')) return jsonResponse({ hasDatabase: true, isInitialized: true });
      if (url.endsWith('/database/schema')) return jsonResponse(SCHEMA);
      return jsonResponse({ error: 'Table posts does not exist in the database yet', code: 'not_found' }, 404);
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: /posts/ }));
    expect(await screen.findByText('Failed to load table data: Table posts does not exist in the database yet')).toBeTruthy();
  });

  it('initializes with the automatic URL, or validates a custom one as it is typed', async () => {
    let initialized = false;
    const fetchMock = mockApi((url, init) => {
      if (url.endsWith('/database/status')) return jsonResponse({ hasDatabase: true, isInitialized: initialized });
      if (url.endsWith('/database/schema')) return jsonResponse(SCHEMA);
      if (url.startsWith('/api/database/auto-url'))
        return jsonResponse({ url: 'postgresql://forge_p_1@172.18.0.1:5433/forge_p_1', maskedUrl: 'postgresql://forge_p_1:****@172.18.0.1:5433/forge_p_1' });
      if (url.endsWith('/database/initialize')) {
        initialized = true;
        expect(JSON.parse(String(init?.body))).toEqual({ runSeed: true, useAutoUrl: true });
        return jsonResponse({ ok: true, output: '', previewRestarted: true });
      }
      return jsonResponse({}, 404);
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Initialize Database' }));
    const dialog = await screen.findByRole('dialog', { name: 'Initialize Database' });
    expect(
      within(dialog)
        .getByRole('switch', { name: /Use automatic database URL/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(await within(dialog).findByText('postgresql://forge_p_1:****@172.18.0.1:5433/forge_p_1')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('switch'));
    const confirm = within(dialog).getByRole('button', { name: 'Initialize Database' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Database URL'), { target: { value: 'mysql://db/app' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('Invalid PostgreSQL URL format. Must start with postgresql:// or postgres://');
    fireEvent.change(within(dialog).getByLabelText('Database URL'), { target: { value: '' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('Database URL is required');
    fireEvent.change(within(dialog).getByLabelText('Database URL'), { target: { value: 'postgresql://user@' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('The URL names no host: postgresql://user:password@host:5432/database');
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Database URL'), { target: { value: 'postgresql://me@db.example.com/app' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // The URL carries a password: masked until asked.
    const field = within(dialog).getByLabelText('Database URL') as HTMLInputElement;
    expect(field.type).toBe('password');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show URL' }));
    expect(field.type).toBe('text');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide URL' }));
    expect(field.type).toBe('password');
    expect(confirm.disabled).toBe(false);

    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Initialize Database' }));
    expect(await screen.findByText('Database initialized')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByText('Database Initialized').nextSibling?.textContent).toBe('Yes'));
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith('/initialize'))).toHaveLength(1);
  });

  it("shows the server's words in the dialog when initializing fails, and lets the URL be corrected", async () => {
    const cause = 'Could not connect to the database at db.example.com:5432: check the host and port, that the server accepts connections from the internet, and the user name and password';
    mockApi((url) => {
      if (url.endsWith('/database/status')) return jsonResponse({ hasDatabase: true, isInitialized: false });
      if (url.endsWith('/database/schema')) return jsonResponse(SCHEMA);
      if (url.startsWith('/api/database/auto-url')) return jsonResponse({ url: 'u', maskedUrl: 'm' });
      return jsonResponse({ error: cause, code: 'database.unreachable' }, 422);
    });
    renderView();
    fireEvent.click(await screen.findByRole('button', { name: 'Initialize Database' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.change(within(dialog).getByLabelText('Database URL'), { target: { value: 'postgresql://me:pw@db.example.com/app' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Initialize Database' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`Error initializing database${cause}`);
    expect(screen.queryByText('[⣷] Pulling schema from database...')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Database URL'), { target: { value: 'postgresql://me:pw@db2.example.com/app' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
