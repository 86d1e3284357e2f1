import { CircleCheck, CircleDashed, DatabaseZap, HardDrive, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

interface DatabaseStatusCardProps {
  schemaConfigured: boolean;
  isInitialized: boolean;
  description: string | null;
  /** Why the database takes no new data (over its size), or null. */
  sizeNotice: string | null;
  onInitialize: () => void;
}

/** Whether the project has a schema and a database, with the way to (re)initialize it. */
export function DatabaseStatusCard({ schemaConfigured, isInitialized, description, sizeNotice, onInitialize }: DatabaseStatusCardProps) {
  return (
    <section aria-labelledby="database-status-heading" className="rounded-[var(--radius-card)] border border-border bg-surface p-4">
      <div className="flex items-start gap-3">
        <h3 id="database-status-heading" className="text-sm font-semibold text-foreground">
          Database Status
        </h3>
        {isInitialized && (
          <Button variant="ghost" size="sm" className="-mt-1 ml-auto" onClick={onInitialize}>
            <RotateCcw className="size-3.5" aria-hidden />
            Re-initialize
          </Button>
        )}
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
        <StatusItem label="Schema Configured" value={schemaConfigured ? 'Yes' : 'No'} ok={schemaConfigured} />
        <StatusItem label="Database Initialized" value={isInitialized ? 'Yes' : 'Not Yet'} ok={isInitialized} />
      </dl>
      {description && <p className="mt-3 text-sm leading-relaxed text-muted">{description}</p>}
      {sizeNotice && (
        <p role="alert" className="mt-4 flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-foreground">
          <HardDrive className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          {sizeNotice}
        </p>
      )}
      {!isInitialized && (
        <div className="mt-4 flex flex-col gap-3 rounded-lg border border-warning/30 bg-warning/5 p-3 sm:flex-row sm:items-center">
          <p className="text-sm text-foreground">The database is not initialized yet. Initialize it to create the tables and load the sample data; the preview then uses it.</p>
          <Button size="sm" className="shrink-0 sm:ml-auto" onClick={onInitialize}>
            <DatabaseZap className="size-3.5" aria-hidden />
            Initialize Database
          </Button>
        </div>
      )}
    </section>
  );
}

function StatusItem({ label, value, ok }: { label: string; value: string; ok: boolean }) {
  const Icon = ok ? CircleCheck : CircleDashed;
  return (
    <div className="flex items-center gap-2 rounded-lg bg-surface-2 px-3 py-2">
      <Icon className={cn('size-4 shrink-0', ok ? 'text-accent' : 'text-warning')} aria-hidden />
      <dt className="text-muted">{label}</dt>
      <dd className={cn('ml-auto font-medium', ok ? 'text-accent' : 'text-warning')}>{value}</dd>
    </div>
  );
}
