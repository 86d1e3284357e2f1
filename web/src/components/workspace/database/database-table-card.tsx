import { ChevronDown, Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { DatabaseTable } from '@forge/protocol/databases';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { columnConstraints } from './column-constraints';
import { TableDataPreview } from './table-data-preview';

interface DatabaseTableCardProps {
  project: string;
  table: DatabaseTable;
  isInitialized: boolean;
}

/** One table of the schema: collapsed to its name, expanded to its columns and a preview of its rows. */
export function DatabaseTableCard({ project, table, isInitialized }: DatabaseTableCardProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();

  return (
    <article className="rounded-[var(--radius-card)] border border-border bg-surface">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((current) => !current)}
        className="flex w-full items-center gap-3 rounded-[var(--radius-card)] px-4 py-3 text-left transition-colors hover:bg-surface-2"
      >
        <Table2 className="size-4 shrink-0 text-primary" aria-hidden />
        <span className="font-mono text-sm font-medium text-foreground">{table.name}</span>
        <Badge>{`${table.columns.length} ${table.columns.length === 1 ? 'column' : 'columns'}`}</Badge>
        <ChevronDown className={cn('ml-auto size-4 text-subtle transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      {open && (
        <div id={panelId} className="border-t border-border px-4 pt-3 pb-4">
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full text-left text-xs">
              <thead className="bg-surface-2 text-muted">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Column
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Type
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Constraints
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {table.columns.map((column) => (
                  <tr key={column.name}>
                    <td className="px-3 py-1.5 font-mono text-foreground">{column.name}</td>
                    <td className="px-3 py-1.5 font-mono text-info">{column.type}</td>
                    <td className="px-3 py-1.5">
                      <span className="flex flex-wrap gap-1">
                        {columnConstraints(column).map((constraint) => (
                          <Badge key={constraint} tone={constraint === 'PK' ? 'warning' : constraint.startsWith('FK') ? 'primary' : 'neutral'} className="font-mono">
                            {constraint}
                          </Badge>
                        ))}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <TableDataPreview project={project} table={table.name} isInitialized={isInitialized} />
        </div>
      )}
    </article>
  );
}
