import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import type { SecretsResponse } from '@forge/protocol/secrets';
import { createWorkspaceStore } from '@/store/workspace';
import { SecretsView } from './secrets-view';
import { jsonResponse, renderInWorkspace } from './test-helpers';

const SECRETS: SecretsResponse = {
  secrets: [
    { key: 'STRIPE_SECRET_KEY', description: 'Stripe secret key, from https://dashboard.stripe.com/apikeys', example: 'sk_test_...', isSet: false },
    { key: 'MAIL_TOKEN', description: 'Mail service token', example: 'mt-...', isSet: true },
  ],
};

function mockApi(handler: (url: string, init?: RequestInit) => Response) {
  const mock = jest.fn(async (input: string, init?: RequestInit) => handler(input, init));
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

function renderView() {
  const store = createWorkspaceStore();
  store.actions.loadProject('shop', ['package.json']);
  return renderInWorkspace(
    <>
      <SecretsView />
      <Toaster />
    </>,
    { store },
  );
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('SecretsView', () => {
  it('asks for a project when none is loaded, and offers Refresh there too', async () => {
    renderInWorkspace(
      <>
        <SecretsView />
        <Toaster />
      </>,
    );
    const empty = screen.getByText('No Project Selected').parentElement!;
    expect(screen.getByText('No Project Selected')).toBeTruthy();
    const refresh = within(empty).getByRole('button', { name: 'Refresh' });
    fireEvent.click(refresh);
    expect(await screen.findByText('Refreshing...')).toBeTruthy();
  });

  it('says when the project needs no secrets, and when they could not be loaded', async () => {
    mockApi(() => jsonResponse({ secrets: [] }));
    const first = renderView();
    expect(screen.getByText('Loading secrets...')).toBeTruthy();
    expect(await screen.findByText('No Secrets Required')).toBeTruthy();
    first.unmount();
    mockApi(() => jsonResponse({ error: 'boom' }, 500));
    renderView();
    expect(await screen.findByText('Error Loading Secrets')).toBeTruthy();
    expect(screen.getByText('Failed to load required secrets for this project')).toBeTruthy();
  });

  it('lists each key with its description, a link when it names one, a masked input with the example', async () => {
    mockApi(() => jsonResponse(SECRETS));
    renderView();
    const input = (await screen.findByLabelText('STRIPE_SECRET_KEY')) as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.placeholder).toBe('sk_test_...');
    expect(screen.getByText('Stripe secret key, from https://dashboard.stripe.com/apikeys')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open https://dashboard.stripe.com/apikeys' }).getAttribute('href')).toBe('https://dashboard.stripe.com/apikeys');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText('Set')).toBeTruthy();
    expect(screen.getByText('Not set')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show STRIPE_SECRET_KEY' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide STRIPE_SECRET_KEY' }));
    expect(input.type).toBe('password');
  });

  it('sends nothing when every value is blank', async () => {
    const fetchMock = mockApi(() => jsonResponse(SECRETS));
    renderView();
    fireEvent.change(await screen.findByLabelText('STRIPE_SECRET_KEY'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save API Keys' }));
    expect(await screen.findByText('No secrets to save')).toBeTruthy();
    expect(screen.getByText('Please fill in at least one API key')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('saves trimmed values, says so, and reloads which keys are set', async () => {
    let saved = false;
    const fetchMock = mockApi((_url, init) => {
      if (init?.method === 'POST') {
        saved = true;
        return jsonResponse({ saved: ['STRIPE_SECRET_KEY'] });
      }
      return jsonResponse(saved ? { secrets: SECRETS.secrets.map((s) => ({ ...s, isSet: true })) } : SECRETS);
    });
    renderView();
    fireEvent.change(await screen.findByLabelText('STRIPE_SECRET_KEY'), { target: { value: '  sk_live_1  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save API Keys' }));
    expect(await screen.findByText('Secrets saved')).toBeTruthy();
    expect(screen.getByText('Your API keys have been saved to the project environment')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/projects/shop/secrets');
    expect(JSON.parse(String(post[1]!.body))).toEqual({ secrets: { STRIPE_SECRET_KEY: 'sk_live_1' } });
    await waitFor(() => expect(screen.queryByText('Not set')).toBeNull());
    expect(((await screen.findByLabelText('STRIPE_SECRET_KEY')) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's words when saving fails", async () => {
    mockApi((_url, init) => (init?.method === 'POST' ? jsonResponse({ error: "STRIPE_SECRET_KEY is not a variable this project's .env.example lists" }, 400) : jsonResponse(SECRETS)));
    renderView();
    fireEvent.change(await screen.findByLabelText('STRIPE_SECRET_KEY'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save API Keys' }));
    expect(await screen.findByText('Error saving secrets')).toBeTruthy();
    expect(screen.getByText("STRIPE_SECRET_KEY is not a variable this project's .env.example lists")).toBeTruthy();
  });

  it("says a data app's DATABASE_URL is provided by Forge, with no field whose placeholder reads like its value", async () => {
    mockApi(() =>
      jsonResponse({
        secrets: [{ key: 'DATABASE_URL', description: 'PostgreSQL connection string', example: 'postgresql://postgres:postgres@localhost:5432/notes', isSet: true }],
      } satisfies SecretsResponse),
    );
    const { store } = renderView();
    expect(await screen.findByText('Provided by Forge')).toBeTruthy();
    expect(screen.queryByText('Set')).toBeNull();
    expect(screen.queryByLabelText('DATABASE_URL')).toBeNull();
    expect(screen.queryByPlaceholderText('postgresql://postgres:postgres@localhost:5432/notes')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save API Keys' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open Database' }));
    expect(store.state.currentView).toBe('database');
  });
});
