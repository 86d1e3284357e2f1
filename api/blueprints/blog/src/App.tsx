import { PenLine } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PostSummary } from '../shared/api-types';
import { listPosts, type Source } from './api';
import { PostEditor } from './components/PostEditor';
import { PostList } from './components/PostList';
import { PostView } from './components/PostView';
import { SampleNotice } from './components/SampleNotice';
import { hrefFor, useRoute } from './lib/route';
import './app.css';

const BLOG_NAME = '{{title}}';
const TAGLINE = '{{tagline}}';

export function App() {
  const route = useRoute();
  const [posts, setPosts] = useState<PostSummary[] | null>(null);
  const [source, setSource] = useState<Source>('database');
  const [reloadKey, setReloadKey] = useState(0);
  const tag = route.name === 'home' ? route.tag : null;

  useEffect(() => {
    let cancelled = false;
    setPosts(null);
    listPosts(tag).then((result) => {
      if (cancelled) return;
      setPosts(result.posts);
      setSource(result.source);
    });
    return () => {
      cancelled = true;
    };
  }, [tag, reloadKey]);

  return (
    <div className="site">
      <header className="masthead">
        <div className="container masthead-inner">
          <a className="wordmark" href={hrefFor({ name: 'home', tag: null })}>
            {BLOG_NAME}
          </a>
          <nav className="masthead-nav" aria-label="Main">
            <a href={hrefFor({ name: 'home', tag: null })}>Stories</a>
            <a className="btn btn-primary btn-small" href={hrefFor({ name: 'write' })}>
              <PenLine size={16} aria-hidden="true" /> Write
            </a>
          </nav>
        </div>
      </header>
      {source === 'sample' && <SampleNotice />}
      <main className="container main">
        {route.name === 'home' && <PostList posts={posts} tag={route.tag} tagline={TAGLINE} />}
        {route.name === 'post' && <PostView slug={route.slug} />}
        {route.name === 'write' && <PostEditor onPublished={() => setReloadKey((key) => key + 1)} />}
      </main>
      <footer className="site-footer">
        <div className="container">
          <strong>{BLOG_NAME}</strong>
          <span className="muted">{TAGLINE}</span>
        </div>
      </footer>
    </div>
  );
}
