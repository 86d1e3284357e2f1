import { RotateCw, ScrollText, Square, Trash2 } from 'lucide-react';
import type { AdminSandbox } from '@forge/protocol/admin';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useSandboxAction } from './use-sandbox-action';

export interface SandboxRowActionsProps {
  sandbox: AdminSandbox;
  onLogs: (sandbox: AdminSandbox) => void;
  onRemove: (sandbox: AdminSandbox) => void;
  /** Icons with tooltips in the table; labelled buttons on the mobile cards. */
  variant: 'icons' | 'buttons';
}

/** Logs, Stop, Restart and Remove for one sandbox; Remove asks first (the page's dialog). */
export function SandboxRowActions({ sandbox, onLogs, onRemove, variant }: SandboxRowActionsProps) {
  const stop = useSandboxAction('stop');
  const restart = useSandboxAction('restart');
  const busy = stop.isPending || restart.isPending;

  const actions = [
    { label: 'Logs', hint: 'Show the container output', icon: ScrollText, pending: false, disabled: false, onClick: () => onLogs(sandbox) },
    {
      label: 'Stop',
      hint: 'Stop the container',
      icon: Square,
      pending: stop.isPending,
      disabled: busy || sandbox.state === 'stopped',
      onClick: () => stop.mutate(sandbox),
    },
    {
      label: 'Restart',
      hint: 'Restart and rebuild',
      icon: RotateCw,
      pending: restart.isPending,
      disabled: busy,
      onClick: () => restart.mutate(sandbox),
    },
    { label: 'Remove', hint: 'Remove the container', icon: Trash2, pending: false, disabled: busy, onClick: () => onRemove(sandbox), danger: true },
  ];

  if (variant === 'buttons') {
    return (
      <div className="grid grid-cols-4 gap-2">
        {actions.map(({ label, icon: Icon, pending, disabled, onClick, danger }) => (
          <Button
            key={label}
            variant="outline"
            size="sm"
            onClick={onClick}
            disabled={disabled}
            className={cn('h-auto flex-col gap-1 px-1 py-2 text-[11px]', danger && 'text-destructive! hover:border-destructive/40! hover:bg-destructive/10!')}
          >
            {pending ? <ButtonSpinner /> : <Icon className="size-4" aria-hidden />}
            {label}
          </Button>
        ))}
      </div>
    );
  }

  return (
    <div className="flex items-center justify-end gap-0.5">
      {actions.map(({ label, hint, icon: Icon, pending, disabled, onClick, danger }) => (
        <Tooltip key={label} label={hint} side="top">
          <Button
            variant="ghost"
            size="icon"
            aria-label={label}
            onClick={onClick}
            disabled={disabled}
            className={cn('size-8 text-muted', danger && 'hover:bg-destructive/10! hover:text-destructive!')}
          >
            {pending ? <ButtonSpinner /> : <Icon className="size-4" aria-hidden />}
          </Button>
        </Tooltip>
      ))}
    </div>
  );
}
