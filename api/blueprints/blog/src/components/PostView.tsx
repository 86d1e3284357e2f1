import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PostDetail } from '../../shared/api-types';
import { getPost, type Source } from '../api';
import { formatDate, initials } from '../lib/format';
import { hrefFor } from '../lib/route';
import { CommentSection } from './CommentSection';
import { PostBody } from './PostBody';

export function PostView({ slug }: { slug: string }) {
  const [state, setState] = useState<{ post: PostDetail | null; source: Source } | null>(null);

  useEffect(() => {
    let cancelled = false;
    setState(null);
    getPost(slug).then((result) => {
      if (!cancelled) setState(result);
    });
    return () => {
      cancelled = true;
    };
  }, [slug]);

  if (state === null) return <p className="loading">Loading…</p>;
  if (state.post === null) {
    return (
      <div className="empty">
        <h1>Story not found</h1>
        <p className="muted">It may have been moved or deleted.</p>
        <a className="btn btn-outline" href={hrefFor({ name: 'home', tag: null })}>
          Back to all stories
        </a>
      </div>
    );
  }

  const { post, source } = state;
  return (
    <article className="post">
      <a className="back-link" href={hrefFor({ name: 'home', tag: null })}>
        <ArrowLeft size={16} aria-hidden="true" /> All stories
      </a>
      <header className="post-header">
        <a className="tag" href={hrefFor({ name: 'home', tag: post.tag })}>
          {post.tag}
        </a>
        <h1>{post.title}</h1>
        {!post.body.startsWith(post.excerpt.replace(/…$/, '')) && <p className="post-dek">{post.excerpt}</p>}
        <div className="byline">
          <span className="avatar" aria-hidden="true">
            {initials(post.author.name)}
          </span>
          <span>
            <strong>{post.author.name}</strong>
            <span className="muted">
              {formatDate(post.createdAt)} · {post.readingMinutes} min read
            </span>
          </span>
        </div>
      </header>
      <PostBody body={post.body} />
      <aside className="author-box">
        <span className="avatar avatar-large" aria-hidden="true">
          {initials(post.author.name)}
        </span>
        <div>
          <strong>
            {post.author.name} · <span className="muted">{post.author.role}</span>
          </strong>
          <p>{post.author.bio}</p>
        </div>
      </aside>
      <CommentSection slug={post.slug} initialComments={post.comments} canComment={source === 'database'} />
    </article>
  );
}
