import { TrendingUp } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { hashtagsIn } from '@/lib/hashtags';
import type { Post } from '@/types';

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
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TrendingUp className="size-4 text-primary" aria-hidden /> Trending
        </CardTitle>
      </CardHeader>
      <CardContent className="px-2">
        <ol>
          {top.map(([tag, { posts: count, likes }], index) => (
            <li key={tag}>
              <button type="button" className="grid w-full cursor-pointer rounded-md px-3 py-2 text-left hover:bg-muted" onClick={() => onTag(tag)}>
                <span className="text-xs text-muted-foreground">{index + 1} · Trending</span>
                <span className="font-semibold">{tag}</span>
                <span className="text-xs text-muted-foreground">
                  {count} {count === 1 ? 'post' : 'posts'} · {likes} likes
                </span>
              </button>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
