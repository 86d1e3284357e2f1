import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A spinner inside a button: decorative, so the button keeps its visible text as its name. */
export function ButtonSpinner({ className }: { className?: string }) {
  return <Loader2 className={cn('size-4 animate-spin', className)} aria-hidden />;
}
