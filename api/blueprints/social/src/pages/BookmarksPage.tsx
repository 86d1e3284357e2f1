import { PageHeader } from '@/components/PageHeader';
import { PostFeed } from '@/components/PostFeed';
import { useSocial } from '@/hooks/useSocial';

export function BookmarksPage() {
  const { state } = useSocial();
  const posts = state.posts.filter((post) => state.bookmarks.includes(post.id)).sort((a, b) => b.createdAt - a.createdAt);
  return (
    <>
      <PageHeader title={<h1 className="text-xl font-bold">Bookmarks</h1>} />
      <PostFeed posts={posts} empty="Nothing bookmarked yet. Tap the bookmark icon on a post to save it for later." />
    </>
  );
}
