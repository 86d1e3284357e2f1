import { useSuspenseQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '@/api/queries/auth';
import { MarketingPage } from '@/components/marketing/marketing-page';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { PageSpinner } from '@/components/ui/page-spinner';
import { Workspace } from '@/components/workspace/workspace';
import { useRetryRoute } from '@/lib/use-retry-route';
import { WorkspaceProvider } from '@/store/workspace';

export interface IndexSearch {
  /** The open project: set by the projects page, by a generation, kept across reloads and history. */
  project?: string;
  /** A description typed on the marketing page, carried through sign-up into the generate form. */
  prompt?: string;
}

/** Visitors see the marketing page at /, signed-in users the workspace. */
export const Route = createFileRoute('/')({
  // The router JSON-parses search values, so `?project=123` arrives as a number: names are strings here.
  validateSearch: (search: Record<string, unknown>): IndexSearch => {
    const { project, prompt } = search;
    return {
      ...(project === undefined || project === null || project === '' ? {} : { project: String(project) }),
      ...(prompt === undefined || prompt === null || String(prompt).trim() === '' ? {} : { prompt: String(prompt) }),
    };
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions),
  pendingComponent: PageSpinner,
  errorComponent: SessionCheckError,
  component: IndexPage,
});

function IndexPage() {
  const { project, prompt } = Route.useSearch();
  const { data: user } = useSuspenseQuery(meQueryOptions);
  if (!user) return <MarketingPage />;

  return (
    <WorkspaceProvider>
      <Workspace user={user} projectToOpen={project} promptToUse={prompt} />
    </WorkspaceProvider>
  );
}

/** Whether someone is signed in could not be read: neither page can be chosen yet. */
function SessionCheckError({ error }: ErrorComponentProps) {
  const retry = useRetryRoute();
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <LoadErrorPanel title="Failed to reach Forge" error={error} fallback="The server did not answer." onRetry={retry} className="max-w-md" />
    </div>
  );
}
