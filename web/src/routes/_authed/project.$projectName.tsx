import { createFileRoute } from '@tanstack/react-router';
import { ProjectBrowserLoadError, ProjectBrowserPage, ProjectBrowserPending, ProjectNotFound, loadProjectBrowser } from '@/components/project-browser/project-browser-page';

export const Route = createFileRoute('/_authed/project/$projectName')({
  loader: ({ context, params }) => loadProjectBrowser(context.queryClient, params.projectName),
  pendingComponent: ProjectBrowserPending,
  errorComponent: ProjectBrowserLoadError,
  notFoundComponent: ProjectBrowserNotFound,
  component: ProjectBrowserRoute,
});

function ProjectBrowserRoute() {
  const { projectName } = Route.useParams();
  // A new project name is a new page: drop the previous one's selection and expansion.
  return <ProjectBrowserPage key={projectName} projectName={projectName} />;
}

function ProjectBrowserNotFound() {
  return <ProjectNotFound projectName={Route.useParams().projectName} />;
}
