import { useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { LoadedFile } from '@/api/file-content';
import { Badge } from '@/components/ui/badge';
import { buildBrowserTree } from './build-tree';
import { CodePanel, type FileView } from './code-panel';
import { FileTree } from './file-tree';
import { fileLoadErrorMessage } from './load-errors';

interface FileBrowserProps {
  paths: string[];
  /** Reads one file: the owner's files API, or a share's. */
  loadFile: (path: string) => Promise<LoadedFile>;
}

/**
 * The read-only "Project Files" tree beside a code panel, as the project landing page shows them; a
 * shared project's public page shows the same.
 */
export function FileBrowser({ paths, loadFile }: FileBrowserProps) {
  const nodes = useMemo(() => buildBrowserTree(paths), [paths]);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set());
  const [selectedPath, setSelectedPath] = useState<string | null>(null);
  const [fileView, setFileView] = useState<FileView>({ status: 'idle' });
  const latestRequest = useRef(0);
  const codePanelRef = useRef<HTMLElement>(null);

  const toggle = (path: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const select = async (path: string) => {
    const request = ++latestRequest.current;
    setSelectedPath(path);
    setFileView({ status: 'loading' });
    // On narrow screens the code panel sits below the tree; bring it into view.
    if (window.matchMedia?.('(max-width: 1023px)').matches) codePanelRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    try {
      const file = await loadFile(path);
      if (request === latestRequest.current) setFileView(file.kind === 'text' ? { status: 'loaded', content: file.content } : { status: 'binary', file });
    } catch (err) {
      if (request !== latestRequest.current) return;
      const message = fileLoadErrorMessage(err);
      setFileView({ status: 'error', message });
      toast.error('Error', { description: message });
    }
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
            <FileTree nodes={nodes} expanded={expanded} selectedPath={selectedPath} onToggle={toggle} onSelect={(path) => void select(path)} />
          ) : (
            <p className="px-2 py-6 text-center text-sm text-subtle">This project has no files yet.</p>
          )}
        </div>
      </section>

      <CodePanel ref={codePanelRef} path={selectedPath} view={fileView} />
    </div>
  );
}
