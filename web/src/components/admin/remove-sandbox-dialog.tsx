import type { AdminSandbox } from '@forge/protocol/admin';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSandboxAction } from './use-sandbox-action';

interface RemoveSandboxDialogProps {
  /** The sandbox to confirm; null keeps the dialog closed. */
  sandbox: AdminSandbox | null;
  onClose: () => void;
}

export function RemoveSandboxDialog({ sandbox, onClose }: RemoveSandboxDialogProps) {
  const mutation = useSandboxAction('remove', { onSettled: onClose });

  return (
    <ConfirmDialog
      open={sandbox !== null}
      title="Remove sandbox?"
      description={<>The container of "{sandbox?.projectName}" is stopped and deleted, with its logs. The project and its files stay; the owner's next build or preview visit creates a new sandbox.</>}
      confirmLabel="Remove"
      pending={mutation.isPending}
      onConfirm={() => sandbox && mutation.mutate(sandbox)}
      onClose={onClose}
    />
  );
}
