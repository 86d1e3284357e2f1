import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, Link, useNavigate } from '@tanstack/react-router';
import { FolderPlus, Plus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { projectListQueryOptions } from '@/api/queries/projects';
import { mySharesQueryOptions } from '@/api/queries/shares';
import { ShareDialog } from '@/components/shares/share-dialog';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { StatePanel } from '@/components/ui/state-panel';
import { BackHeader } from '@/components/ui/back-header';
import { DeleteProjectDialog } from './delete-project-dialog';
import { EditProjectDialog } from './edit-project-dialog';
import { ProjectCard } from './project-card';

/** My Projects (/projects): the account's projects, newest first, each with what can be done to it. */
export function ProjectsPage() {
  const navigate = useNavigate();
  const projects = useSuspenseQuery(projectListQueryOptions);
  const [opening, setOpening] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [sharing, setSharing] = useState<string | null>(null);
  // One request for every card's "Shared" mark; a failure only leaves the marks off.
  const shares = useQuery(mySharesQueryOptions);
  const shared = useMemo(() => new Set(shares.data?.shares.map((share) => share.projectName)), [shares.data]);

  const sorted = useMemo(() => [...projects.data.projects].sort((a, b) => Date.parse(b.modifiedAt) - Date.parse(a.modifiedAt)), [projects.data]);

  const open = (name: string) => {
    setOpening(name);
    // The workspace owns loading a project; it reads the name from the address.
    void navigate({ to: '/', search: { project: name } });
  };

  return (
    <ProjectsFrame count={sorted.length}>
      {sorted.length === 0 ? (
        <StatePanel
          tone="primary"
          icon={<FolderPlus aria-hidden />}
          title="No projects yet"
          actions={
            <Link to="/" className={buttonClasses('primary')}>
              Go to Home
            </Link>
          }
          className="max-w-none rounded-[var(--radius-card)] border border-dashed border-border-strong bg-surface/60 py-20"
        >
          Generate your first project to get started
        </StatePanel>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Projects">
          {sorted.map((project) => (
            <li key={project.name} className="min-w-0">
              <ProjectCard
                project={project}
                isOpening={opening === project.name}
                isShared={shared.has(project.name)}
                onOpen={() => open(project.name)}
                onShare={() => setSharing(project.name)}
                onEdit={() => setEditing(project.name)}
                onDelete={() => setDeleting(project.name)}
              />
            </li>
          ))}
        </ul>
      )}

      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
      <EditProjectDialog key={editing ?? ''} project={editing} onClose={() => setEditing(null)} />
      <ShareDialog project={sharing} onClose={() => setSharing(null)} />
    </ProjectsFrame>
  );
}

/** While the list loads. */
export function ProjectsPending() {
  return (
    <ProjectsFrame>
      <div className="flex flex-col items-center justify-center gap-3 py-24 text-sm text-muted">
        <Spinner className="size-6" label="Loading projects" />
        <p>Loading projects...</p>
      </div>
    </ProjectsFrame>
  );
}

/** The list could not be loaded: Retry reloads the page. */
export function ProjectsLoadError({ error }: ErrorComponentProps) {
  return (
    <ProjectsFrame>
      <LoadErrorPanel title="Failed to load projects" error={error} fallback="The project list could not be loaded." onRetry={() => window.location.reload()} />
    </ProjectsFrame>
  );
}

/** The page around the list, or around its loading and error states; `count` once the list is known. */
function ProjectsFrame({ count = 0, children }: { count?: number; children: ReactNode }) {
  return (
    <div className="min-h-full bg-[radial-gradient(ellipse_80%_50%_at_50%_-10%,color-mix(in_srgb,var(--color-primary)_12%,transparent),transparent)]">
      <BackHeader />

      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">My Projects</h1>
            <p className="mt-1.5 text-sm text-muted">
              {count > 0 ? `${count} ${count === 1 ? 'project' : 'projects'} · private to your account` : 'Everything the agent has built for you, private to your account.'}
            </p>
          </div>
          {count > 0 && (
            <Link to="/" className={buttonClasses('primary', 'md', 'self-start sm:self-auto')}>
              <Plus className="size-4" aria-hidden />
              New Project
            </Link>
          )}
        </div>
        {children}
      </main>
    </div>
  );
}
