import { createFileRoute } from '@tanstack/react-router';
import { ProjectLandingPage } from '@/components/landing/landing-page';
import { requireUser } from '@/lib/auth-guard';

export const Route = createFileRoute('/project/$projectName')({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: ProjectLandingRoute,
});

function ProjectLandingRoute() {
  const { projectName } = Route.useParams();
  // A new project name is a new page: drop the previous one's selection and expansion.
  return <ProjectLandingPage key={projectName} projectName={projectName} />;
}
