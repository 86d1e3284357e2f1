import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/auth')({ component: () => <main>TODO auth</main> });
