import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, Link } from '@tanstack/react-router';
import { LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { wallQueryOptions } from '@/api/queries/shares';
import { Button, buttonClasses } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { useRetryRoute } from '@/lib/use-retry-route';
import { PublicFrame } from './public-frame';
import { WallCard } from './wall-card';

/** /wall: every published project, newest first, a page at a time. */
export function WallPage() {
  const wall = useSuspenseInfiniteQuery(wallQueryOptions);
  const items = wall.data.pages.flatMap((page) => page.items);

  return (
    <WallFrame>
      {items.length === 0 && (
        <StatePanel
          tone="primary"
          icon={<LayoutGrid aria-hidden />}
          title="Nothing on the wall yet"
          actions={
            <Link to="/projects" className={buttonClasses('primary')}>
              Share a project
            </Link>
          }
          className="max-w-none rounded-[var(--radius-card)] border border-dashed border-border-strong bg-surface/60 py-20"
        >
          Publish a project from My Projects or the workspace and it shows here.
        </StatePanel>
      )}

      {items.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Published projects">
          {items.map((item) => (
            <li key={item.shareId} className="min-w-0">
              <WallCard item={item} />
            </li>
          ))}
        </ul>
      )}

      {wall.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button variant="outline" onClick={() => void wall.fetchNextPage()} disabled={wall.isFetchingNextPage}>
            {wall.isFetchingNextPage && <ButtonSpinner />}
            {wall.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
      {wall.isFetchNextPageError && <p className="mt-3 text-center text-sm text-destructive">Failed to load more projects. Try again.</p>}
    </WallFrame>
  );
}

export function WallPending() {
  return (
    <WallFrame>
      <div className="flex flex-col items-center justify-center gap-3 py-24 text-sm text-muted">
        <Spinner className="size-6" label="Loading the wall" />
        <p>Loading the wall...</p>
      </div>
    </WallFrame>
  );
}

export function WallLoadError({ error }: ErrorComponentProps) {
  const retry = useRetryRoute();
  return (
    <WallFrame>
      <LoadErrorPanel title="Failed to load the wall" error={error} fallback="The wall could not be loaded." onRetry={retry} />
    </WallFrame>
  );
}

function WallFrame({ children }: { children: ReactNode }) {
  return (
    <PublicFrame>
      <div className="bg-[radial-gradient(ellipse_80%_50%_at_50%_-10%,color-mix(in_srgb,var(--color-primary)_12%,transparent),transparent)]">
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
          <div className="mb-8">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">The Wall</h1>
            <p className="mt-1.5 text-sm text-muted">Apps people built with Forge and chose to share, newest first. Open one to try it and read its code.</p>
          </div>
          {children}
        </div>
      </div>
    </PublicFrame>
  );
}
