import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/api/query-client';
import { DeleteProjectDialog } from './delete-project-dialog';

function setup(response: Partial<Response>) {
  const fetchMock = jest.fn(async (_input: string, _init?: RequestInit) => ({ statusText: '', text: async () => '', ...response }) as Response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  const onClose = jest.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeleteProjectDialog project="shop" onClose={onClose} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { fetchMock, onClose };
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('DeleteProjectDialog', () => {
  it('asks for confirmation with the spec text', () => {
    setup({ ok: true, status: 204 });
    expect(screen.getByRole('heading', { name: 'Delete Project?' })).toBeTruthy();
    expect(screen.getByText('Are you sure you want to delete "shop"? This action cannot be undone. All files in this project will be permanently deleted.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('deletes the project and closes', async () => {
    const { fetchMock, onClose } = setup({ ok: true, status: 204 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledWith('/api/projects/shop', expect.objectContaining({ method: 'DELETE' }));
  });

  it('toasts a failure', async () => {
    const { onClose } = setup({ ok: false, status: 500, text: async () => '{"error":"Disk full"}' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete project')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
