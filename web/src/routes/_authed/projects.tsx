import { createFileRoute } from '@tanstack/react-router';
import { projectListQueryOptions } from '@/api/queries/projects';
import { mySharesQueryOptions } from '@/api/queries/shares';
import { ProjectsLoadError, ProjectsPage, ProjectsPending } from '@/components/projects/projects-page';

export const Route = createFileRoute('/_authed/projects')({
  loader: async ({ context: { queryClient } }) => {
    // The cards' "Shared" marks load beside the list, and never hold it up.
    void queryClient.prefetchQuery(mySharesQueryOptions);
    await queryClient.ensureQueryData(projectListQueryOptions);
  },
  pendingComponent: ProjectsPending,
  errorComponent: ProjectsLoadError,
  component: ProjectsPage,
});
