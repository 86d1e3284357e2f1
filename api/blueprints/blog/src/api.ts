import type { AuthorSummary, CommentItem, NewCommentInput, NewPostInput, PostDetail, PostSummary } from '../shared/api-types';
import { sampleAuthors, samplePostDetails, samplePostSummaries } from '../shared/sample-data';

/** Where the data on screen came from: the database, or the built-in samples while it is not set up. */
export type Source = 'database' | 'sample';

export class ApiError extends Error {
  status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: init?.body ? { 'Content-Type': 'application/json' } : undefined,
  });
  const type = response.headers.get('content-type') ?? '';
  // Without the API server (a static preview), /api answers with the HTML page.
  if (!type.includes('application/json')) throw new ApiError(503, 'The API server is not running.');
  const data = await response.json();
  if (!response.ok) throw new ApiError(response.status, (data as { error?: string }).error ?? 'Request failed (' + response.status + ')');
  return data as T;
}

export async function listPosts(tag: string | null): Promise<{ posts: PostSummary[]; source: Source }> {
  try {
    const query = tag ? '?tag=' + encodeURIComponent(tag) : '';
    return { posts: await request<PostSummary[]>('/api/posts' + query), source: 'database' };
  } catch {
    const posts = samplePostSummaries().filter((post) => !tag || post.tag === tag);
    return { posts, source: 'sample' };
  }
}

export async function getPost(slug: string): Promise<{ post: PostDetail | null; source: Source }> {
  try {
    return { post: await request<PostDetail>('/api/posts/' + encodeURIComponent(slug)), source: 'database' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { post: null, source: 'database' };
    return { post: samplePostDetails().find((post) => post.slug === slug) ?? null, source: 'sample' };
  }
}

export async function listAuthors(): Promise<{ authors: AuthorSummary[]; source: Source }> {
  try {
    return { authors: await request<AuthorSummary[]>('/api/authors'), source: 'database' };
  } catch {
    return { authors: sampleAuthors.map((author, index) => ({ id: index + 1, ...author })), source: 'sample' };
  }
}

export function createPost(input: NewPostInput): Promise<PostDetail> {
  return request<PostDetail>('/api/posts', { method: 'POST', body: JSON.stringify(input) });
}

export function addComment(slug: string, input: NewCommentInput): Promise<CommentItem> {
  return request<CommentItem>('/api/posts/' + encodeURIComponent(slug) + '/comments', { method: 'POST', body: JSON.stringify(input) });
}
