import { PageHeader } from '@/components/PageHeader';
import { PostFeed } from '@/components/PostFeed';
import { ProfileCard } from '@/components/ProfileCard';
import { Composer } from '@/components/Composer';
import { me } from '@/data/sample-data';
import { useSocial } from '@/hooks/useSocial';

export function ProfilePage() {
  const { state, dispatch } = useSocial();
  const posts = state.posts.filter((post) => post.authorId === me.id).sort((a, b) => b.createdAt - a.createdAt);
  return (
    <>
      <PageHeader title={<h1 className="text-xl font-bold">Your posts</h1>} />
      <div className="border-b p-4 lg:hidden">
        <ProfileCard posts={state.posts} following={state.following} />
      </div>
      <Composer onPublish={(text) => dispatch({ type: 'publish', text })} />
      <PostFeed posts={posts} empty="You have not posted yet. Say hello to the community!" />
    </>
  );
}
