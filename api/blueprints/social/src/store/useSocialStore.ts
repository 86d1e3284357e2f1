import { useEffect, useReducer } from 'react';
import { createSamplePosts, initiallyFollowing, me } from '@/data/sample-data';
import type { Post } from '@/types';

const STORAGE_KEY = '{{packageName}}:social:v1';

export interface SocialState {
  posts: Post[];
  following: string[];
  bookmarks: string[];
}

type Action =
  | { type: 'publish'; text: string }
  | { type: 'remove'; postId: string }
  | { type: 'like'; postId: string }
  | { type: 'repost'; postId: string }
  | { type: 'bookmark'; postId: string }
  | { type: 'comment'; postId: string; text: string }
  | { type: 'follow'; userId: string };

function newId(prefix: string): string {
  return prefix + Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
}

function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((item) => item !== id) : [...list, id];
}

function updatePost(state: SocialState, postId: string, change: (post: Post) => Post): SocialState {
  return { ...state, posts: state.posts.map((post) => (post.id === postId ? change(post) : post)) };
}

function reducer(state: SocialState, action: Action): SocialState {
  switch (action.type) {
    case 'publish': {
      const post: Post = { id: newId('p'), authorId: me.id, text: action.text, createdAt: Date.now(), likes: 0, likedByMe: false, reposts: 0, repostedByMe: false, comments: [] };
      return { ...state, posts: [post, ...state.posts] };
    }
    case 'remove':
      return { ...state, posts: state.posts.filter((post) => post.id !== action.postId) };
    case 'like':
      return updatePost(state, action.postId, (post) => ({ ...post, likedByMe: !post.likedByMe, likes: post.likes + (post.likedByMe ? -1 : 1) }));
    case 'repost':
      return updatePost(state, action.postId, (post) => ({ ...post, repostedByMe: !post.repostedByMe, reposts: post.reposts + (post.repostedByMe ? -1 : 1) }));
    case 'bookmark':
      return { ...state, bookmarks: toggle(state.bookmarks, action.postId) };
    case 'comment':
      return updatePost(state, action.postId, (post) => ({
        ...post,
        comments: [...post.comments, { id: newId('c'), authorId: me.id, text: action.text, createdAt: Date.now() }],
      }));
    case 'follow':
      return { ...state, following: toggle(state.following, action.userId) };
  }
}

function load(): SocialState {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored) return JSON.parse(stored) as SocialState;
  } catch {
    // Unreadable or blocked storage: start from the sample community.
  }
  return { posts: createSamplePosts(), following: initiallyFollowing, bookmarks: [] };
}

/** Everything the feed shows, saved to this browser's local storage on every change. */
export function useSocialStore() {
  const [state, dispatch] = useReducer(reducer, undefined, load);
  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Saving is best effort.
    }
  }, [state]);
  return { state, dispatch };
}

export type SocialDispatch = ReturnType<typeof useSocialStore>['dispatch'];
