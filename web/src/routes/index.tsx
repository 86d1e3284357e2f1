import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '@/api/queries/auth';
import { MarketingPage } from '@/components/marketing/marketing-page';
import { Spinner } from '@/components/ui/spinner';
import { Workspace } from '@/components/workspace/workspace';
import { WorkspaceProvider } from '@/store/workspace';

export interface IndexSearch {
  /** A saved project to open, set by the projects page. */
  project?: string;
}

export const Route = createFileRoute('/')({
  // The router JSON-parses search values, so `?project=123` arrives as a number: names are strings here.
  validateSearch: (search: Record<string, unknown>): IndexSearch => {
    const { project } = search;
    return project === undefined || project === null ? {} : { project: String(project) };
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions),
  component: IndexPage,
});

function IndexPage() {
  const { project } = Route.useSearch();
  const { data: user, isPending } = useQuery(meQueryOptions);

  if (isPending) {
    return (
      <div className="flex h-dvh items-center justify-center">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (!user) return <MarketingPage />;

  return (
    <WorkspaceProvider>
      <Workspace user={user} projectToOpen={project} />
    </WorkspaceProvider>
  );
}
