import { Bookmark, House, UserRound } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';

const ITEMS = [
  { to: '/', label: 'Home', icon: House },
  { to: '/bookmarks', label: 'Bookmarks', icon: Bookmark },
  { to: '/profile', label: 'Profile', icon: UserRound },
];

/** The main navigation: a rail on the left from 768 px up, a bar at the bottom below. */
export function NavRail({ appName }: { appName: string }) {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 flex justify-around border-t bg-background/95 py-1 backdrop-blur md:sticky md:top-0 md:h-svh md:w-56 md:flex-col md:justify-start md:gap-1 md:border-0 md:bg-transparent md:py-6"
    >
      <div className="mb-6 hidden items-center gap-2.5 px-3 text-lg font-bold md:flex">
        <span className="grid size-9 place-items-center rounded-full bg-primary text-primary-foreground" aria-hidden>
          {appName.charAt(0)}
        </span>
        {appName}
      </div>
      {ITEMS.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) =>
            cn('flex flex-col items-center gap-1 rounded-full px-4 py-2 text-xs font-medium text-muted-foreground transition-colors hover:bg-muted md:flex-row md:gap-4 md:text-lg', isActive && 'font-bold text-foreground')
          }
        >
          <Icon className="size-6" aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
