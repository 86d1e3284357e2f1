import { useQuery } from '@tanstack/react-query';
import { Activity, AlertTriangle, ExternalLink } from 'lucide-react';
import type { AdminOverview } from '@forge/protocol/admin';
import { adminOverviewQueryOptions } from '@/api/queries/admin';
import { cn } from '@/lib/cn';

/**
 * The console's first screen: a banner when no node takes work or a node is lost (with why), then the
 * queue and health at a glance, with the way to the metrics. Polled like the rest of the console.
 */
export function OpsOverview() {
  const overview = useQuery(adminOverviewQueryOptions);
  if (!overview.data) return null;
  return (
    <>
      <ConsoleBanner warnings={overview.data.warnings} />
      <OverviewFigures overview={overview.data} />
    </>
  );
}

function ConsoleBanner({ warnings }: { warnings: AdminOverview['warnings'] }) {
  if (warnings.length === 0) return null;
  return (
    <div role="alert" aria-label="Node warnings" className="mb-6 flex items-start gap-3 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/10 p-4 text-sm">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <ul className="flex min-w-0 flex-col gap-2">
        {warnings.map((warning) => (
          <li key={warning.nodeId ?? 'platform'} className="min-w-0">
            <p className="font-medium break-words text-foreground">{warning.message}</p>
            {warning.reason && <p className="mt-0.5 text-xs break-words text-foreground/75">Why: {warning.reason}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Figures an operator checks first; a node count below the total is flagged. */
export function overviewFigures(overview: AdminOverview): Array<{ label: string; value: string; warn: boolean }> {
  return [
    { label: 'Builds queued', value: String(overview.buildsQueued), warn: false },
    { label: 'Builds running', value: String(overview.buildsRunning), warn: false },
    { label: 'Generations running', value: String(overview.generationsRunning), warn: false },
    { label: 'Nodes taking work', value: `${overview.nodesTakingWork} of ${overview.nodesTotal}`, warn: overview.nodesTakingWork < overview.nodesTotal },
  ];
}

function OverviewFigures({ overview }: { overview: AdminOverview }) {
  return (
    <section aria-label="Queue and health" className="mb-8">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {overviewFigures(overview).map((figure) => (
          <div key={figure.label} className="min-w-0 rounded-[var(--radius-card)] border border-border bg-surface px-4 py-3">
            <dt className="text-[11px] leading-tight font-medium tracking-wider break-words text-subtle uppercase">{figure.label}</dt>
            <dd className={cn('mt-1 text-xl font-semibold tabular-nums', figure.warn ? 'text-warning' : 'text-foreground')}>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 flex items-center gap-1.5 text-xs text-muted">
        <Activity className="size-3.5" aria-hidden />
        Counts across every server.
        <a href={overview.metricsPath} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary-hover underline-offset-2 hover:underline">
          Metrics for operators
          <ExternalLink className="size-3" aria-hidden />
        </a>
      </p>
    </section>
  );
}
