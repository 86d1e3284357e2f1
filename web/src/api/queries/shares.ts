import { type QueryClient, infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import type { MySharesResponse, PublicShareResponse, ShareStatusResponse, WallResponse } from '@forge/protocol/shares';
import { apiJson, apiRoute } from '../client';
import { fetchProjectFile } from '../file-content';

export const shareKeys = {
  /** The owner's view of one project's sharing. */
  status: (project: string) => ['projects', project, 'share'] as const,
  mine: ['shares', 'mine'] as const,
  /** Everything cached about one public share. */
  public: (shareId: string) => ['shares', shareId] as const,
  file: (shareId: string, path: string) => ['shares', shareId, 'file', path] as const,
  wall: ['wall'] as const,
};

export const shareStatusQueryOptions = (project: string) =>
  queryOptions({
    queryKey: shareKeys.status(project),
    queryFn: ({ signal }) => apiJson<ShareStatusResponse>(apiRoute(WEB_ENDPOINTS.shareStatus, { project }), { signal }),
  });

/** Which of the account's projects are published: one request for the whole My Projects page. */
export const mySharesQueryOptions = queryOptions({
  queryKey: shareKeys.mine,
  queryFn: ({ signal }) => apiJson<MySharesResponse>(apiRoute(WEB_ENDPOINTS.sharesMine), { signal }),
});

export const publicShareQueryOptions = (shareId: string) =>
  queryOptions({
    queryKey: shareKeys.public(shareId),
    queryFn: ({ signal }) => apiJson<PublicShareResponse>(apiRoute(WEB_ENDPOINTS.sharePublic, { shareId }), { signal }),
  });

export const publicShareFileQueryOptions = (shareId: string, path: string) =>
  queryOptions({
    queryKey: shareKeys.file(shareId, path),
    queryFn: ({ signal }) => fetchProjectFile(apiRoute(WEB_ENDPOINTS.shareFile, { shareId, path }), signal),
  });

/** The wall, newest first, a page at a time: each page names the cursor of the next. */
export const wallQueryOptions = infiniteQueryOptions({
  queryKey: shareKeys.wall,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) => {
    const route = apiRoute(WEB_ENDPOINTS.wall);
    const url = pageParam ? `${route.url}?${new URLSearchParams({ cursor: pageParam })}` : route.url;
    return apiJson<WallResponse>({ ...route, url }, { signal });
  },
  getNextPageParam: (last) => last.nextCursor,
});

/** A project was published, described again or unpublished: its status is the answer; the owner's marks and the wall are read again. */
export function shareChanged(queryClient: QueryClient, project: string, status: ShareStatusResponse): void {
  queryClient.setQueryData(shareKeys.status(project), status);
  void queryClient.invalidateQueries({ queryKey: shareKeys.mine });
  void queryClient.invalidateQueries({ queryKey: shareKeys.wall });
}

export function publishProject(project: string, description: string): Promise<ShareStatusResponse> {
  return apiJson<ShareStatusResponse>(apiRoute(WEB_ENDPOINTS.sharePublish, { project }), { body: { description } });
}

export function unpublishProject(project: string): Promise<ShareStatusResponse> {
  return apiJson<ShareStatusResponse>(apiRoute(WEB_ENDPOINTS.shareUnpublish, { project }));
}
