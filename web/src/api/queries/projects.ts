import { queryOptions } from '@tanstack/react-query';
import type {
  FileContentResponse,
  PreviewStatusResponse,
  ProjectListResponse,
  ProjectTreeResponse,
} from '@forge/protocol/api';
import { apiJson, encodePath } from '../client';

export const projectKeys = {
  all: ['/api/projects'] as const,
  tree: (project: string) => ['/api/projects', project, 'tree'] as const,
  file: (project: string, path: string) => ['/api/projects', project, 'file', path] as const,
  previewStatus: (project: string) => ['/api/projects', project, 'preview-status'] as const,
};

/** The only query that retries (spec section 7: twice). */
export const projectListQueryOptions = queryOptions({
  queryKey: projectKeys.all,
  queryFn: ({ signal }) => apiJson<ProjectListResponse>('/api/projects', { signal }),
  retry: 2,
});

export const projectTreeQueryOptions = (project: string) =>
  queryOptions({
    queryKey: projectKeys.tree(project),
    queryFn: ({ signal }) => apiJson<ProjectTreeResponse>(`/api/projects/${encodeURIComponent(project)}/tree`, { signal }),
  });

export const projectFileQueryOptions = (project: string, path: string) =>
  queryOptions({
    queryKey: projectKeys.file(project, path),
    queryFn: ({ signal }) =>
      apiJson<FileContentResponse>(`/api/projects/${encodeURIComponent(project)}/file/${encodePath(path)}`, { signal }),
  });

export const previewStatusQueryOptions = (project: string) =>
  queryOptions({
    queryKey: projectKeys.previewStatus(project),
    queryFn: ({ signal }) =>
      apiJson<PreviewStatusResponse>(`/api/projects/${encodeURIComponent(project)}/preview-status`, { signal }),
  });

export function deleteProject(project: string): Promise<void> {
  return apiJson<void>(`/api/projects/${encodeURIComponent(project)}`, { method: 'DELETE' });
}

export function projectDownloadUrl(project: string): string {
  return `/api/projects/${encodeURIComponent(project)}/download`;
}
