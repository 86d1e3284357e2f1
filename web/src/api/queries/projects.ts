import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ImportProjectResponse, PreviewStatusResponse, ProjectListResponse, ProjectTreeResponse } from '@forge/protocol/api';
import { WEB_ENDPOINTS, endpointPath } from '@forge/protocol/endpoints';
import { apiForm, apiJson, apiRoute } from '../client';
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

/** Every read about projects (the list's file counts and dates, trees, files, what hangs under each) is read again: after a generation or an edit. */
export function invalidateProjects(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: projectKeys.all });
}

/** The list alone: after a project is added, deleted or restored. */
export function invalidateProjectList(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: projectKeys.all, exact: true });
}

/** Everything cached about a project that is gone. */
export function forgetProject(queryClient: QueryClient, project: string): void {
  queryClient.removeQueries({ queryKey: projectKeys.project(project) });
}

/** Every file text of a project, read again when shown: its files may have changed since (an opening, a restore). */
export function forgetProjectFiles(queryClient: QueryClient, project: string): void {
  queryClient.removeQueries({ queryKey: projectKeys.files(project) });
}

/** One file's text, changed on disk by an edit or a fix. */
export function forgetProjectFile(queryClient: QueryClient, project: string, path: string): void {
  queryClient.removeQueries({ queryKey: projectKeys.file(project, path) });
}

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

/** Uploads a project's ZIP; the server checks it whole (400 naming what it refused, 409 for a name in use) and answers the import's run. */
export function importProject(file: File, projectName: string): Promise<ImportProjectResponse> {
  const form = new FormData();
  form.append('projectName', projectName);
  form.append('file', file, file.name);
  return apiForm<ImportProjectResponse>(apiRoute(WEB_ENDPOINTS.projectImport), form);
}
