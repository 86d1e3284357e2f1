import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function ViewHeader({ icon: Icon, title, subtitle, actions }: { icon: LucideIcon; title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex min-h-14 shrink-0 items-center gap-3 border-b border-border bg-surface px-4 py-2.5">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-2 text-muted">
        <Icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0">
        <h2 className="truncate text-sm font-semibold text-foreground">{title}</h2>
        {subtitle && <p className="truncate text-xs text-subtle">{subtitle}</p>}
      </div>
      {actions && <div className="ml-auto flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}
