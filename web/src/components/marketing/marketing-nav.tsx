import { Link } from '@tanstack/react-router';
import { buttonClasses } from '@/components/ui/button';
import { ForgeLogo } from '@/components/ui/logo';

const anchors = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#pricing', label: 'Pricing' },
];

// The spec's marketing page links to the login page as "Back to Login".

export function MarketingNav() {
  return (
    <header className="sticky top-0 z-30 border-b border-border/60 bg-background/70 backdrop-blur-xl">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link to="/" aria-label="Forge home" className="flex items-center mr-auto rounded-md">
          <ForgeLogo />
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {anchors.map((anchor) => (
            <li key={anchor.href}>
              <a href={anchor.href} className={buttonClasses('ghost', 'sm')}>
                {anchor.label}
              </a>
            </li>
          ))}
        </ul>
        <Link to="/wall" className={buttonClasses('ghost', 'sm')}>
          Wall
        </Link>
        <Link to="/docs" className={buttonClasses('ghost', 'sm', 'max-sm:hidden')}>
          Docs
        </Link>
        <Link to="/auth" className={buttonClasses('outline', 'sm')}>
          Back to Login
        </Link>
      </nav>
    </header>
  );
}
