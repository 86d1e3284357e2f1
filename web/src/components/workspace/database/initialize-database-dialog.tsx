import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatabaseZap, Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { databaseUrlError } from '@forge/protocol/databases';
import { getErrorMessage } from '@/api/errors';
import { autoDatabaseUrlQueryOptions, initializeDatabase, invalidateDatabase } from '@/api/queries/databases';
import { invalidateSecrets } from '@/api/queries/secrets';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';

interface InitializeDatabaseDialogProps {
  project: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Creates the schema's tables and loads the seed data, in the automatic database or the owner's own. */
export function InitializeDatabaseDialog({ project, open, onOpenChange }: InitializeDatabaseDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Mounted only while open: each opening starts with the automatic URL and an empty field. */}
      {open && <InitializeDatabaseForm project={project} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function InitializeDatabaseForm({ project, onDone }: { project: string | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [useAutoUrl, setUseAutoUrl] = useState(true);
  const [databaseUrl, setDatabaseUrl] = useState('');
  const [typed, setTyped] = useState(false);
  // The URL carries the password: masked like one until the owner asks to see it.
  const [shown, setShown] = useState(false);
  const switchId = useId();
  const inputId = useId();
  const errorId = useId();
  const autoUrl = useQuery({ ...autoDatabaseUrlQueryOptions(project ?? ''), enabled: project !== null && useAutoUrl });
  const urlError = useAutoUrl ? null : databaseUrlError(databaseUrl);

  const mutation = useMutation({
    mutationFn: () => {
      if (!project) throw new Error('No project selected');
      return initializeDatabase(project, useAutoUrl ? { runSeed: true, useAutoUrl: true } : { runSeed: true, databaseUrl: databaseUrl.trim() });
    },
    onSuccess: async (result) => {
      toast.success('Database initialized', {
        description: result.previewRestarted ? 'Tables created and sample data loaded; the preview restarted with its database.' : 'Tables created and sample data loaded.',
      });
      await invalidateDatabase(queryClient, project!);
      void invalidateSecrets(queryClient, project!);
      setDatabaseUrl('');
      onDone();
    },
  });
  // Shown in the dialog, beside the URL it is about, rather than in a toast that goes away.
  const failure = mutation.isError ? getErrorMessage(mutation.error, 'Please try again.') : null;

  const disabled = mutation.isPending || (!useAutoUrl && urlError !== null);

  return (
    <DialogContent
      hideCloseButton={mutation.isPending}
      onInteractOutside={(event) => mutation.isPending && event.preventDefault()}
      onEscapeKeyDown={(event) => mutation.isPending && event.preventDefault()}
    >
      <DialogHeader>
        <DialogTitle>Initialize Database</DialogTitle>
        <DialogDescription>
          Creates the tables of <code className="font-mono text-foreground">shared/schema.ts</code> (npm run db:push) and loads the sample data (npm run db:seed) in the project&apos;s sandbox, then
          restarts the preview with its <code className="font-mono text-foreground">DATABASE_URL</code>. Running it again keeps the data that is there.
        </DialogDescription>
      </DialogHeader>

      <div className="mt-5 flex items-center justify-between gap-4 rounded-lg border border-border bg-surface-2 px-4 py-3">
        <label htmlFor={switchId} className="text-sm font-medium text-foreground">
          Use automatic database URL
          <span className="block text-xs font-normal text-muted">A PostgreSQL database of this project&apos;s own, provided by Forge</span>
        </label>
        <button
          id={switchId}
          type="button"
          role="switch"
          aria-checked={useAutoUrl}
          disabled={mutation.isPending}
          onClick={() => {
            setUseAutoUrl((current) => !current);
            mutation.reset();
          }}
          className={cn('relative h-6 w-11 shrink-0 rounded-full transition-colors disabled:opacity-50', useAutoUrl ? 'bg-primary' : 'bg-border-strong')}
        >
          <span className={cn('absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform', useAutoUrl && 'translate-x-5')} aria-hidden />
        </button>
      </div>

      {useAutoUrl ? (
        <div className="mt-4">
          <p className="mb-1 text-xs font-medium text-muted">Automatic database URL</p>
          <p data-testid="masked-database-url" className="rounded-lg border border-border bg-background px-3 py-2 font-mono text-xs break-all text-foreground">
            {autoUrl.isPending ? 'Loading...' : autoUrl.isError ? getErrorMessage(autoUrl.error, 'The automatic URL is not available') : autoUrl.data.maskedUrl}
          </p>
        </div>
      ) : (
        <div className="mt-4">
          <label htmlFor={inputId} className="mb-1 block text-xs font-medium text-muted">
            Database URL
          </label>
          <div className="relative">
            <input
              id={inputId}
              type={shown ? 'text' : 'password'}
              autoComplete="off"
              spellCheck={false}
              value={databaseUrl}
              disabled={mutation.isPending}
              placeholder="postgresql://user:password@host:5432/database"
              aria-invalid={typed && urlError !== null}
              aria-describedby={typed && urlError ? errorId : undefined}
              onChange={(event) => {
                setDatabaseUrl(event.target.value);
                setTyped(true);
                mutation.reset();
              }}
              className="w-full rounded-lg border border-border bg-background py-2 pr-11 pl-3 font-mono text-sm text-foreground placeholder:text-subtle focus:border-primary focus:outline-none aria-[invalid=true]:border-destructive"
            />
            <button
              type="button"
              onClick={() => setShown((value) => !value)}
              aria-label={shown ? 'Hide URL' : 'Show URL'}
              aria-pressed={shown}
              className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-subtle transition-colors hover:bg-surface-3 hover:text-foreground"
            >
              {shown ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
            </button>
          </div>
          {typed && urlError && (
            <p id={errorId} role="alert" className="mt-1.5 text-xs text-destructive">
              {urlError}
            </p>
          )}
          <p className="mt-1.5 text-xs text-subtle">Your own server is used as given; the URL is kept encrypted like a secret.</p>
        </div>
      )}

      {failure && (
        <div role="alert" className="mt-4 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          <p className="font-medium">Error initializing database</p>
          <p className="mt-0.5 break-words">{failure}</p>
        </div>
      )}

      <DialogFooter>
        <Button variant="ghost" disabled={mutation.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={disabled} onClick={() => mutation.mutate()}>
          {mutation.isPending ? <ButtonSpinner /> : <DatabaseZap className="size-4" aria-hidden />}
          {mutation.isPending ? 'Initializing...' : 'Initialize Database'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
