import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { meQueryOptions } from '@/api/queries/auth';
import { buttonClasses } from '@/components/ui/button';
import { ForgeLogo, ForgeMark } from '@/components/ui/logo';

/** The frame of pages anyone may open (a shared project, the wall): Forge, the wall, and a way in. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { data: user } = useQuery(meQueryOptions);
  return (
    <div className="flex min-h-full flex-col">
      <header className="sticky top-0 z-20 border-b border-border bg-background/80 backdrop-blur-md">
        <nav aria-label="Main" className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:px-6">
          <Link to="/" aria-label="Forge home" className="mr-auto flex items-center rounded-md">
            <ForgeLogo />
          </Link>
          <Link to="/wall" className={buttonClasses('ghost', 'sm')}>
            <LayoutGrid className="size-4" aria-hidden />
            Wall
          </Link>
          {user ? (
            <Link to="/projects" className={buttonClasses('outline', 'sm')}>
              My Projects
            </Link>
          ) : (
            <Link to="/auth" className={buttonClasses('primary', 'sm')}>
              Start for Free
              <ArrowRight className="size-3.5" aria-hidden />
            </Link>
          )}
        </nav>
      </header>
      <main className="flex flex-1 flex-col">{children}</main>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-6 text-xs text-subtle sm:px-6">
          <ForgeMark className="size-4" />
          Powered by Forge
        </div>
      </footer>
    </div>
  );
}
