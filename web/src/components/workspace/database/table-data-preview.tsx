import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { DATA_PAGE_SIZE } from '@forge/protocol/limits';
import { getErrorMessage } from '@/api/errors';
import { tableDataQueryOptions } from '@/api/queries/databases';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cellText, pageCount } from './column-constraints';

export const TABLE_DATA_FALLBACK_ERROR = 'Failed to fetch table data';

interface TableDataPreviewProps {
  project: string;
  table: string;
  isInitialized: boolean;
}

/** A table's rows, ten at a time, read from the project's own database. */
export function TableDataPreview({ project, table, isInitialized }: TableDataPreviewProps) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...tableDataQueryOptions(project, table, page), enabled: isInitialized, placeholderData: keepPreviousData });
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, DATA_PAGE_SIZE);

  return (
    <section aria-label={`Data Preview of ${table}`} className="mt-5">
      <div className="mb-2 flex items-center gap-2">
        <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">Data Preview</h4>
        {isInitialized && query.data && <Badge tone="primary">{`${total} ${total === 1 ? 'row' : 'rows'}`}</Badge>}
      </div>
      {!isInitialized ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted">Initialize the database to view table data</p>
      ) : query.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading table data" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive">
          {`Failed to load table data: ${getErrorMessage(query.error, TABLE_DATA_FALLBACK_ERROR)}`}
        </p>
      ) : query.data.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted">No data found in this table</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full text-left text-xs">
              <thead className="bg-surface-2 text-muted">
                <tr>
                  {query.data.columns.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-mono font-medium whitespace-nowrap">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {query.data.rows.map((row, index) => (
                  <tr key={index} className="hover:bg-surface-2/60">
                    {query.data.columns.map((column) => {
                      const value = row[column];
                      const text = cellText(value);
                      return (
                        <td key={column} title={text} className="max-w-64 truncate px-3 py-1.5 font-mono text-foreground">
                          {value === null || value === undefined ? <span className="text-subtle italic">null</span> : text}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <div className="mt-2 flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1 || query.isFetching} onClick={() => setPage((current) => current - 1)}>
                <ChevronLeft className="size-3.5" aria-hidden />
                Previous
              </Button>
              <span className="text-xs text-muted">{`Page ${page} of ${pages}`}</span>
              <Button variant="outline" size="sm" disabled={page >= pages || query.isFetching} onClick={() => setPage((current) => current + 1)}>
                Next
                <ChevronRight className="size-3.5" aria-hidden />
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
