import { createFileRoute } from '@tanstack/react-router';
import { ProjectBrowserPage } from '@/components/project-browser/project-browser-page';
import { requireUser } from '@/lib/auth-guard';

export const Route = createFileRoute('/project/$projectName')({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: ProjectBrowserRoute,
});

function ProjectBrowserRoute() {
  const { projectName } = Route.useParams();
  // A new project name is a new page: drop the previous one's selection and expansion.
  return <ProjectBrowserPage key={projectName} projectName={projectName} />;
}
