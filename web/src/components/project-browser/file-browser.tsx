import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { LoadedFile } from '@/api/file-content';
import { Badge } from '@/components/ui/badge';
import { buildBrowserTree } from './build-tree';
import { CodePanel, type FileView } from './code-panel';
import { FileTree } from './file-tree';
import { fileLoadErrorMessage } from './load-errors';

interface FileBrowserProps<Key extends readonly unknown[]> {
  paths: string[];
  /** One file's query (the owner's files API, or a share's); its key names the file, so each is read and cached once. */
  fileQuery: (path: string) => UseQueryOptions<LoadedFile, Error, LoadedFile, Key>;
}

/**
 * The read-only "Project Files" tree beside a code panel, as the project landing page shows them; a
 * shared project's public page shows the same.
 */
export function FileBrowser<Key extends readonly unknown[]>({ paths, fileQuery }: FileBrowserProps<Key>) {
  const nodes = useMemo(() => buildBrowserTree(paths), [paths]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [selectedPath, setSelectedPath] = useState<string | null>(null);
  const codePanelRef = useRef<HTMLElement>(null);
  // The selected file's text stays in the query cache: a newer selection leaves an older answer there, unseen.
  const file = useQuery({ ...fileQuery(selectedPath ?? ''), enabled: selectedPath !== null });
  const fileView = viewOf(selectedPath, file);

  useEffect(() => {
    if (file.isError) toast.error('Error', { description: fileLoadErrorMessage(file.error) });
  }, [file.isError, file.error, file.errorUpdatedAt]);

  const toggle = (path: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const select = (path: string) => {
    setSelectedPath(path);
    // A file that failed to load is tried again when clicked again.
    if (path === selectedPath && file.isError) void file.refetch();
    // On narrow screens the code panel sits below the tree; bring it into view.
    if (window.matchMedia?.('(max-width: 1023px)').matches) codePanelRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const fileCount = paths.length;

  return (
    <div className="mx-auto grid w-full max-w-7xl flex-1 grid-cols-1 items-start gap-4 px-4 py-6 sm:px-6 sm:py-8 lg:grid-cols-[minmax(260px,340px)_minmax(0,1fr)]">
      <section aria-labelledby="project-files-title" className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface">
        <div className="flex min-h-13 items-center justify-between gap-2 border-b border-border bg-surface-2/60 px-4 py-2.5">
          <h2 id="project-files-title" className="text-sm font-semibold text-foreground">
            Project Files
          </h2>
          <Badge tone="primary">{fileCount}</Badge>
        </div>
        <div className="max-h-[600px] overflow-auto p-2">
          {nodes.length > 0 ? (
            <FileTree nodes={nodes} expanded={expanded} selectedPath={selectedPath} onToggle={toggle} onSelect={select} />
          ) : (
            <p className="px-2 py-6 text-center text-sm text-subtle">This project has no files yet.</p>
          )}
        </div>
      </section>

      <CodePanel ref={codePanelRef} path={selectedPath} view={fileView} />
    </div>
  );
}

function viewOf(path: string | null, file: { status: 'pending' | 'error' | 'success'; data?: LoadedFile; error: Error | null }): FileView {
  if (path === null) return { status: 'idle' };
  if (file.status === 'pending') return { status: 'loading' };
  if (file.status === 'error') return { status: 'error', message: fileLoadErrorMessage(file.error) };
  if (file.data?.kind === 'binary') return { status: 'binary', file: file.data };
  return { status: 'loaded', content: file.data?.content ?? '' };
}
