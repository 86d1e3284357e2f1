import type { WorkspaceStatus } from '@/store/workspace';
import { cn } from '@/lib/cn';

/** Warning while generating or building, destructive on error, accent otherwise. */
export function statusTone(status: WorkspaceStatus): 'warning' | 'destructive' | 'accent' {
  if (status === 'Generating' || status === 'Building') return 'warning';
  if (status === 'Error') return 'destructive';
  return 'accent';
}

const toneClasses = {
  warning: { text: 'text-warning', border: 'border-warning/30', bg: 'bg-warning/10', dot: 'bg-warning' },
  destructive: { text: 'text-destructive', border: 'border-destructive/30', bg: 'bg-destructive/10', dot: 'bg-destructive' },
  accent: { text: 'text-accent', border: 'border-accent/25', bg: 'bg-accent/10', dot: 'bg-accent' },
};

export function StatusIndicator({ status, className }: { status: WorkspaceStatus; className?: string }) {
  const tone = statusTone(status);
  const classes = toneClasses[tone];
  const busy = tone === 'warning';
  return (
    <div
      data-testid="status-indicator"
      data-status={status}
      aria-live="polite"
      title={`Status: ${status}`}
      className={cn('inline-flex h-7 items-center gap-2 rounded-full border px-2.5 text-xs font-medium', classes.text, classes.border, classes.bg, className)}
    >
      <span className="relative flex size-2" aria-hidden>
        {busy && <span className={cn('absolute inline-flex size-full animate-ping rounded-full opacity-75', classes.dot)} />}
        <span className={cn('relative inline-flex size-2 rounded-full', classes.dot)} />
      </span>
      <span>{status}</span>
    </div>
  );
}
