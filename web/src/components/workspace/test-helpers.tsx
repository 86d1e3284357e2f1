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

/** Response headers as `fetch` gives them, for the few names specs set. */
function headersOf(values: Record<string, string>): Pick<Headers, 'get'> {
  return { get: (name: string) => values[name.toLowerCase()] ?? null };
}

export function jsonResponse(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: headersOf({ 'content-type': 'application/json; charset=utf-8' }),
    text: async () => text,
    json: async () => body,
    body: null,
  } as unknown as Response;
}

/** A binary file as the file API answers it: its bytes under its type. `cancel` records that the body was dropped unread. */
export function binaryResponse(mediaType: string, sizeBytes: number, cancel: () => Promise<void> = async () => undefined): Response {
  return {
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: headersOf({ 'content-type': mediaType, 'content-length': String(sizeBytes) }),
    text: async () => {
      throw new Error('a binary answer is never read as text');
    },
    body: { cancel },
  } as unknown as Response;
}
