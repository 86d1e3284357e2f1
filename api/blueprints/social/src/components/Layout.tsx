import { Outlet, useNavigate } from 'react-router';
import { NavRail } from '@/components/NavRail';
import { ProfileCard } from '@/components/ProfileCard';
import { TrendingTopics } from '@/components/TrendingTopics';
import { WhoToFollow } from '@/components/WhoToFollow';
import type { SocialContext } from '@/hooks/useSocial';
import { useSocialStore } from '@/store/useSocialStore';

export function Layout({ appName, tagline }: { appName: string; tagline: string }) {
  const { state, dispatch } = useSocialStore();
  const navigate = useNavigate();

  function showTag(tag: string) {
    navigate(`/?tag=${encodeURIComponent(tag.toLowerCase())}`);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  const context: SocialContext = { state, dispatch, showTag };
  return (
    <div className="mx-auto flex min-h-svh max-w-6xl gap-6 px-0 sm:px-4">
      <NavRail appName={appName} />
      <main className="min-w-0 flex-1 border-x bg-card pb-20 md:pb-0">
        <p className="sr-only">{tagline}</p>
        <Outlet context={context} />
      </main>
      <aside className="sticky top-0 hidden h-svh w-80 shrink-0 gap-4 overflow-y-auto py-6 lg:grid lg:content-start">
        <ProfileCard posts={state.posts} following={state.following} />
        <TrendingTopics posts={state.posts} onTag={showTag} />
        <WhoToFollow following={state.following} onToggle={(userId) => dispatch({ type: 'follow', userId })} />
      </aside>
    </div>
  );
}
