import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, Copy, Database, ExternalLink, Globe, LayoutGrid, Lock } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MAX_SHARE_DESCRIPTION_CHARS, type OwnerShare, SHARE_DESCRIPTION_TOO_LONG_MESSAGE, type ShareStatusResponse } from '@forge/protocol/shares';
import { getErrorMessage } from '@/api/errors';
import { databaseStatusQueryOptions } from '@/api/queries/databases';
import { publishProject, shareChanged, shareStatusQueryOptions, unpublishProject } from '@/api/queries/shares';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useCopied } from '@/lib/use-copied';

interface ShareDialogProps {
  /** The project to share; null keeps the dialog closed. */
  project: string | null;
  onClose: () => void;
}

/** Publishes a project (its page, its running app and a card on the wall), or takes all of it back. */
export function ShareDialog({ project, onClose }: ShareDialogProps) {
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">{project !== null && <ShareDialogBody key={project} project={project} />}</DialogContent>
    </Dialog>
  );
}

function ShareDialogBody({ project }: { project: string }) {
  const status = useQuery(shareStatusQueryOptions(project));
  // A data app's public app writes to the owner's database: the page is read-only, the app is not.
  const database = useQuery(databaseStatusQueryOptions(project));
  const dataApp = database.data?.hasDatabase === true;
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          Share {project}
          {status.data?.published && <Badge tone="accent">Published</Badge>}
        </DialogTitle>
        <DialogDescription>
          A published project has a public address anyone can open without an account: a read-only page with its files and code, and its running app on an address of its own. It also gets a card on
          the wall. Secrets and .env files are never shown.
        </DialogDescription>
      </DialogHeader>
      {dataApp && (
        <p role="note" className="mt-4 flex gap-2 rounded-lg border border-warning/30 bg-warning/5 p-3 text-sm leading-relaxed text-foreground">
          <Database className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <span>This app has a database, and its public app is not read-only: anyone with the address can add, change and delete its data through the app, in the same database you use.</span>
        </p>
      )}
      {status.isPending && (
        <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted">
          <Spinner className="size-5" label="Loading sharing" />
          Loading sharing...
        </div>
      )}
      {status.isError && <p className="mt-6 text-sm text-destructive">{getErrorMessage(status.error, 'Failed to load sharing')}</p>}
      {status.isSuccess && <ShareForm key={status.data.share?.shareId ?? 'unpublished'} project={project} share={status.data.share} />}
    </>
  );
}

function ShareForm({ project, share }: { project: string; share: OwnerShare | null }) {
  const queryClient = useQueryClient();
  const [description, setDescription] = useState(share?.description ?? '');
  const tooLong = description.trim().length > MAX_SHARE_DESCRIPTION_CHARS;

  const settle = (status: ShareStatusResponse) => shareChanged(queryClient, project, status);
  const publish = useMutation({
    mutationFn: () => publishProject(project, description.trim()),
    onSuccess: (status) => {
      settle(status);
      toast.success(share ? 'Description saved' : 'Project published', { description: share ? 'The wall shows the new description.' : 'Anyone with the address can open it now.' });
    },
    onError: (err) => toast.error('Failed to publish project', { description: getErrorMessage(err, 'Please try again.') }),
  });
  const unpublish = useMutation({
    mutationFn: () => unpublishProject(project),
    onSuccess: (status) => {
      settle(status);
      toast.success('Project unpublished', { description: 'Its address and its wall card are gone.' });
    },
    onError: (err) => toast.error('Failed to unpublish project', { description: getErrorMessage(err, 'Please try again.') }),
  });
  const busy = publish.isPending || unpublish.isPending;

  return (
    <div className="mt-6 flex flex-col gap-5">
      {share && <ShareAddresses share={share} />}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="share-description" className="text-sm font-medium text-foreground">
          Description <span className="font-normal text-subtle">(shown on the wall, optional)</span>
        </label>
        <textarea
          id="share-description"
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="What does the app do?"
          aria-invalid={tooLong}
          className="w-full resize-y rounded-lg border border-border bg-background px-3 py-2 text-sm text-foreground placeholder:text-subtle focus:border-primary focus:outline-none"
        />
        <p className={cn('text-xs', tooLong ? 'text-destructive' : 'text-subtle')}>{tooLong ? SHARE_DESCRIPTION_TOO_LONG_MESSAGE : `${description.trim().length} / ${MAX_SHARE_DESCRIPTION_CHARS}`}</p>
      </div>
      {share && (
        <p className="flex gap-2 text-xs leading-relaxed text-muted">
          <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          Unpublishing takes the address, the public app and the wall card away at once. Publishing again gives a new address.
        </p>
      )}
      <DialogFooter className="mt-0">
        {share ? (
          <>
            <Button variant="destructive" onClick={() => unpublish.mutate()} disabled={busy}>
              {unpublish.isPending && <ButtonSpinner />}
              {unpublish.isPending ? 'Unpublishing...' : 'Unpublish'}
            </Button>
            <Button variant="outline" onClick={() => publish.mutate()} disabled={busy || tooLong || description.trim() === share.description}>
              {publish.isPending && <ButtonSpinner />}
              {publish.isPending ? 'Saving...' : 'Save description'}
            </Button>
          </>
        ) : (
          <Button onClick={() => publish.mutate()} disabled={busy || tooLong}>
            {publish.isPending ? <ButtonSpinner /> : <Globe className="size-4" aria-hidden />}
            {publish.isPending ? 'Publishing...' : 'Publish'}
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

function ShareAddresses({ share }: { share: OwnerShare }) {
  const address = `${window.location.origin}${share.pagePath}`;
  const { copied, copy } = useCopied();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-accent/30 bg-accent/5 p-4">
      <label htmlFor="share-address" className="text-sm font-medium text-foreground">
        Share address
      </label>
      <div className="flex gap-2">
        <input
          id="share-address"
          readOnly
          value={address}
          onFocus={(event) => event.target.select()}
          className="min-w-0 flex-1 rounded-lg border border-border bg-background px-3 py-2 font-mono text-xs text-foreground"
        />
        <Button
          variant="outline"
          size="sm"
          className="h-9"
          onClick={() => void copy(address).then((ok) => !ok && toast.error('Could not copy', { description: 'Select the address and copy it yourself.' }))}
        >
          {copied ? <Check className="size-4 text-accent" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to="/s/$shareId" params={{ shareId: share.shareId }} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')}>
          <ExternalLink className="size-3.5" aria-hidden />
          Open share page
        </Link>
        <a href={share.previewUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm')}>
          <Globe className="size-3.5" aria-hidden />
          Open public app
        </a>
        <Link to="/wall" target="_blank" rel="noopener noreferrer" className={buttonClasses('ghost', 'sm')}>
          <LayoutGrid className="size-3.5" aria-hidden />
          See the wall
        </Link>
      </div>
    </div>
  );
}
