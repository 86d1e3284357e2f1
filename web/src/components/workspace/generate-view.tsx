import { useQuery } from '@tanstack/react-query';
import { FolderPen, LoaderCircle, Sparkles, TriangleAlert, WandSparkles } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { PROMPT_ROWS } from '@/lib/ui-timing';
import { MAX_PROMPT_CHARS, PROMPT_TOO_LONG_MESSAGE } from '@forge/protocol/limits';
import { DEFAULT_PROJECT_NAME, PROJECT_NAME_MAX_LENGTH, freeProjectName, normalizeProjectName, projectNameError } from '@forge/protocol/project-name';
import { projectListQueryOptions } from '@/api/queries/projects';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useWorkspace } from '@/store/workspace';
import type { UploadedImage } from './design-images';
import { ImageUploader } from './image-uploader';
import { ImportProjectForm } from './import-project-form';
import { OfflineAgentNotice } from './offline-agent-notice';
import { useGeneration } from './use-generation';

export interface GenerateDraft {
  prompt: string;
  projectName: string;
  images: UploadedImage[];
}

export const EMPTY_GENERATE_DRAFT: GenerateDraft = { prompt: '', projectName: '', images: [] };

const SUGGESTIONS = [
  'A habit tracker with streaks, a weekly chart and dark mode',
  'A landing page for a coffee roastery with a menu and contact form',
  'A kanban board with drag-and-drop columns saved to local storage',
];

export interface GenerateViewProps {
  /** Kept by the workspace so switching views does not lose what was typed. */
  draft: GenerateDraft;
  onDraftChange: (update: (draft: GenerateDraft) => GenerateDraft) => void;
}

export function GenerateView({ draft, onDraftChange }: GenerateViewProps) {
  const { state, actions } = useWorkspace();
  const { start } = useGeneration();
  const promptId = useId();
  const nameId = useId();
  const nameErrorId = useId();
  const promptErrorId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const { isGenerating } = state;
  const [starting, setStarting] = useState(false);
  // The name the user confirmed replacing: any change of the name asks again.
  const [replaceConfirmed, setReplaceConfirmed] = useState<string | null>(null);
  const { data: projectList } = useQuery(projectListQueryOptions);
  const takenNames = (projectList?.projects ?? []).map((project) => project.name);

  const trimmedName = draft.projectName.trim();
  const nameError = trimmedName ? projectNameError(trimmedName) : null;
  const projectName = normalizeProjectName(draft.projectName);
  const nameTaken = !nameError && takenNames.includes(projectName);
  const replacing = nameTaken && replaceConfirmed === projectName;
  const promptLength = draft.prompt.trim().length;
  const promptTooLong = promptLength > MAX_PROMPT_CHARS;
  const busy = isGenerating || starting;
  const canSubmit = promptLength > 0 && !promptTooLong && !busy && (!nameTaken || replacing);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSubmit) return;
    const error = projectNameError(projectName);
    if (error) {
      actions.addLog(error, 'error');
      nameRef.current?.focus();
      return;
    }
    setStarting(true);
    try {
      const started = await start({
        prompt: draft.prompt.trim(),
        projectName,
        images: draft.images.map(({ name, base64, mediaType }) => ({ name, base64, mediaType })),
        replace: replacing,
      });
      // Taken meanwhile (another tab): the list is read again and the choice below appears.
      if (started === 'taken') setReplaceConfirmed(null);
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="h-full overflow-y-auto">
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="mb-7 flex items-start gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl border border-primary/30 bg-primary/15 text-primary shadow-lg shadow-primary/10">
            <Sparkles className="size-5" aria-hidden />
          </span>
          <div>
            <h2 className="text-2xl font-semibold tracking-tight text-foreground">New Generation</h2>
            <p className="mt-1 text-sm text-muted">Describe the app you want. The agent writes the files, builds the project and shows a live preview.</p>
          </div>
        </div>
        <OfflineAgentNotice />

        <form onSubmit={submit} className="space-y-6 rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-xl shadow-black/20 sm:p-6">
          <div>
            <label htmlFor={promptId} className="text-sm font-medium text-foreground">
              Describe your React project
            </label>
            <textarea
              id={promptId}
              rows={PROMPT_ROWS}
              value={draft.prompt}
              disabled={busy}
              onChange={(event) => {
                const prompt = event.target.value;
                onDraftChange((current) => ({ ...current, prompt }));
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
              }}
              placeholder="A recipe app where I can save favourites, filter by ingredient and plan meals for the week…"
              aria-invalid={promptTooLong ? true : undefined}
              aria-describedby={promptTooLong ? promptErrorId : undefined}
              className="mt-2 block w-full resize-y rounded-xl border border-border bg-background/60 px-3.5 py-3 text-sm leading-relaxed text-foreground placeholder:text-subtle transition-colors outline-none hover:border-border-strong focus:border-primary focus:ring-2 focus:ring-primary/20 disabled:opacity-60"
            />
            {promptTooLong && (
              <p id={promptErrorId} role="alert" className="mt-1.5 text-xs text-destructive">
                {PROMPT_TOO_LONG_MESSAGE} It has {promptLength.toLocaleString('en-US')}.
              </p>
            )}
            {!draft.prompt && (
              <div className="mt-2.5 flex flex-wrap gap-1.5">
                {SUGGESTIONS.map((suggestion) => (
                  <button
                    key={suggestion}
                    type="button"
                    onClick={() => onDraftChange((current) => ({ ...current, prompt: suggestion }))}
                    className="rounded-full border border-border bg-surface-2 px-2.5 py-1 text-left text-xs text-muted transition-colors hover:border-primary/50 hover:text-foreground"
                  >
                    {suggestion}
                  </button>
                ))}
              </div>
            )}
          </div>

          <ImageUploader
            images={draft.images}
            disabled={busy}
            onAdd={(added) => onDraftChange((current) => ({ ...current, images: [...current.images, ...added] }))}
            onRemove={(id) => onDraftChange((current) => ({ ...current, images: current.images.filter((image) => image.id !== id) }))}
            onReject={(message) => actions.addLog(message, 'error')}
          />

          <div>
            <label htmlFor={nameId} className="text-sm font-medium text-foreground">
              Project Name
            </label>
            <div className="relative mt-2">
              <FolderPen className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" aria-hidden />
              <input
                ref={nameRef}
                id={nameId}
                type="text"
                value={draft.projectName}
                disabled={busy}
                maxLength={PROJECT_NAME_MAX_LENGTH + 1}
                autoComplete="off"
                spellCheck={false}
                placeholder={DEFAULT_PROJECT_NAME}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameErrorId}
                onChange={(event) => {
                  const projectName = event.target.value;
                  // A confirmation is for the name it was given for, and only while that name stays.
                  setReplaceConfirmed(null);
                  onDraftChange((current) => ({ ...current, projectName }));
                }}
                className={cn(
                  'block h-10 w-full rounded-xl border bg-background/60 pr-3 pl-9 font-mono text-sm text-foreground placeholder:text-subtle transition-colors outline-none focus:ring-2 disabled:opacity-60',
                  nameError ? 'border-destructive/70 focus:border-destructive focus:ring-destructive/20' : 'border-border hover:border-border-strong focus:border-primary focus:ring-primary/20',
                )}
              />
            </div>
            <p id={nameErrorId} className={cn('mt-1.5 text-xs', nameError ? 'text-destructive' : 'text-subtle')} role={nameError ? 'alert' : undefined}>
              {nameError ?? `Letters, numbers, hyphens and underscores. Leave empty for ${DEFAULT_PROJECT_NAME}.`}
            </p>
            {nameTaken && (
              <NameTaken
                name={projectName}
                freeName={freeProjectName(projectName, takenNames)}
                replacing={replacing}
                disabled={busy}
                onUseName={(name) => {
                  setReplaceConfirmed(null);
                  onDraftChange((current) => ({ ...current, projectName: name }));
                  nameRef.current?.focus();
                }}
                onReplace={setReplaceConfirmed}
              />
            )}
          </div>

          <div className="flex flex-col-reverse items-stretch gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-subtle">
              <kbd className="rounded border border-border bg-surface-2 px-1 font-sans">Ctrl</kbd> + <kbd className="rounded border border-border bg-surface-2 px-1 font-sans">Enter</kbd> to generate
            </p>
            <Button type="submit" size="lg" disabled={!canSubmit} className="h-10 text-sm">
              {busy ? (
                <>
                  <LoaderCircle className="size-4 animate-spin" aria-hidden />
                  Generating...
                </>
              ) : (
                <>
                  <WandSparkles className="size-4" aria-hidden />
                  Generate Project
                </>
              )}
            </Button>
          </div>
        </form>

        <ImportProjectForm />
      </div>
    </div>
  );
}

