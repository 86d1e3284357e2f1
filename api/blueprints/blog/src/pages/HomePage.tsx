import { Link, useParams } from 'react-router';
import { PostCard } from '@/components/PostCard';
import { Skeleton } from '@/components/ui/skeleton';
import { site } from '@/lib/site';
import { usePosts } from '@/lib/queries';
import { cn } from '@/lib/utils';

export function HomePage() {
  const tag = useParams().tag ?? null;
  const posts = usePosts(tag);
  const all = usePosts(null);
  const tags = [...new Set((all.data?.data ?? []).map((post) => post.tag))].sort();
  const list = posts.data?.data ?? [];

  return (
    <div className="grid gap-10">
      <section className="grid gap-5">
        <h1 className="max-w-3xl font-serif text-4xl font-bold tracking-tight sm:text-5xl">{site.headline}</h1>
        <nav className="flex flex-wrap gap-2" aria-label="Tags">
          {[null, ...(tag && !tags.includes(tag) ? [...tags, tag] : tags)].map((name) => (
            <Link
              key={name ?? 'all'}
              to={name ? `/tag/${encodeURIComponent(name)}` : '/'}
              aria-current={tag === name ? 'page' : undefined}
              className={cn('rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors hover:border-primary hover:text-primary', tag === name && 'border-primary bg-primary text-primary-foreground hover:text-primary-foreground')}
            >
              {name ?? 'All'}
            </Link>
          ))}
        </nav>
        {tag && <h2 className="text-xl font-semibold">Stories tagged {tag}</h2>}
      </section>

      {posts.isPending ? (
        <div className="grid gap-5 md:grid-cols-2" aria-label="Loading stories">
          <Skeleton className="h-64 md:col-span-2" />
          <Skeleton className="h-52" />
          <Skeleton className="h-52" />
        </div>
      ) : posts.isError ? (
        <p className="text-destructive">The stories could not be loaded: {posts.error.message}</p>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">No stories here yet. Be the first to write one.</p>
      ) : (
        <div className="grid gap-5 md:grid-cols-2">
          {list.map((post, index) => (
            // The newest story leads the home page; a tag page is a plain grid.
            <PostCard key={post.id} post={post} featured={!tag && index === 0} />
          ))}
        </div>
      )}
    </div>
  );
}
