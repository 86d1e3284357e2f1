import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { AuthorAvatar } from '@/components/AuthorAvatar';
import { CommentSection } from '@/components/CommentSection';
import { PostBody } from '@/components/PostBody';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { usePost } from '@/lib/queries';

export function PostPage() {
  const slug = useParams().slug ?? '';
  const { data, isPending, isError, error } = usePost(slug);

  if (isPending)
    return (
      <div className="mx-auto grid max-w-2xl gap-4" aria-label="Loading">
        <Skeleton className="h-10 w-3/4" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-64" />
      </div>
    );
  if (isError) return <p className="text-destructive">The story could not be loaded: {error.message}</p>;
  if (data.data === null) {
    return (
      <div className="grid justify-items-center gap-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Story not found</h1>
        <p className="text-muted-foreground">It may have been moved or deleted.</p>
        <Button asChild variant="outline">
          <Link to="/">Back to all stories</Link>
        </Button>
      </div>
    );
  }

  const post = data.data;
  return (
    <article className="mx-auto grid max-w-2xl gap-8">
      <Link to="/" className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden /> All stories
      </Link>
      <header className="grid gap-4">
        <Badge asChild variant="secondary" className="text-primary">
          <Link to={`/tag/${encodeURIComponent(post.tag)}`}>{post.tag}</Link>
        </Badge>
        <h1 className="font-serif text-4xl font-bold tracking-tight sm:text-5xl">{post.title}</h1>
        {!post.body.startsWith(post.excerpt.replace(/…$/, '')) && <p className="text-xl text-muted-foreground">{post.excerpt}</p>}
        <div className="flex items-center gap-3 text-sm">
          <AuthorAvatar name={post.author.name} />
          <span className="grid">
            <span className="font-medium">{post.author.name}</span>
            <span className="text-muted-foreground">
              {formatDate(post.createdAt)} · {post.readingMinutes} min read
            </span>
          </span>
        </div>
      </header>
      <PostBody body={post.body} />
      <aside className="flex gap-4 rounded-xl border bg-muted/50 p-5">
        <AuthorAvatar name={post.author.name} className="size-12 text-base" />
        <div className="grid gap-1">
          <p className="font-semibold">
            {post.author.name} <span className="font-normal text-muted-foreground">· {post.author.role}</span>
          </p>
          <p className="text-sm text-muted-foreground">{post.author.bio}</p>
        </div>
      </aside>
      <CommentSection slug={post.slug} comments={post.comments} canComment={data.source === 'database'} />
    </article>
  );
}
