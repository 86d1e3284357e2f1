import type { SandboxState } from '@forge/protocol/admin';
import { cn } from '@/lib/cn';

const STATES: Record<SandboxState, { label: string; classes: string; dot: string }> = {
  running: { label: 'Running', classes: 'border-accent/30 bg-accent/10 text-accent', dot: 'bg-accent' },
  building: { label: 'Building', classes: 'border-warning/30 bg-warning/10 text-warning', dot: 'bg-warning' },
  failed: { label: 'Failed', classes: 'border-destructive/30 bg-destructive/10 text-destructive', dot: 'bg-destructive' },
  stopped: { label: 'Stopped', classes: 'border-border bg-surface-3 text-muted', dot: 'bg-subtle' },
};

/** A sandbox's state as a coloured pill; a build in progress pulses. `detail` is Docker's own status line. */
export function SandboxStateBadge({ state, detail, className }: { state: SandboxState; detail?: string; className?: string }) {
  const { label, classes, dot } = STATES[state];
  return (
    <span
      title={detail ? `Container: ${detail}` : undefined}
      className={cn('inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', classes, className)}
    >
      <span className="relative flex size-1.5" aria-hidden>
        {state === 'building' && <span className={cn('absolute inline-flex size-full animate-ping rounded-full opacity-75', dot)} />}
        <span className={cn('relative inline-flex size-1.5 rounded-full', dot)} />
      </span>
      {label}
    </span>
  );
}
