import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { AlertTriangle, Bot, CheckCircle2, Container, Database, Globe, RotateCcw, Server, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { InfoResponse, LlmProviderName } from '@forge/protocol/api';
import { infoQueryOptions, refetchInfo } from '@/api/queries/info';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { Spinner } from '@/components/ui/spinner';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { formatModifiedAt } from '@/components/projects/format-date';
import { BackHeader } from '@/components/ui/back-header';
import { cn } from '@/lib/cn';
import { useRetryRoute } from '@/lib/use-retry-route';

const PROVIDER_LABEL: Record<LlmProviderName, string> = {
  offline: 'Offline starter agent',
  anthropic: 'Anthropic',
  openai: 'OpenAI-compatible',
};

/** How this server is configured and what it can reach: the model provider, Docker, the database, previews. */
export function InfoPage() {
  const queryClient = useQueryClient();
  const info = useSuspenseQuery(infoQueryOptions);
  const refresh = (
    <Button variant="outline" className="self-start sm:self-auto" disabled={info.isFetching} onClick={() => void refetchInfo(queryClient)}>
      {info.isFetching ? <ButtonSpinner /> : <RotateCcw className="size-4" aria-hidden />}
      Refresh
    </Button>
  );
  return (
    <InfoFrame actions={refresh}>
      <StatusGrid info={info.data} />
    </InfoFrame>
  );
}

export function InfoPending() {
  return (
    <InfoFrame>
      <div className="flex flex-col items-center justify-center gap-3 py-24 text-sm text-muted">
        <Spinner className="size-6" label="Loading system status" />
        <p>Loading system status...</p>
      </div>
    </InfoFrame>
  );
}

export function InfoLoadError({ error }: ErrorComponentProps) {
  const retry = useRetryRoute();
  return (
    <InfoFrame>
      <LoadErrorPanel title="Failed to load system status" error={error} fallback="The server did not answer." onRetry={retry} />
    </InfoFrame>
  );
}

function InfoFrame({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-full">
      <BackHeader widthClassName="max-w-5xl" />

      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">System status</h1>
            <p className="mt-1.5 text-sm text-muted">How this Forge server is configured and what it can reach right now.</p>
          </div>
          {actions}
        </div>
        {children}
      </main>
    </div>
  );
}

/** Everyone sees what they can rely on; the server's make-up and how to change it come only to operators. */
function StatusGrid({ info }: { info: InfoResponse }) {
  // The server sends the operator section to operators alone: its presence is the test.
  const { operator } = info;
  const offline = info.provider.name === 'offline';
  const dockerDown = !info.containerEngine.reachable;
  const attention = [offline && 'no model provider is configured', dockerDown && 'the container engine is not reachable'].filter((item): item is string => Boolean(item));

  return (
    <div className="flex flex-col gap-4">
      <div
        role="status"
        className={cn('flex items-start gap-3 rounded-[var(--radius-card)] border p-4 sm:items-center', attention.length ? 'border-warning/30 bg-warning/5' : 'border-accent/30 bg-accent/5')}
      >
        {attention.length ? <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning sm:mt-0" aria-hidden /> : <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent sm:mt-0" aria-hidden />}
        <p className="text-sm">
          {attention.length ? (
            <>
              <span className="font-medium text-warning">Running with limits:</span> <span className="text-foreground/80">{attention.join(' and ')}.</span>
            </>
          ) : (
            <span className="font-medium text-accent">All systems ready. Generation, builds and previews are available.</span>
          )}
        </p>
      </div>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <StatusCard icon={Server} title="Server">
          <Row label="Version" value={<span className="font-mono">{info.version}</span>} />
          {operator && <Row label="Node version" value={<span className="font-mono">{operator.nodeVersion}</span>} />}
          <Row label="Started at" value={<time dateTime={info.startedAt}>{formatModifiedAt(info.startedAt)}</time>} />
          <Row label="Uptime" value={formatUptime(info.startedAt)} />
        </StatusCard>

        <StatusCard
          icon={Bot}
          title="Model provider"
          badge={offline ? <Badge tone="warning">Offline</Badge> : <Badge tone="accent">Configured</Badge>}
          footer={
            offline &&
            (operator ? (
              <Note>
                The offline starter agent writes a small template app without calling a model. To generate real apps, set <Code>ANTHROPIC_API_KEY</Code>, or set <Code>LLM_PROVIDER=openai</Code> with{' '}
                <Code>OPENAI_BASE_URL</Code> for an OpenAI-compatible server (Ollama, vLLM, LM Studio), then restart Forge.
              </Note>
            ) : (
              <Note>No AI model is connected, so apps are made from built-in blueprints (landing page, todo app, dashboard, blog, shop, social feed) adapted to your description.</Note>
            ))
          }
        >
          <Row label="Provider" value={PROVIDER_LABEL[info.provider.name]} />
          <Row label="Model" value={info.provider.model ? <span className="font-mono">{info.provider.model}</span> : <Muted>None</Muted>} />
          {operator && <Row label="Base URL" value={operator.providerBaseUrl ? <span className="font-mono break-all">{operator.providerBaseUrl}</span> : <Muted>Provider default</Muted>} />}
        </StatusCard>

        <StatusCard
          icon={Container}
          title="Container engine"
          badge={dockerDown ? <Badge tone="destructive">Unreachable</Badge> : <Badge tone="accent">Reachable</Badge>}
          footer={
            dockerDown &&
            (operator ? (
              <Note>Builds and live previews need Docker. Install and start Docker on the server (see the README), then refresh this page. Generation and downloads still work without it.</Note>
            ) : (
              <Note>Builds and live previews are unavailable right now. You can still generate, edit and download projects; try a build again later.</Note>
            ))
          }
        >
          <Row label="Reachable" value={dockerDown ? 'No' : 'Yes'} />
          {operator?.containerEngine.version && <Row label="Version" value={<span className="font-mono">{operator.containerEngine.version}</span>} />}
          {operator && <Row label="Detail" value={<span className="break-words">{operator.containerEngine.detail || '—'}</span>} />}
        </StatusCard>

        {operator && (
          <StatusCard
            icon={Database}
            title="Database"
            footer={
              <Hint>
                {operator.database.mode === 'embedded'
                  ? 'Forge runs its own PostgreSQL under the data directory. Set DATABASE_URL to use an external server.'
                  : 'Forge uses the PostgreSQL server named by DATABASE_URL.'}
              </Hint>
            }
          >
            <Row label="Mode" value={operator.database.mode === 'embedded' ? 'Embedded' : 'External'} />
          </StatusCard>
        )}

        <StatusCard
          icon={Globe}
          title="Previews"
          className="md:col-span-2"
          footer={<Hint>Each running preview gets its own origin under this domain, so a generated app can never act as your signed-in session.</Hint>}
        >
          <Row label="Preview domain" value={<span className="font-mono break-all">{info.previewDomain}</span>} />
        </StatusCard>
      </div>
    </div>
  );
}

function StatusCard({
  icon: Icon,
  title,
  badge,
  className,
  footer,
  children,
}: {
  icon: LucideIcon;
  title: string;
  badge?: ReactNode;
  className?: string;
  /** Text under the facts. */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className={cn('rounded-[var(--radius-card)] border border-border bg-surface p-5', className)}>
      <div className="mb-4 flex items-center gap-3">
        <div className="flex size-9 items-center justify-center rounded-lg border border-border bg-surface-2 text-muted">
          <Icon className="size-4.5" aria-hidden />
        </div>
        <h2 className="flex-1 text-base font-semibold tracking-tight">{title}</h2>
        {badge}
      </div>
      <dl className="flex flex-col gap-2.5">{children}</dl>
      {footer}
    </section>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 text-foreground sm:text-right">{value}</dd>
    </div>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <span className="text-subtle">{children}</span>;
}

/** "3d 4h", "2h 15m", "12m": the two largest units are enough to tell a restart apart. */
function formatUptime(startedAt: string): string {
  const seconds = Math.max(0, Math.floor((Date.now() - Date.parse(startedAt)) / 1000));
  if (Number.isNaN(seconds)) return 'Unknown';
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return minutes > 0 ? `${minutes}m` : 'Less than a minute';
}

function Hint({ children }: { children: ReactNode }) {
  return <p className="mt-3 text-xs leading-relaxed text-subtle">{children}</p>;
}

function Note({ children }: { children: ReactNode }) {
  return <p className="mt-4 rounded-lg border border-border bg-surface-2 p-3 text-xs leading-relaxed text-muted">{children}</p>;
}

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-surface-3 px-1 py-0.5 font-mono text-[11px] text-foreground">{children}</code>;
}
