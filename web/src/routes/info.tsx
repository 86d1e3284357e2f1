import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '@/components/info/info-page';
import { requireUser } from '@/lib/auth-guard';

export const Route = createFileRoute('/info')({
  beforeLoad: ({ context, location }) => requireUser(context.queryClient, location.href),
  component: InfoPage,
});
