import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { cn } from '@/lib/cn';
import { buttonClasses } from './button';
import { ForgeLogo } from './logo';

/** The sticky top bar of the pages outside the workspace: Back to / and the logo. */
export function BackHeader({ widthClassName = 'max-w-6xl' }: { widthClassName?: string }) {
  return (
    <header className="sticky top-0 z-20 border-b border-border bg-background/80 backdrop-blur-md">
      <div className={cn('mx-auto flex h-14 items-center gap-3 px-4 sm:px-6', widthClassName)}>
        <Link to="/" className={buttonClasses('ghost', 'sm', '-ml-2')}>
          <ArrowLeft className="size-4" aria-hidden />
          Back
        </Link>
        <span className="h-5 w-px bg-border" aria-hidden />
        <Link to="/" aria-label="Forge home" className="flex items-center rounded-md">
          <ForgeLogo markClassName="size-6" />
        </Link>
      </div>
    </header>
  );
}
