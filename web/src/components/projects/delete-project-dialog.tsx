import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { deleteProject, forgetProject, invalidateProjectList } from '@/api/queries/projects';
import { getErrorMessage } from '@/api/errors';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

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
      forgetProject(queryClient, name);
      toast.success('Project deleted', { description: `"${name}" and its files were removed.` });
    },
    onError: (err) => {
      toast.error('Failed to delete project', { description: getErrorMessage(err, 'Please try again.') });
    },
    onSettled: () => {
      onClose();
      return invalidateProjectList(queryClient);
    },
  });

  return (
    <ConfirmDialog
      open={project !== null}
      title="Delete Project?"
      description={<>Are you sure you want to delete "{project}"? This action cannot be undone. All files in this project will be permanently deleted.</>}
      confirmLabel="Delete"
      pending={mutation.isPending}
      onConfirm={() => project && mutation.mutate(project)}
      onClose={onClose}
    />
  );
}
