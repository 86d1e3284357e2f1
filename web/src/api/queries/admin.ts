import { type QueryClient, infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AUDIT_PAGE_SIZE,
  type AdminAccountsResponse,
  type AdminNodeResponse,
  type AdminNodesResponse,
  type AdminOverview,
  type AdminRestartResponse,
  type AdminSandboxesResponse,
  type AdminSandboxLogsResponse,
  type AuditResponse,
} from '@forge/protocol/admin';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import { apiJson, apiRoute } from '../client';

/** How often the operators' console refreshes its list while it is open. */
export const ADMIN_REFRESH_MS = 5000;

export const adminKeys = {
  sandboxes: ['admin', 'sandboxes'] as const,
  sandboxesPage: (cursor: string | null) => ['admin', 'sandboxes', 'page', cursor ?? 'first'] as const,
  overview: ['admin', 'overview'] as const,
  logs: (projectId: string) => ['admin', 'sandboxes', projectId, 'logs'] as const,
  nodes: ['admin', 'nodes'] as const,
  audit: ['admin', 'audit'] as const,
  accounts: (query: string) => ['admin', 'accounts', query] as const,
};

/**
 * One page of the platform's sandboxes (`cursor` null: the first), with the figures the server collects
 * in the background; it polls while a component uses it, the last page staying while the next loads.
 */
export const adminSandboxesQueryOptions = (cursor: string | null = null) =>
  queryOptions({
    queryKey: adminKeys.sandboxesPage(cursor),
    queryFn: ({ signal }) => {
      const route = apiRoute(WEB_ENDPOINTS.adminSandboxes);
      return apiJson<AdminSandboxesResponse>(cursor ? { ...route, url: `${route.url}?${new URLSearchParams({ cursor })}` } : route, { signal });
    },
    refetchInterval: ADMIN_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

/** The console's first screen: work waiting and running, hosts taking it, and what is wrong; polled. */
export const adminOverviewQueryOptions = queryOptions({
  queryKey: adminKeys.overview,
  queryFn: ({ signal }) => apiJson<AdminOverview>(apiRoute(WEB_ENDPOINTS.adminOverview), { signal }),
  refetchInterval: ADMIN_REFRESH_MS,
});

export const adminSandboxLogsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: adminKeys.logs(projectId),
    queryFn: ({ signal }) => apiJson<AdminSandboxLogsResponse>(apiRoute(WEB_ENDPOINTS.adminSandboxLogs, { projectId }), { signal }),
    // Logs are read fresh each time they are opened: old output passed off as current would mislead.
    gcTime: 0,
  });

/** After an operator acted on a sandbox. */
export function invalidateSandboxes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.sandboxes });
}

/** After a host was drained or undrained: the banner and the counts of hosts taking work change too. */
export function invalidateNodes(queryClient: QueryClient): Promise<void> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.nodes }), queryClient.invalidateQueries({ queryKey: adminKeys.overview })]).then(() => undefined);
}

export type SandboxAction = 'stop' | 'restart' | 'remove';

const SANDBOX_ACTION_ENDPOINTS = {
  stop: WEB_ENDPOINTS.adminSandboxStop,
  restart: WEB_ENDPOINTS.adminSandboxRestart,
  remove: WEB_ENDPOINTS.adminSandboxRemove,
} as const;

/** Stop and remove answer `{ ok: true }`; restart also says what it did. */
export type SandboxActionResponse = { ok: true } & Partial<Pick<AdminRestartResponse, 'message'>>;

export function runSandboxAction(projectId: string, action: SandboxAction): Promise<SandboxActionResponse> {
  return apiJson<SandboxActionResponse>(apiRoute(SANDBOX_ACTION_ENDPOINTS[action], { projectId }));
}

/** The Docker hosts sandboxes run on, as their last heartbeat saw them; polled like the sandboxes. */
export const adminNodesQueryOptions = queryOptions({
  queryKey: adminKeys.nodes,
  queryFn: ({ signal }) => apiJson<AdminNodesResponse>(apiRoute(WEB_ENDPOINTS.adminNodes), { signal }),
  refetchInterval: ADMIN_REFRESH_MS,
});

/**
 * Draining a host: it takes no new sandboxes; those running there stay until they stop. Draining the
 * last host that takes work needs `confirmLastNode` (the API answers 409 without it).
 */
export function setNodeDraining(nodeId: string, draining: boolean, confirmLastNode = false): Promise<AdminNodeResponse> {
  return draining
    ? apiJson<AdminNodeResponse>(apiRoute(WEB_ENDPOINTS.adminNodeDrain, { nodeId }), { body: confirmLastNode ? { confirmLastNode: true } : {} })
    : apiJson<AdminNodeResponse>(apiRoute(WEB_ENDPOINTS.adminNodeUndrain, { nodeId }));
}

/** What operators did, newest first, a page at a time. */
export const adminAuditQueryOptions = infiniteQueryOptions({
  queryKey: adminKeys.audit,
  queryFn: ({ signal, pageParam }) => {
    const route = apiRoute(WEB_ENDPOINTS.adminAudit);
    const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE), ...(pageParam ? { before: pageParam } : {}) });
    return apiJson<AuditResponse>({ ...route, url: `${route.url}?${query}` }, { signal });
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** After an operator action: its entry heads the trail. */
export function invalidateAudit(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: adminKeys.audit });
}

/** Accounts by id, key hint or project name; the last results stay while the next search runs. */
export const adminAccountsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: adminKeys.accounts(query),
    queryFn: ({ signal }) => {
      const route = apiRoute(WEB_ENDPOINTS.adminAccounts);
      return apiJson<AdminAccountsResponse>({ ...route, url: `${route.url}?${new URLSearchParams({ q: query })}` }, { signal });
    },
    placeholderData: keepPreviousData,
  });
