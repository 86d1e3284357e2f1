import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SecretsResponse } from '@forge/protocol/secrets';
import { createWorkspaceStore } from '@/store/workspace';
import { jsonResponse, renderInWorkspace } from '../test-helpers';
import { WaitingForSecrets } from './waiting-for-secrets';

function newNotice(response: SecretsResponse) {
  const fetchMock = jest.fn(async (_input: string) => jsonResponse(response));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const store = createWorkspaceStore({ currentProject: 'weather', currentView: 'preview' });
  const sut = renderInWorkspace(<WaitingForSecrets project="weather" />, { store });
  return { sut, mocks: { fetch: fetchMock, store } };
}

const secret = (key: string, isSet: boolean) => ({ key, description: '', example: '', isSet });

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('WaitingForSecrets', () => {
  it('names the keys the app waits for and opens the Secrets view', async () => {
    const { mocks } = newNotice({ secrets: [secret('OPENWEATHER_API_KEY', false), secret('DATABASE_URL', false), secret('MAP_TOKEN', true)] });
    expect(await screen.findByText('Waiting for OPENWEATHER_API_KEY: add it under API Keys & Secrets')).toBeTruthy();
    expect(mocks.fetch.mock.calls[0]![0]).toContain('/api/projects/weather/secrets');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open Secrets' }));
    });
    expect(mocks.store.state.currentView).toBe('secrets');
  });

  it('shows nothing once every key is saved', async () => {
    const { sut, mocks } = newNotice({ secrets: [secret('OPENWEATHER_API_KEY', true)] });
    await waitFor(() => expect(mocks.fetch).toHaveBeenCalled());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(sut.container.textContent).toBe('');
  });
});
