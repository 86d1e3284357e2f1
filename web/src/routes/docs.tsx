import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/docs')({ component: () => <main>TODO docs</main> });
