import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AdminSandbox } from '@forge/protocol/admin';
import { getErrorMessage } from '@/api/errors';
import { invalidateAudit, invalidateSandboxes, runSandboxAction, type SandboxAction } from '@/api/queries/admin';

const COPY: Record<SandboxAction, { success: string; done: (name: string) => string; failure: string }> = {
  stop: {
    success: 'Sandbox stopped',
    done: (name) => `"${name}" is stopped. Its preview starts again on the next visit.`,
    failure: 'Failed to stop sandbox',
  },
  restart: {
    success: 'Sandbox restarted',
    // The server says what the restart did (see AdminRestartResponse); this is only its fallback.
    done: (name) => `"${name}" was stopped and its start is queued.`,
    failure: 'Failed to restart sandbox',
  },
  remove: {
    success: 'Sandbox removed',
    done: (name) => `The container of "${name}" is gone; the project and its files stay.`,
    failure: 'Failed to remove sandbox',
  },
};

/** One operator action on a sandbox: a toast either way, then a fresh list. */
export function useSandboxAction(action: SandboxAction, options: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sandbox: AdminSandbox) => runSandboxAction(sandbox.projectId, action),
    onSuccess: (data, sandbox) => {
      toast.success(COPY[action].success, { description: data.message ? `"${sandbox.projectName}": ${data.message}` : COPY[action].done(sandbox.projectName) });
    },
    onError: (err) => {
      toast.error(COPY[action].failure, { description: getErrorMessage(err, 'Please try again.') });
    },
    onSettled: () => {
      options.onSettled?.();
      void invalidateAudit(queryClient);
      return invalidateSandboxes(queryClient);
    },
  });
}
