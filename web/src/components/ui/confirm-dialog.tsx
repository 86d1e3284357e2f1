import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The destructive button's text, e.g. "Delete". */
  confirmLabel: string;
  /** The button's text while the work runs; the confirm label when not given. */
  pendingLabel?: string;
  /** Work is running: the dialog cannot be dismissed and both buttons are disabled. */
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Choices that shape what the confirm does, between the description and the buttons. */
  children?: ReactNode;
}

/** Asks before something destructive, with a warning icon, Cancel and a red confirm button that shows the work running. */
export function ConfirmDialog({ open, title, description, confirmLabel, pendingLabel, pending, onConfirm, onClose, children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
    >
      <DialogContent hideCloseButton={pending} className="max-w-md">
        <DialogHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-xl border border-destructive/30 bg-destructive/10 text-destructive">
            <AlertTriangle className="size-5" aria-hidden />
          </div>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending && <ButtonSpinner />}
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
