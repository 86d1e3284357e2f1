import { queryOptions } from '@tanstack/react-query';
import type { AdminSandboxesResponse, AdminSandboxLogsResponse } from '@forge/protocol/admin';
import { apiJson } from '../client';

/** How often the operators' console refreshes its list while it is open. */
export const ADMIN_REFRESH_MS = 5000;

export const adminKeys = {
  sandboxes: ['/api/admin/sandboxes'] as const,
  logs: (projectId: string) => ['/api/admin/sandboxes', projectId, 'logs'] as const,
};

/** Every sandbox of the platform; live CPU and memory, so it polls while a component uses it. */
export const adminSandboxesQueryOptions = queryOptions({
  queryKey: adminKeys.sandboxes,
  queryFn: ({ signal }) => apiJson<AdminSandboxesResponse>('/api/admin/sandboxes', { signal }),
  refetchInterval: ADMIN_REFRESH_MS,
});

export const adminSandboxLogsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: adminKeys.logs(projectId),
    queryFn: ({ signal }) => apiJson<AdminSandboxLogsResponse>(`/api/admin/sandboxes/${encodeURIComponent(projectId)}/logs`, { signal }),
    // Logs are read fresh each time they are opened: old output passed off as current would mislead.
    gcTime: 0,
  });

export type SandboxAction = 'stop' | 'restart' | 'remove';

export function runSandboxAction(projectId: string, action: SandboxAction): Promise<{ ok: true }> {
  const path = `/api/admin/sandboxes/${encodeURIComponent(projectId)}`;
  return action === 'remove'
    ? apiJson<{ ok: true }>(path, { method: 'DELETE' })
    : apiJson<{ ok: true }>(`${path}/${action}`, { method: 'POST' });
}
