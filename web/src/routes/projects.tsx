import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/projects')({ component: () => <main>TODO projects</main> });
