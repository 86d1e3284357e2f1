import { TooltipProvider } from '@radix-ui/react-tooltip';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createQueryClient } from '@/api/query-client';
import { WorkspaceProvider, createWorkspaceStore, type WorkspaceStore } from '@/store/workspace';

/** Renders a workspace piece with the providers the app gives it; for specs only. */
export function renderInWorkspace(ui: ReactElement, { store = createWorkspaceStore(), queryClient = createQueryClient() }: { store?: WorkspaceStore; queryClient?: QueryClient } = {}) {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <WorkspaceProvider store={store}>{ui}</WorkspaceProvider>
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { ...result, store, queryClient };
}

export function jsonResponse(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    text: async () => text,
    json: async () => body,
    body: null,
  } as unknown as Response;
}
