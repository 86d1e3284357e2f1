import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type EmptyStateTone = 'default' | 'primary' | 'destructive' | 'accent' | 'warning';

const tones: Record<EmptyStateTone, { glow: string; icon: string }> = {
  default: { glow: 'bg-primary/10', icon: 'text-muted' },
  primary: { glow: 'bg-primary/20', icon: 'text-primary' },
  destructive: { glow: 'bg-destructive/15', icon: 'text-destructive' },
  accent: { glow: 'bg-accent/15', icon: 'text-accent' },
  warning: { glow: 'bg-warning/15', icon: 'text-warning' },
};

export interface EmptyStateProps {
  icon: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  tone?: EmptyStateTone;
  /** Actions under the text. */
  children?: ReactNode;
  className?: string;
  /** Compact variant for narrow panels such as the sidebar. */
  size?: 'md' | 'sm';
  /** Fill and centre in the parent's height (default), or take only the room it needs. */
  fill?: boolean;
}

export function EmptyState({ icon: Icon, title, description, tone = 'default', children, className, size = 'md', fill = true }: EmptyStateProps) {
  const palette = tones[tone];
  const small = size === 'sm';
  return (
    <div className={cn('flex flex-col items-center justify-center text-center', fill && 'h-full', fill && (small ? 'px-5 py-10' : 'px-6 py-12'), className)}>
      <div className={cn('relative', small ? 'mb-4' : 'mb-6')}>
        <div className={cn('absolute inset-0 scale-110 rounded-full blur-xl', palette.glow)} aria-hidden />
        <div
          className={cn(
            'relative flex items-center justify-center rounded-full border border-border bg-gradient-to-b from-surface-3 to-surface-2 shadow-lg shadow-black/30',
            small ? 'size-12' : 'size-16',
          )}
        >
          <Icon className={cn(small ? 'size-5' : 'size-7', palette.icon)} strokeWidth={1.6} aria-hidden />
        </div>
      </div>
      <h2 className={cn('font-semibold text-foreground', small ? 'text-sm' : 'text-base')}>{title}</h2>
      {description && <p className={cn('mt-1.5 max-w-sm text-muted', small ? 'text-xs leading-relaxed' : 'text-sm leading-relaxed')}>{description}</p>}
      {children && <div className={cn('flex flex-wrap items-center justify-center gap-2', small ? 'mt-4' : 'mt-6')}>{children}</div>}
    </div>
  );
}
