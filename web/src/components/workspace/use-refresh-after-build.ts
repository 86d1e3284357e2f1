import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { afterBuild } from '@/api/queries/run-effects';
import { useWorkspace } from '@/store/workspace';

/**
 * A build may set up the project's database (a data app's first build does): what the Database and
 * Secrets views show is read again when a build ends, since reads otherwise never go stale.
 */
export function useRefreshAfterBuild(): void {
  const { state } = useWorkspace();
  const { status, currentProject } = state;
  const queryClient = useQueryClient();
  const previous = useRef(status);

  useEffect(() => {
    if (previous.current === 'Building' && status !== 'Building' && currentProject) {
      afterBuild(queryClient, currentProject);
    }
    previous.current = status;
  }, [status, currentProject, queryClient]);
}
