import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return <Loader2 className={cn('animate-spin text-muted', className ?? 'size-5')} role="status" aria-label={label ?? 'Loading'} />;
}
