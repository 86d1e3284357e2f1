import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import type { RestoreVersionRequest, RestoreVersionResponse, VersionDiffResponse, VersionListResponse } from '@forge/protocol/versions';
import { apiJson, apiRoute } from '../client';

export const versionKeys = {
  /** Everything cached about one project's history. */
  all: (project: string) => ['projects', project, 'versions'] as const,
  diff: (project: string, id: string) => ['projects', project, 'versions', id, 'diff'] as const,
};

/** Newest first; read again whenever the history is opened, since edits add to it. */
export const versionListQueryOptions = (project: string) =>
  queryOptions({
    queryKey: versionKeys.all(project),
    queryFn: ({ signal }) => apiJson<VersionListResponse>(apiRoute(WEB_ENDPOINTS.projectVersions, { project }), { signal }),
  });

/** A version never changes, so its diff is read once. */
export const versionDiffQueryOptions = (project: string, id: string) =>
  queryOptions({
    queryKey: versionKeys.diff(project, id),
    queryFn: ({ signal }) => apiJson<VersionDiffResponse>(apiRoute(WEB_ENDPOINTS.projectVersionDiff, { project, id }), { signal }),
  });

/** The history grew: an edit, a restore. */
export function invalidateVersions(queryClient: QueryClient, project: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: versionKeys.all(project) });
}

/** Makes a new version with that version's files, and with `withData` its database as it was; the project rebuilds after it. */
export function restoreVersion(project: string, id: string, request: RestoreVersionRequest = {}): Promise<RestoreVersionResponse> {
  return apiJson<RestoreVersionResponse>(apiRoute(WEB_ENDPOINTS.projectVersionRestore, { project, id }), { body: { ...request } });
}
