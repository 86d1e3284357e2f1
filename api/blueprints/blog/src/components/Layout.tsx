import { PenLine } from 'lucide-react';
import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { SampleNotice } from '@/components/SampleNotice';
import { Button } from '@/components/ui/button';
import { site } from '@/lib/site';
import { cn } from '@/lib/utils';

export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => window.scrollTo({ top: 0 }), [pathname]);

  return (
    <div className="flex min-h-svh flex-col">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" className="font-serif text-2xl font-bold tracking-tight">
            {site.name}
          </Link>
          <nav className="flex items-center gap-2 text-sm font-medium" aria-label="Main">
            <NavLink to="/" end className={({ isActive }) => cn('rounded-md px-3 py-2 text-muted-foreground hover:text-foreground', isActive && 'text-foreground')}>
              Stories
            </NavLink>
            <Button asChild size="sm">
              <Link to="/write">
                <PenLine /> Write
              </Link>
            </Button>
          </nav>
        </div>
      </header>
      <SampleNotice />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
        <Outlet />
      </main>
      <footer className="border-t bg-muted/50">
        <div className="mx-auto flex max-w-5xl flex-wrap items-baseline justify-between gap-2 px-4 py-8 text-sm sm:px-6">
          <span className="font-serif text-base font-bold">{site.name}</span>
          <span className="text-muted-foreground">{site.tagline}</span>
        </div>
      </footer>
    </div>
  );
}
