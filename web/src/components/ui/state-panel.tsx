import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type Tone = 'neutral' | 'destructive' | 'primary';

const iconTones: Record<Tone, string> = {
  neutral: 'border-border bg-surface-2 text-muted',
  destructive: 'border-destructive/30 bg-destructive/10 text-destructive',
  primary: 'border-primary/30 bg-primary/10 text-primary-hover',
};

interface StatePanelProps {
  icon: ReactNode;
  title: string;
  /** Heading level: a page whose whole content is this state uses h1. */
  as?: 'h1' | 'h2';
  tone?: Tone;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** Centered empty, error and not-found states, one look across pages. */
export function StatePanel({ icon, title, as: Heading = 'h2', tone = 'neutral', children, actions, className }: StatePanelProps) {
  return (
    <div className={cn('mx-auto flex max-w-md flex-col items-center px-6 py-16 text-center', className)}>
      <div className={cn('mb-5 flex size-14 items-center justify-center rounded-2xl border [&_svg]:size-6', iconTones[tone])}>{icon}</div>
      <Heading className="text-xl font-semibold tracking-tight text-foreground">{title}</Heading>
      {children && <div className="mt-2 text-sm leading-relaxed text-muted">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap items-center justify-center gap-2">{actions}</div>}
    </div>
  );
}
