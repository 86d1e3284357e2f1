import { PostCard } from '@/components/PostCard';
import { useSocial } from '@/hooks/useSocial';
import type { Post } from '@/types';

export function PostFeed({ posts, empty }: { posts: Post[]; empty: string }) {
  const { state, dispatch, showTag } = useSocial();
  if (posts.length === 0) return <p className="px-6 py-16 text-center text-muted-foreground">{empty}</p>;
  return (
    <div>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} bookmarked={state.bookmarks.includes(post.id)} dispatch={dispatch} onTag={showTag} />
      ))}
    </div>
  );
}
