import { FileArchive, LoaderCircle, Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { PROJECT_NAME_MAX_LENGTH, projectNameError, projectNameFromFileName } from '@forge/protocol/project-name';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useWorkspace } from '@/store/workspace';
import { useImport } from './use-import';

/** "Import a project": a ZIP exported from another builder (or any React project), checked by the server, then built here. */
export function ImportProjectForm() {
  const { state } = useWorkspace();
  const { start } = useImport();
  const fileId = useId();
  const nameId = useId();
  const messageId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [projectName, setProjectName] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const busy = uploading || state.isGenerating;
  const name = projectName.trim();
  const nameError = name ? projectNameError(name) : null;
  const canSubmit = file !== null && name !== '' && !nameError && !busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || !file) return;
    setUploading(true);
    setRefusal(null);
    const refused = await start(file, name);
    setUploading(false);
    // A refused ZIP keeps the form as it was, to fix the name or choose another file.
    setRefusal(refused);
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${fileId}-title`} className="mt-6 space-y-4 rounded-[var(--radius-card)] border border-border bg-surface p-5 shadow-xl shadow-black/20 sm:p-6">
      <div className="flex items-start gap-3">
        <FileArchive className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div>
          <h3 id={`${fileId}-title`} className="text-base font-semibold text-foreground">
            Import a project
          </h3>
          <p className="mt-0.5 text-sm text-muted">A ZIP of a React project, such as one exported from Lovable or bolt.new. node_modules, dist and .env files are left out.</p>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fileId} className="text-sm font-medium text-foreground">
            ZIP file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".zip,application/zip"
            disabled={busy}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setRefusal(null);
              if (chosen && !projectName.trim()) setProjectName(projectNameFromFileName(chosen.name));
            }}
            className="mt-2 block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-border file:bg-surface-2 file:px-3 file:py-1.5 file:text-sm file:text-foreground disabled:opacity-60"
          />
        </div>
        <div>
          <label htmlFor={nameId} className="text-sm font-medium text-foreground">
            Project name
          </label>
          <input
            id={nameId}
            type="text"
            value={projectName}
            disabled={busy}
            maxLength={PROJECT_NAME_MAX_LENGTH + 1}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={messageId}
            onChange={(event) => setProjectName(event.target.value)}
            className={cn(
              'mt-2 block h-10 w-full rounded-xl border bg-background/60 px-3 font-mono text-sm text-foreground outline-none focus:ring-2 disabled:opacity-60',
              nameError ? 'border-destructive/70 focus:ring-destructive/20' : 'border-border hover:border-border-strong focus:border-primary focus:ring-primary/20',
            )}
          />
        </div>
      </div>
      <p id={messageId} role={nameError || refusal ? 'alert' : undefined} className={cn('text-xs', nameError || refusal ? 'text-destructive' : 'text-subtle')}>
        {nameError ?? refusal ?? 'The project is built and previewed once its files are in.'}
      </p>
      <div className="flex justify-end">
        <Button type="submit" variant="outline" disabled={!canSubmit} className="h-10 text-sm">
          {uploading ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Upload className="size-4" aria-hidden />}
          {uploading ? 'Uploading...' : 'Import Project'}
        </Button>
      </div>
    </form>
  );
}
