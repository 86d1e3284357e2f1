import { queryOptions } from '@tanstack/react-query';
import type { PreviewStatusResponse, ProjectListResponse, ProjectTreeResponse } from '@forge/protocol/api';
import { WEB_ENDPOINTS, endpointPath } from '@forge/protocol/endpoints';
import { apiJson, apiRoute } from '../client';
import { fetchProjectFile } from '../file-content';

export const projectKeys = {
  all: ['projects'] as const,
  /** Everything cached about one project. */
  project: (project: string) => ['projects', project] as const,
  tree: (project: string) => ['projects', project, 'tree'] as const,
  /** Every file of one project. */
  files: (project: string) => ['projects', project, 'file'] as const,
  file: (project: string, path: string) => ['projects', project, 'file', path] as const,
  previewStatus: (project: string) => ['projects', project, 'preview-status'] as const,
  secrets: (project: string) => ['projects', project, 'secrets'] as const,
  database: (project: string) => ['projects', project, 'database'] as const,
};

/** The only query that retries: twice, since the list is the first thing My Projects shows. */
export const projectListQueryOptions = queryOptions({
  queryKey: projectKeys.all,
  queryFn: ({ signal }) => apiJson<ProjectListResponse>(apiRoute(WEB_ENDPOINTS.projectList), { signal }),
  retry: 2,
});

export const projectTreeQueryOptions = (project: string) =>
  queryOptions({
    queryKey: projectKeys.tree(project),
    queryFn: ({ signal }) => apiJson<ProjectTreeResponse>(apiRoute(WEB_ENDPOINTS.projectTree, { project }), { signal }),
  });

export const projectFileQueryOptions = (project: string, path: string) =>
  queryOptions({
    queryKey: projectKeys.file(project, path),
    queryFn: ({ signal }) => fetchProjectFile(apiRoute(WEB_ENDPOINTS.projectFile, { project, path }), signal),
  });

export const previewStatusQueryOptions = (project: string) =>
  queryOptions({
    queryKey: projectKeys.previewStatus(project),
    queryFn: ({ signal }) => apiJson<PreviewStatusResponse>(apiRoute(WEB_ENDPOINTS.previewStatus, { project }), { signal }),
  });

export function deleteProject(project: string): Promise<void> {
  return apiJson<void>(apiRoute(WEB_ENDPOINTS.projectDelete, { project }));
}

/** An image the browser loads: the project's latest checked screenshot, 404 until its first checked build. */
export function projectThumbnailUrl(project: string): string {
  return endpointPath(WEB_ENDPOINTS.projectThumbnail, { project });
}

/** A link the browser follows: the server answers with the ZIP as an attachment. */
export function projectDownloadUrl(project: string): string {
  return endpointPath(WEB_ENDPOINTS.projectDownload, { project });
}
