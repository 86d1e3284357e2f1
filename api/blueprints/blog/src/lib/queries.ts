// The blog's server data through TanStack Query. Until the database is set up (or with no server
// at all), reads answer the sample content from shared/ and say so, and writes are disabled.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthorSummary, CommentItem, NewCommentInput, NewPostInput, PostDetail, PostSummary } from '../../shared/api-types';
import { sampleAuthors, samplePostDetails, samplePostSummaries } from '../../shared/sample-data';
import { api, ApiError, isNotSetUp } from '@/lib/api';

/** Where the data on screen came from: the database, or the built-in samples while it is not set up. */
export type Source = 'database' | 'sample';

async function orSample<T>(read: () => Promise<T>, sample: () => T): Promise<{ data: T; source: Source }> {
  try {
    return { data: await read(), source: 'database' };
  } catch (error) {
    if (isNotSetUp(error)) return { data: sample(), source: 'sample' };
    throw error;
  }
}

export function usePosts(tag: string | null) {
  return useQuery({
    queryKey: ['posts', tag],
    queryFn: () =>
      orSample(
        () => api.get<PostSummary[]>('/api/posts' + (tag ? '?tag=' + encodeURIComponent(tag) : '')),
        () => samplePostSummaries().filter((post) => !tag || post.tag === tag),
      ),
  });
}

export function usePost(slug: string) {
  return useQuery({
    queryKey: ['post', slug],
    queryFn: async () => {
      try {
        return await orSample<PostDetail | null>(
          () => api.get<PostDetail>('/api/posts/' + encodeURIComponent(slug)),
          () => samplePostDetails().find((post) => post.slug === slug) ?? null,
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { data: null, source: 'database' as const };
        throw error;
      }
    },
  });
}

export function useAuthors() {
  return useQuery({
    queryKey: ['authors'],
    queryFn: () => orSample(() => api.get<AuthorSummary[]>('/api/authors'), () => sampleAuthors.map((author, index) => ({ id: index + 1, ...author }))),
  });
}

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPostInput) => api.post<PostDetail>('/api/posts', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['posts'] }),
  });
}

export function useAddComment(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCommentInput) => api.post<CommentItem>('/api/posts/' + encodeURIComponent(slug) + '/comments', input),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['post', slug] }), client.invalidateQueries({ queryKey: ['posts'] })]),
  });
}
