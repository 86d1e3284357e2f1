import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AlertCircle, ArrowLeft, Download, ExternalLink, FolderOpen, FolderSearch, LayoutGrid, RotateCcw, Sparkles } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { previewStatusQueryOptions, projectDownloadUrl, projectFileQueryOptions, projectTreeQueryOptions } from '@/api/queries/projects';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ForgeMark } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { buildBrowserTree } from './build-tree';
import { CodePanel, type FileView } from './code-panel';
import { FileTree } from './file-tree';
import { MISSING_PROJECT_DATA_MESSAGE, browserLoadProblem, fileLoadErrorMessage } from './load-errors';

/** The read-only page of one project at /project/:projectName: its file tree, a code panel, its preview and download. */
export function ProjectBrowserPage({ projectName }: { projectName: string }) {
  // Both requests start together: two queries in one render.
  const tree = useQuery(projectTreeQueryOptions(projectName));
  const preview = useQuery(previewStatusQueryOptions(projectName));

  useEffect(() => {
    if (preview.isError) console.warn('Preview status unavailable; treating the project as not built.', preview.error);
  }, [preview.isError, preview.error]);

  if (tree.isPending) {
    return (
      <PageFrame>
        <div className="flex flex-1 items-center justify-center py-32">
          <Spinner className="size-7" label="Loading project" />
        </div>
      </PageFrame>
    );
  }

  if (tree.isError) {
    const problem = browserLoadProblem(tree.error);
    if (problem.kind === 'not-found') {
      return (
        <PageFrame>
          <StatePanel
            as="h1"
            icon={<FolderSearch aria-hidden />}
            title="Project not found"
            actions={
              <Link to="/projects" className={buttonClasses('primary')}>
                View All Projects
              </Link>
            }
          >
            The project "{projectName}" does not exist
          </StatePanel>
        </PageFrame>
      );
    }
    return <LoadError message={problem.message} />;
  }

  if (tree.status !== 'success') {
    return (
      <PageFrame>
        <StatePanel
          as="h1"
          icon={<AlertCircle aria-hidden />}
          title="Unable to load project data"
          actions={
            <Link to="/projects" className={buttonClasses('primary')}>
              View All Projects
            </Link>
          }
        />
      </PageFrame>
    );
  }

  if (!Array.isArray(tree.data?.tree)) return <LoadError message={MISSING_PROJECT_DATA_MESSAGE} />;

  const previewUrl = preview.data?.isBuilt && preview.data.previewUrl ? preview.data.previewUrl : null;
  return <LoadedProject projectName={projectName} paths={tree.data.tree} previewUrl={previewUrl} />;
}

function LoadError({ message }: { message: string }) {
  return (
    <PageFrame>
      <StatePanel
        as="h1"
        tone="destructive"
        icon={<AlertCircle aria-hidden />}
        title="Error Loading Project"
        actions={
          <>
            <Button variant="outline" onClick={() => window.location.reload()}>
              <RotateCcw className="size-4" aria-hidden />
              Retry
            </Button>
            <Link to="/projects" className={buttonClasses('primary')}>
              View All Projects
            </Link>
          </>
        }
      >
        {message}
      </StatePanel>
    </PageFrame>
  );
}

function LoadedProject({ projectName, paths, previewUrl }: { projectName: string; paths: string[]; previewUrl: string | null }) {
  const queryClient = useQueryClient();
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
      const { content } = await queryClient.fetchQuery(projectFileQueryOptions(projectName, path));
      if (request === latestRequest.current) setFileView({ status: 'loaded', content: content ?? '' });
    } catch (err) {
      if (request !== latestRequest.current) return;
      const message = fileLoadErrorMessage(err);
      setFileView({ status: 'error', message });
      toast.error('Error', { description: message });
    }
  };

  const fileCount = paths.length;

  return (
    <PageFrame>
      <section className="border-b border-border bg-[radial-gradient(ellipse_70%_80%_at_20%_0%,color-mix(in_srgb,var(--color-primary)_14%,transparent),transparent)]">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <p className="flex items-center gap-1.5 text-sm text-muted">
              <Sparkles className="size-4 text-primary-hover" aria-hidden />
              Generated by Forge
            </p>
            <h1 className="mt-2 text-3xl font-semibold tracking-tight break-all sm:text-4xl">{projectName}</h1>
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <Badge>
                {fileCount} {fileCount === 1 ? 'file' : 'files'}
              </Badge>
              {previewUrl ? <Badge tone="accent">Built</Badge> : <Badge>Not built yet</Badge>}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {previewUrl && (
              <a href={previewUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('primary')}>
                <ExternalLink className="size-4" aria-hidden />
                View in Sandbox
              </a>
            )}
            <Link to="/" search={{ project: projectName }} className={buttonClasses('outline')}>
              <FolderOpen className="size-4" aria-hidden />
              Open in Workspace
            </Link>
            <a href={projectDownloadUrl(projectName)} download className={buttonClasses('outline')}>
              <Download className="size-4" aria-hidden />
              Download ZIP
            </a>
          </div>
        </div>
      </section>

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
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col">
      <header className="sticky top-0 z-20 border-b border-border bg-background/80 backdrop-blur-md">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to="/" className={buttonClasses('ghost', 'sm', '-ml-2')}>
            <ArrowLeft className="size-4" aria-hidden />
            Back
          </Link>
          <Link to="/projects" className={buttonClasses('ghost', 'sm', '-mr-2')}>
            <LayoutGrid className="size-4" aria-hidden />
            My Projects
          </Link>
        </div>
      </header>
      <main className="flex flex-1 flex-col">{children}</main>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-6 text-xs text-subtle sm:px-6">
          <ForgeMark className="size-4" />
          Powered by Forge
        </div>
      </footer>
    </div>
  );
}
