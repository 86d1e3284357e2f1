import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/info')({ component: () => <main>TODO info</main> });
