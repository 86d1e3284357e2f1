import { SendHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { EMPTY_EDIT_REQUEST_MESSAGE } from '@forge/protocol/versions';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { useWorkspace } from '@/store/workspace';
import { OfflineEditExamples } from './offline-edit-examples';
import { useProjectEdit } from './use-edit';

/** Below the views: a request in plain words changes the open project; its log goes to the terminal. */
export function EditBar() {
  const { state } = useWorkspace();
  const { currentProject, isGenerating, isEditing } = state;
  const edit = useProjectEdit();
  const inputId = useId();
  const [request, setRequest] = useState('');

  if (!currentProject || isGenerating) return null;

  const apply = async () => {
    if (isEditing) return;
    const modificationRequest = request.trim();
    if (!modificationRequest) {
      toast.error(EMPTY_EDIT_REQUEST_MESSAGE);
      return;
    }
    if (await edit(currentProject, { modificationRequest })) setRequest('');
  };

  return (
    <form
      className="flex shrink-0 flex-wrap items-end gap-x-2 border-t border-border bg-surface px-3 py-2"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      {!request && !isEditing && (
        <div className="w-full">
          <OfflineEditExamples onPick={setRequest} />
        </div>
      )}
      <label htmlFor={inputId} className="sr-only">
        Describe a change to {currentProject}
      </label>
      <textarea
        id={inputId}
        rows={1}
        value={request}
        disabled={isEditing}
        onChange={(event) => setRequest(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void apply();
          }
        }}
        placeholder={`Describe a change to ${currentProject}, e.g. "Change the heading to Welcome"`}
        className="max-h-32 min-h-9 min-w-0 flex-1 resize-y rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-foreground placeholder:text-subtle transition-colors hover:border-border-strong focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 disabled:opacity-60"
      />
      <Button type="submit" size="sm" disabled={isEditing} className="h-9">
        {isEditing ? <ButtonSpinner /> : <SendHorizontal className="size-4" aria-hidden />}
        {isEditing ? 'Editing...' : 'Apply'}
      </Button>
    </form>
  );
}
