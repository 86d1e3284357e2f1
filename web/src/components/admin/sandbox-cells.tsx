import { ExternalLink } from 'lucide-react';
import type { AdminSandbox } from '@forge/protocol/admin';
import { formatModifiedAt } from '@/components/projects/format-date';
import { cn } from '@/lib/cn';
import { formatCpu, formatLastVisit, formatMemory, formatUptime, usageShare } from './sandbox-format';

const NONE = <span className="text-subtle">—</span>;

function meterTone(share: number): string {
  if (share >= 90) return 'bg-destructive';
  if (share >= 70) return 'bg-warning';
  return 'bg-primary';
}

function Meter({ share, label }: { share: number; label: string }) {
  return (
    <div role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(share)} className="mt-1.5 h-1 w-full max-w-28 overflow-hidden rounded-full bg-surface-3">
      <div className={cn('h-full rounded-full transition-[width] duration-500', meterTone(share))} style={{ width: `${share}%` }} />
    </div>
  );
}

export function CpuCell({ sandbox }: { sandbox: AdminSandbox }) {
  const cpu = sandbox.container?.cpuPercent;
  if (cpu === null || cpu === undefined) return NONE;
  return (
    <div>
      <span className="font-mono text-xs text-foreground tabular-nums">{formatCpu(cpu)}</span>
      <Meter share={usageShare(cpu, 100)} label={`CPU of ${sandbox.projectName}`} />
    </div>
  );
}

export function MemoryCell({ sandbox }: { sandbox: AdminSandbox }) {
  const used = sandbox.container?.memoryBytes;
  if (used === null || used === undefined) return NONE;
  const limit = sandbox.container?.memoryLimitBytes ?? null;
  return (
    <div>
      <span className="font-mono text-xs whitespace-nowrap text-foreground tabular-nums">{formatMemory(used, limit)}</span>
      {limit ? <Meter share={usageShare(used, limit)} label={`Memory of ${sandbox.projectName}`} /> : null}
    </div>
  );
}

export function OwnerHint({ sandbox }: { sandbox: AdminSandbox }) {
  return (
    <span title={`Account ${sandbox.ownerId}`} className="inline-flex rounded-md border border-border bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-muted">
      {sandbox.ownerKeyHint}…
    </span>
  );
}

export function UptimeText({ sandbox, now }: { sandbox: AdminSandbox; now: number }) {
  if (sandbox.state !== 'running' || !sandbox.startedAt) return NONE;
  return (
    <time dateTime={sandbox.startedAt} title={`Started ${formatModifiedAt(sandbox.startedAt)}`} className="whitespace-nowrap tabular-nums">
      {formatUptime(sandbox.startedAt, now)}
    </time>
  );
}

export function LastVisitText({ sandbox, now }: { sandbox: AdminSandbox; now: number }) {
  if (!sandbox.lastVisitAt) return <span className="text-subtle">Never</span>;
  return (
    <time dateTime={sandbox.lastVisitAt} title={formatModifiedAt(sandbox.lastVisitAt)}>
      {formatLastVisit(sandbox.lastVisitAt, now)}
    </time>
  );
}

/** The live preview, in a new tab; only a running sandbox has one to open. */
export function PreviewLink({ sandbox, className }: { sandbox: AdminSandbox; className?: string }) {
  if (sandbox.state !== 'running' || !sandbox.previewUrl) return NONE;
  return (
    <a
      href={sandbox.previewUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open the preview of ${sandbox.projectName} in a new tab`}
      className={cn('inline-flex items-center gap-1.5 rounded-md text-sm font-medium whitespace-nowrap text-primary-hover transition-colors hover:text-foreground', className)}
    >
      Preview
      <ExternalLink className="size-3.5" aria-hidden />
    </a>
  );
}
