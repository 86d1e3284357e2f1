export interface User {
  id: string;
  name: string;
  handle: string;
  bio: string;
}

export interface Comment {
  id: string;
  authorId: string;
  text: string;
  /** Milliseconds since 1970. */
  createdAt: number;
}

export interface Post {
  id: string;
  authorId: string;
  text: string;
  createdAt: number;
  likes: number;
  likedByMe: boolean;
  reposts: number;
  repostedByMe: boolean;
  comments: Comment[];
}

export type FeedTab = 'for-you' | 'following';
