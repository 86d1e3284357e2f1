import { type QueryClient, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, Link, notFound, useParams } from '@tanstack/react-router';
import { AlertCircle, ArrowLeft, Download, ExternalLink, FolderOpen, FolderSearch, LayoutGrid, RotateCcw, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { isApiError } from '@/api/errors';
import { previewStatusQueryOptions, projectDownloadUrl, projectFileQueryOptions, projectTreeQueryOptions } from '@/api/queries/projects';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ForgeMark } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { StatePanel } from '@/components/ui/state-panel';
import { ShareButton } from '@/components/shares/share-button';
import { FileBrowser } from './file-browser';
import { MISSING_PROJECT_DATA_MESSAGE, browserLoadProblem } from './load-errors';

/** The read-only page of one project at /project/:projectName: its file tree, a code panel, its preview and download. */
export function ProjectBrowserPage({ projectName }: { projectName: string }) {
  const { data } = useSuspenseQuery(projectTreeQueryOptions(projectName));
  // Read beside the tree by the route; a failure there (already reported) means not built, and is not asked again.
  const preview = useQuery({ ...previewStatusQueryOptions(projectName), retryOnMount: false });
  const previewUrl = preview.data?.isBuilt && preview.data.previewUrl ? preview.data.previewUrl : null;
  return <LoadedProject projectName={projectName} paths={data.tree} previewUrl={previewUrl} />;
}

/** Reads what the page needs, both at once: a tree that is not found is the route's not-found; a preview status that fails means not built. */
export async function loadProjectBrowser(queryClient: QueryClient, projectName: string): Promise<void> {
  const [answer] = await Promise.all([
    queryClient.ensureQueryData(projectTreeQueryOptions(projectName)).catch((err: unknown) => {
      throw isApiError(err, 404) ? notFound() : err;
    }),
    queryClient.ensureQueryData(previewStatusQueryOptions(projectName)).catch((err: unknown) => console.warn('Preview status unavailable; treating the project as not built.', err)),
  ]);
  if (!Array.isArray((answer as { tree?: unknown } | undefined)?.tree)) throw new Error(MISSING_PROJECT_DATA_MESSAGE);
}

export function ProjectBrowserPending() {
  return (
    <PageFrame>
      <div className="flex flex-1 items-center justify-center py-32">
        <Spinner className="size-7" label="Loading project" />
      </div>
    </PageFrame>
  );
}

export function ProjectNotFound({ projectName }: { projectName: string }) {
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

/** The tree could not be read: what went wrong, Retry (a reload) and the way to every project. */
export function ProjectBrowserLoadError({ error }: ErrorComponentProps) {
  const { projectName } = useParams({ strict: false });
  const problem = browserLoadProblem(error);
  // A project deleted while its page is open, found when its tree is read again.
  if (problem.kind === 'not-found') return <ProjectNotFound projectName={projectName ?? ''} />;
  return <LoadError message={problem.message} />;
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
            <ShareButton project={projectName} />
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

      <FileBrowser paths={paths} fileQuery={(path) => projectFileQueryOptions(projectName, path)} />
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
