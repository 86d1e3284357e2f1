import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/project/$projectName')({ component: () => <main>TODO project</main> });
