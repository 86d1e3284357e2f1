import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { toast } from 'sonner';
import { projectKeys, deleteProject } from '@/api/queries/projects';
import { getErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ButtonSpinner } from '@/components/ui/button-spinner';

interface DeleteProjectDialogProps {
  /** The project to confirm; null keeps the dialog closed. */
  project: string | null;
  onClose: () => void;
}

export function DeleteProjectDialog({ project, onClose }: DeleteProjectDialogProps) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (name: string) => deleteProject(name),
    onSuccess: (_data, name) => {
      queryClient.removeQueries({ queryKey: ['/api/projects', name] });
      toast.success('Project deleted', { description: `"${name}" and its files were removed.` });
    },
    onError: (err) => {
      toast.error('Failed to delete project', { description: getErrorMessage(err, 'Please try again.') });
    },
    onSettled: () => {
      onClose();
      return queryClient.invalidateQueries({ queryKey: projectKeys.all, exact: true });
    },
  });

  return (
    <Dialog
      open={project !== null}
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) onClose();
      }}
    >
      <DialogContent hideCloseButton={mutation.isPending} className="max-w-md">
        <DialogHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-xl border border-destructive/30 bg-destructive/10 text-destructive">
            <AlertTriangle className="size-5" aria-hidden />
          </div>
          <DialogTitle>Delete Project?</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete "{project}"? This action cannot be undone. All files in this project will be
            permanently deleted.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => project && mutation.mutate(project)} disabled={mutation.isPending}>
            {mutation.isPending && <ButtonSpinner />}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
