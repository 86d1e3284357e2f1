import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { PostSummary } from '../../shared/api-types';
import { AuthorAvatar } from '@/components/AuthorAvatar';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';

export function PostCard({ post, featured = false }: { post: PostSummary; featured?: boolean }) {
  return (
    <article className={cn('group rounded-xl border bg-card transition-shadow hover:shadow-md', featured && 'md:col-span-2')}>
      <Link to={`/post/${encodeURIComponent(post.slug)}`} className="grid h-full gap-3 p-6">
        <Badge variant="secondary" className="text-primary">
          {post.tag}
        </Badge>
        <h2 className={cn('font-serif font-bold tracking-tight group-hover:text-primary', featured ? 'text-3xl sm:text-4xl' : 'text-xl')}>{post.title}</h2>
        <p className={cn('text-muted-foreground', featured && 'text-lg')}>{post.excerpt}</p>
        <div className="mt-auto flex items-center gap-3 pt-2 text-sm">
          <AuthorAvatar name={post.author.name} className="size-8" />
          <span className="grid">
            <span className="font-medium">{post.author.name}</span>
            <span className="text-muted-foreground">
              {formatDate(post.createdAt)} · {post.readingMinutes} min read
            </span>
          </span>
          <span className="ml-auto inline-flex items-center gap-1 text-muted-foreground" title="Comments">
            <MessageCircle className="size-4" aria-hidden /> {post.commentCount}
          </span>
        </div>
      </Link>
    </article>
  );
}
