import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';

/** For a route's errorComponent: Retry runs the route's loaders again, and its queries with them. */
export function useRetryRoute(): () => void {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();
  return () => {
    reset();
    void router.invalidate();
  };
}
