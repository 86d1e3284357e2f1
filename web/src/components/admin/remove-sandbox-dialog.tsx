import { AlertTriangle } from 'lucide-react';
import type { AdminSandbox } from '@forge/protocol/admin';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useSandboxAction } from './use-sandbox-action';

interface RemoveSandboxDialogProps {
  /** The sandbox to confirm; null keeps the dialog closed. */
  sandbox: AdminSandbox | null;
  onClose: () => void;
}

export function RemoveSandboxDialog({ sandbox, onClose }: RemoveSandboxDialogProps) {
  const mutation = useSandboxAction('remove', { onSettled: onClose });

  return (
    <Dialog
      open={sandbox !== null}
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) onClose();
      }}
    >
      <DialogContent hideCloseButton={mutation.isPending} className="max-w-md">
        <DialogHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-xl border border-destructive/30 bg-destructive/10 text-destructive">
            <AlertTriangle className="size-5" aria-hidden />
          </div>
          <DialogTitle>Remove sandbox?</DialogTitle>
          <DialogDescription>
            The container of "{sandbox?.projectName}" is stopped and deleted, with its logs. The project and its files stay; the
            owner's next build or preview visit creates a new sandbox.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => sandbox && mutation.mutate(sandbox)} disabled={mutation.isPending}>
            {mutation.isPending && <ButtonSpinner />}
            Remove
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
