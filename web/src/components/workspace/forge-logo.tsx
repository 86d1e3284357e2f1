import { cn } from '@/lib/cn';

/** The Forge mark: a spark over an anvil-like block, drawn inline so it needs no asset request. */
export function ForgeLogo({ className }: { className?: string }) {
  return (
    <span className={cn('relative inline-flex items-center justify-center rounded-lg bg-gradient-to-br from-primary to-[#4f46e5] shadow-md shadow-primary/30', className)} aria-hidden>
      <svg viewBox="0 0 24 24" className="size-[62%] text-white" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 3.5 13.6 7l3.4 1.5-3.4 1.5L12 13.5 10.4 10 7 8.5 10.4 7Z" fill="currentColor" stroke="none" />
        <path d="M5 16h14l-2 4H7Z" />
      </svg>
    </span>
  );
}
