import { createFileRoute } from '@tanstack/react-router';
import { WallPage } from '@/components/shares/wall-page';

// Public: the wall of published projects opens without an account.
export const Route = createFileRoute('/wall')({ component: WallPage });
