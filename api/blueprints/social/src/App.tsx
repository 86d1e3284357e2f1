import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Composer } from './components/Composer';
import { NavRail } from './components/NavRail';
import { PostCard } from './components/PostCard';
import { ProfileCard } from './components/ProfileCard';
import { TrendingTopics } from './components/TrendingTopics';
import { WhoToFollow } from './components/WhoToFollow';
import { me } from './data/sample-data';
import { hashtagsIn } from './lib/hashtags';
import { useSocialStore } from './store/useSocialStore';
import type { FeedTab, View } from './types';
import './app.css';

const APP_NAME = '{{title}}';
const TAGLINE = '{{tagline}}';

export function App() {
  const { state, dispatch } = useSocialStore();
  const [view, setView] = useState<View>('home');
  const [tab, setTab] = useState<FeedTab>('for-you');
  const [tag, setTag] = useState<string | null>(null);

  const posts = useMemo(() => {
    let list = [...state.posts].sort((a, b) => b.createdAt - a.createdAt);
    if (view === 'bookmarks') list = list.filter((post) => state.bookmarks.includes(post.id));
    else if (view === 'profile') list = list.filter((post) => post.authorId === me.id);
    else if (tab === 'following') list = list.filter((post) => post.authorId === me.id || state.following.includes(post.authorId));
    if (tag) list = list.filter((post) => hashtagsIn(post.text).includes(tag));
    return list;
  }, [state, view, tab, tag]);

  function showTag(name: string) {
    setTag(name.toLowerCase());
    setView('home');
    setTab('for-you');
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  const heading = view === 'bookmarks' ? 'Bookmarks' : view === 'profile' ? 'Your posts' : 'Home';

  return (
    <div className="shell">
      <NavRail appName={APP_NAME} view={view} onNavigate={(next) => { setView(next); setTag(null); }} />
      <main className="feed" aria-label={heading}>
        <header className="feed-header">
          <div className="feed-title">
            <h1>{heading}</h1>
            <p className="muted">{TAGLINE}</p>
          </div>
          {view === 'home' && (
            <div className="tabs" role="tablist">
              <button role="tab" aria-selected={tab === 'for-you'} onClick={() => setTab('for-you')}>
                For you
              </button>
              <button role="tab" aria-selected={tab === 'following'} onClick={() => setTab('following')}>
                Following
              </button>
            </div>
          )}
        </header>
        {view !== 'bookmarks' && <Composer onPublish={(text) => dispatch({ type: 'publish', text })} />}
        {tag && (
          <div className="tag-banner">
            Showing posts tagged <strong>{tag}</strong>
            <button className="icon-button" type="button" aria-label="Clear tag filter" onClick={() => setTag(null)}>
              <X size={16} />
            </button>
          </div>
        )}
        {posts.length === 0 ? (
          <p className="empty">
            {view === 'bookmarks'
              ? 'Nothing bookmarked yet. Tap the bookmark icon on a post to save it for later.'
              : view === 'profile'
                ? 'You have not posted yet. Say hello to the community!'
                : 'No posts here yet. Follow a few people to fill your feed.'}
          </p>
        ) : (
          posts.map((post) => (
            <PostCard key={post.id} post={post} bookmarked={state.bookmarks.includes(post.id)} dispatch={dispatch} onTag={showTag} />
          ))
        )}
      </main>
      <aside className="sidebar-right">
        <ProfileCard posts={state.posts} following={state.following} />
        <TrendingTopics posts={state.posts} onTag={showTag} />
        <WhoToFollow following={state.following} onToggle={(userId) => dispatch({ type: 'follow', userId })} />
      </aside>
    </div>
  );
}
