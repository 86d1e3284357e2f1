import { cn } from '@/lib/cn';

/** The brand mark, the same drawing as the favicon. */
export function ForgeMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('shrink-0', className ?? 'size-7')} aria-hidden focusable="false">
      <defs>
        <linearGradient id="forge-mark-gradient" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#8f81ff" />
          <stop offset="1" stopColor="#5b4bf0" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#forge-mark-gradient)" />
      <path d="M10 22V10h12v3h-8.5v2.5H20v3h-6.5V22z" fill="#fff" />
    </svg>
  );
}

/** Mark plus word; the word is the accessible name of whatever link wraps it. */
export function ForgeLogo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight text-foreground', className)}>
      <ForgeMark className={markClassName} />
      <span>Forge</span>
    </span>
  );
}
