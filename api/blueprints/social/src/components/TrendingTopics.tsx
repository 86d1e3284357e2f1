import { TrendingUp } from 'lucide-react';
import { hashtagsIn } from '../lib/hashtags';
import type { Post } from '../types';

export function TrendingTopics({ posts, onTag }: { posts: Post[]; onTag: (tag: string) => void }) {
  const stats = new Map<string, { posts: number; likes: number }>();
  for (const post of posts) {
    for (const tag of new Set(hashtagsIn(post.text))) {
      const current = stats.get(tag) ?? { posts: 0, likes: 0 };
      stats.set(tag, { posts: current.posts + 1, likes: current.likes + post.likes });
    }
  }
  const top = [...stats].sort((a, b) => b[1].posts - a[1].posts || b[1].likes - a[1].likes).slice(0, 5);
  if (top.length === 0) return null;
  return (
    <section className="card side-card">
      <h2>
        <TrendingUp size={18} aria-hidden="true" /> Trending
      </h2>
      <ol className="trending">
        {top.map(([tag, { posts: count, likes }], index) => (
          <li key={tag}>
            <button type="button" onClick={() => onTag(tag)}>
              <span className="muted small">{index + 1} · Trending</span>
              <strong>{tag}</strong>
              <span className="muted small">
                {count} {count === 1 ? 'post' : 'posts'} · {likes} likes
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
