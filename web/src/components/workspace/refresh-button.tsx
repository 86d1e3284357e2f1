import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { REFRESH_SPINNER_MS } from '@/lib/ui-timing';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A Refresh button that spins for half a second, so a fast answer still reads as "done". */
export function RefreshButton({ onRefresh, label = 'Refresh', className }: { onRefresh: () => void; label?: string; className?: string }) {
  const [spinning, setSpinning] = useState(false);

  useEffect(() => {
    if (!spinning) return;
    const timer = setTimeout(() => setSpinning(false), REFRESH_SPINNER_MS);
    return () => clearTimeout(timer);
  }, [spinning]);

  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      disabled={spinning}
      onClick={() => {
        setSpinning(true);
        onRefresh();
      }}
    >
      <RefreshCw className={cn('size-3.5', spinning && 'animate-spin')} aria-hidden />
      {label}
    </Button>
  );
}
