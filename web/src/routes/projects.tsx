import { createFileRoute } from '@tanstack/react-router';
import { ProjectsPage } from '@/components/projects/projects-page';
import { requireUser } from '@/lib/auth-guard';

export const Route = createFileRoute('/projects')({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: ProjectsPage,
});
