// The JSON the API sends and accepts; the client and the server both use these.

export interface AuthorSummary {
  id: number;
  name: string;
  role: string;
  bio: string;
}

export interface PostSummary {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  tag: string;
  readingMinutes: number;
  /** ISO 8601 */
  createdAt: string;
  author: AuthorSummary;
  commentCount: number;
}

export interface CommentItem {
  id: number;
  authorName: string;
  body: string;
  createdAt: string;
}

export interface PostDetail extends PostSummary {
  body: string;
  comments: CommentItem[];
}

export interface NewPostInput {
  title: string;
  body: string;
  tag: string;
  authorId: number;
  excerpt?: string;
}

export interface NewCommentInput {
  authorName: string;
  body: string;
}
