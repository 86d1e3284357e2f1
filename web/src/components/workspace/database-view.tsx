import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Database, DatabaseZap, FileCode2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { databaseSizeNotice } from '@forge/protocol/databases';
import { getErrorMessage } from '@/api/errors';
import { databaseSchemaQueryOptions, databaseStatusQueryOptions, invalidateDatabase } from '@/api/queries/databases';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useWorkspace } from '@/store/workspace';
import { DatabaseStatusCard } from './database/database-status-card';
import { DatabaseTableCard } from './database/database-table-card';
import { InitializeDatabaseDialog } from './database/initialize-database-dialog';
import { RefreshButton } from './refresh-button';
import { ViewHeader } from './view-header';

export function DatabaseView() {
  const { state } = useWorkspace();
  const { currentProject } = state;

  return (
    <div className="flex h-full flex-col">
      <ViewHeader icon={Database} title="Database" subtitle={currentProject ? `PostgreSQL for ${currentProject}` : 'PostgreSQL schema and data'} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        {!currentProject ? (
          <EmptyState icon={Database} title="No Project Selected" description="Generate or load a project to manage its database" />
        ) : (
          <ProjectDatabase key={currentProject} project={currentProject} />
        )}
      </div>
    </div>
  );
}

function ProjectDatabase({ project }: { project: string }) {
  const queryClient = useQueryClient();
  const [dialogOpen, setDialogOpen] = useState(false);
  const status = useQuery(databaseStatusQueryOptions(project));
  const schema = useQuery({ ...databaseSchemaQueryOptions(project), enabled: status.data?.hasDatabase === true });
  const refresh = () => void invalidateDatabase(queryClient, project);

  if (status.isPending || (status.data?.hasDatabase && schema.isPending)) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 text-sm text-muted">
        <Spinner />
        Loading database information...
      </div>
    );
  }
  const error = status.error ?? schema.error;
  if (error || !status.data) {
    return (
      <EmptyState icon={TriangleAlert} tone="destructive" title="Error Loading Database" description={getErrorMessage(error, 'Failed to load the database information')}>
        <RefreshButton onRefresh={refresh} />
      </EmptyState>
    );
  }
  const tables = schema.data?.schema.tables ?? [];
  if (!status.data.hasDatabase || tables.length === 0) {
    return (
      <EmptyState
        icon={DatabaseZap}
        title="No Database Schema"
        description="This project has no database yet. Generate a project with data persistence, such as a blog, authentication or an e-commerce store, to get a PostgreSQL schema and seed data."
      >
        <RefreshButton onRefresh={refresh} />
      </EmptyState>
    );
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-5 sm:px-6">
      <div className="flex items-center gap-3">
        <h2 className="text-lg font-semibold tracking-tight text-foreground">Database Management</h2>
        <RefreshButton className="ml-auto" onRefresh={refresh} />
      </div>
      <DatabaseStatusCard
        schemaConfigured={tables.length > 0}
        isInitialized={status.data.isInitialized}
        description={schema.data?.schema.description ?? null}
        sizeNotice={status.data.size ? databaseSizeNotice(status.data.size) : null}
        onInitialize={() => setDialogOpen(true)}
      />
      <section aria-labelledby="database-tables-heading" className="flex flex-col gap-2">
        <h3 id="database-tables-heading" className="text-sm font-semibold text-foreground">
          {`Tables (${tables.length})`}
        </h3>
        {tables.map((table) => (
          <DatabaseTableCard key={table.name} project={project} table={table} isInitialized={status.data.isInitialized} />
        ))}
      </section>
      <p className="flex items-start gap-2 rounded-lg border border-info/20 bg-info/5 p-3 text-xs leading-relaxed text-muted">
        <FileCode2 className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
        <span>
          The schema lives in <code className="rounded bg-surface-3 px-1 font-mono text-foreground">shared/schema.ts</code> and is managed with the Drizzle ORM;{' '}
          <code className="rounded bg-surface-3 px-1 font-mono text-foreground">db/seed.ts</code> loads the sample data.
        </span>
      </p>
      <InitializeDatabaseDialog project={project} open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
