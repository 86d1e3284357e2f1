import { MessageCircle } from 'lucide-react';
import type { PostSummary } from '../../shared/api-types';
import { formatDate, initials } from '../lib/format';
import { hrefFor } from '../lib/route';

interface Props {
  posts: PostSummary[] | null;
  tag: string | null;
  tagline: string;
}

export function PostList({ posts, tag, tagline }: Props) {
  if (posts === null) return <p className="loading">Loading stories…</p>;

  const tags = [...new Set(posts.map((post) => post.tag))].sort();
  // The newest story leads the home page; a tag page is a plain grid.
  const featured = tag ? null : (posts[0] ?? null);
  const rest = featured ? posts.slice(1) : posts;

  return (
    <>
      <section className="intro">
        <h1>{tag ? 'Stories tagged ' + tag : tagline}</h1>
        <nav className="tags" aria-label="Tags">
          <a href={hrefFor({ name: 'home', tag: null })} aria-current={tag === null ? 'page' : undefined}>
            All
          </a>
          {(tag && !tags.includes(tag) ? [...tags, tag] : tags).map((name) => (
            <a key={name} href={hrefFor({ name: 'home', tag: name })} aria-current={tag === name ? 'page' : undefined}>
              {name}
            </a>
          ))}
        </nav>
      </section>
      {posts.length === 0 && <p className="empty">No stories here yet. Be the first to write one.</p>}
      {featured && <PostCard post={featured} featured />}
      <div className="post-grid">
        {rest.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </div>
    </>
  );
}

function PostCard({ post, featured = false }: { post: PostSummary; featured?: boolean }) {
  return (
    <article className={featured ? 'post-card featured' : 'post-card'}>
      <a className="post-card-link" href={hrefFor({ name: 'post', slug: post.slug })}>
        <span className="tag">{post.tag}</span>
        <h2>{post.title}</h2>
        <p className="excerpt">{post.excerpt}</p>
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
          <span className="comment-count muted" title="Comments">
            <MessageCircle size={16} aria-hidden="true" /> {post.commentCount}
          </span>
        </div>
      </a>
    </article>
  );
}