interface NameTakenProps {
  name: string;
  freeName: string;
  replacing: boolean;
  disabled: boolean;
  onUseName: (name: string) => void;
  onReplace: (name: string | null) => void;
}

/** A name the account already uses: a free one, or replacing that project, said out loud. */
function NameTaken({ name, freeName, replacing, disabled, onUseName, onReplace }: NameTakenProps) {
  const button = 'rounded-lg border px-2.5 py-1 text-xs font-medium transition-colors disabled:opacity-50';
  return (
    <div role="status" aria-label="Project name taken" className="mt-3 rounded-xl border border-warning/40 bg-warning/10 p-3 text-sm">
      <p className="flex gap-2 text-foreground">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        {replacing ? (
          <span>
            The new app will replace <strong className="font-mono">{name}</strong>. Its current files stay in History.
          </span>
        ) : (
          <span>
            You already have a project named <strong className="font-mono">{name}</strong>. Generating under this name would replace it.
          </span>
        )}
      </p>
      <div className="mt-2.5 flex flex-wrap gap-2 pl-6">
        <button type="button" disabled={disabled} onClick={() => onUseName(freeName)} className={cn(button, 'border-border bg-surface-2 text-foreground hover:border-primary/60')}>
          Use {freeName}
        </button>
        {replacing ? (
          <button type="button" disabled={disabled} onClick={() => onReplace(null)} className={cn(button, 'border-border bg-surface-2 text-foreground hover:border-border-strong')}>
            Keep {name}
          </button>
        ) : (
          <button type="button" disabled={disabled} onClick={() => onReplace(name)} className={cn(button, 'border-destructive/50 bg-destructive/10 text-destructive hover:bg-destructive/20')}>
            Replace {name}
          </button>
        )}
      </div>
    </div>
  );
}
