import { Bookmark, House, UserRound } from 'lucide-react';
import type { View } from '../types';

const ITEMS: Array<{ view: View; label: string; icon: typeof House }> = [
  { view: 'home', label: 'Home', icon: House },
  { view: 'bookmarks', label: 'Bookmarks', icon: Bookmark },
  { view: 'profile', label: 'Profile', icon: UserRound },
];

interface Props {
  appName: string;
  view: View;
  onNavigate: (view: View) => void;
}

export function NavRail({ appName, view, onNavigate }: Props) {
  return (
    <nav className="nav-rail" aria-label="Main">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          {appName.charAt(0)}
        </span>
        <span className="brand-name">{appName}</span>
      </div>
      {ITEMS.map(({ view: target, label, icon: Icon }) => (
        <button
          key={target}
          type="button"
          className={view === target ? 'nav-item active' : 'nav-item'}
          aria-current={view === target ? 'page' : undefined}
          onClick={() => onNavigate(target)}
        >
          <Icon size={22} aria-hidden="true" />
          <span>{label}</span>
        </button>
      ))}
    </nav>
  );
}
