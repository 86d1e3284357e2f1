import { Crosshair, SendHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { type SelectedElement, describeSelection } from '@forge/protocol/source-tags';
import { EMPTY_EDIT_REQUEST_MESSAGE } from '@forge/protocol/versions';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { useWorkspace } from '@/store/workspace';
import { OfflineEditExamples } from './offline-edit-examples';
import { useProjectEdit } from './use-edit';

/**
 * Below the views: a request in plain words changes the open project; its log goes to the terminal.
 * An element picked in the preview aims the request at it until it is sent or dismissed.
 */
export function EditBar() {
  const { state, actions } = useWorkspace();
  const { currentProject, isGenerating, isEditing, selection } = state;
  const edit = useProjectEdit();
  const inputId = useId();
  const [request, setRequest] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // A pick in the preview is a request about to be typed.
  useEffect(() => {
    if (selection) inputRef.current?.focus({ preventScroll: true });
  }, [selection]);

  if (!currentProject || isGenerating) return null;

  const apply = async () => {
    if (isEditing) return;
    const modificationRequest = request.trim();
    if (!modificationRequest) {
      toast.error(EMPTY_EDIT_REQUEST_MESSAGE);
      return;
    }
    const target = selection?.target;
    if (await edit(currentProject, { modificationRequest, ...(target ? { target } : {}) })) {
      setRequest('');
      if (target) actions.clearSelection();
    }
  };

  return (
    <form
      className="flex shrink-0 flex-wrap items-end gap-x-2 border-t border-border bg-surface px-3 py-2"
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      {selection ? (
        <SelectionChip selection={selection} onDismiss={() => actions.clearSelection()} />
      ) : (
        !request &&
        !isEditing && (
          <div className="w-full">
            <OfflineEditExamples onPick={setRequest} />
          </div>
        )
      )}
      <label htmlFor={inputId} className="sr-only">
        Describe a change to {currentProject}
      </label>
      <textarea
        ref={inputRef}
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
        placeholder={selection ? `e.g. "Make this say Hello"` : `Describe a change to ${currentProject}, e.g. "Change the heading to Welcome"`}
        className="max-h-32 min-h-9 min-w-0 flex-1 resize-y rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-foreground placeholder:text-subtle transition-colors hover:border-border-strong focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 disabled:opacity-60"
      />
      <Button type="submit" size="sm" disabled={isEditing} className="h-9">
        {isEditing ? <ButtonSpinner /> : <SendHorizontal className="size-4" aria-hidden />}
        {isEditing ? 'Editing...' : 'Apply'}
      </Button>
    </form>
  );
}

/** What the next edit is aimed at: "Editing <h1> in src/components/Hero.tsx:12", with its component. */
function SelectionChip({ selection, onDismiss }: { selection: SelectedElement; onDismiss: () => void }) {
  return (
    <div className="mb-2 flex w-full min-w-0 items-center gap-2 rounded-lg border border-primary/30 bg-primary/10 px-2.5 py-1.5 text-xs" role="status" aria-label="Edit target">
      <Crosshair className="size-3.5 shrink-0 text-primary" aria-hidden />
      <p className="min-w-0 flex-1 truncate text-foreground" data-testid="edit-target" title={`${describeSelection(selection)}${selection.text ? `: “${selection.text}”` : ''}`}>
        Editing <code className="font-mono text-primary">&lt;{selection.tagName}&gt;</code> in{' '}
        <span className="font-mono text-muted">
          {selection.target.file}:{selection.target.line}
        </span>
        {selection.component && <span className="text-subtle"> · {selection.component}</span>}
      </p>
      <button type="button" aria-label="Stop editing this element" onClick={onDismiss} className="shrink-0 rounded p-0.5 text-subtle transition-colors hover:bg-surface-3 hover:text-foreground">
        <X className="size-3.5" aria-hidden />
      </button>
    </div>
  );
}
