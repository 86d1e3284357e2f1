import { AlertCircle, RotateCcw } from 'lucide-react';
import { getErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { StatePanel } from '@/components/ui/state-panel';
import { cn } from '@/lib/cn';

interface LoadErrorPanelProps {
  /** E.g. "Failed to load projects". */
  title: string;
  error: unknown;
  /** Shown when the error carries no message of its own. */
  fallback: string;
  onRetry: () => void;
  className?: string;
}

/** A page's main request failed and nothing is on screen yet: what went wrong, and Retry. */
export function LoadErrorPanel({ title, error, fallback, onRetry, className }: LoadErrorPanelProps) {
  return (
    <StatePanel
      tone="destructive"
      icon={<AlertCircle aria-hidden />}
      title={title}
      className={cn('max-w-none rounded-[var(--radius-card)] border border-border bg-surface py-20', className)}
      actions={
        <Button variant="outline" onClick={onRetry}>
          <RotateCcw className="size-4" aria-hidden />
          Retry
        </Button>
      }
    >
      {getErrorMessage(error, fallback)}
    </StatePanel>
  );
}
