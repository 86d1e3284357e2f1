import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Database, History, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ProjectVersion, VersionKind } from '@forge/protocol/versions';
import { getErrorMessage } from '@/api/errors';
import { forgetProjectFile, projectTreeQueryOptions } from '@/api/queries/projects';
import { afterRestore } from '@/api/queries/run-effects';
import { restoreVersion, versionDiffQueryOptions, versionListQueryOptions } from '@/api/queries/versions';
import { formatModifiedAt } from '@/components/projects/format-date';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useWorkspaceStore } from '@/store/workspace';
import { runBuild } from './run-build';
import { VersionDiff } from './version-diff';

// A restore's message names the version it went back to in UTC (the API's words, stored with it).
const RESTORED_AT = /\bthe version( \(code and data\))? of (\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}) UTC\b/;

/** A version's message with a restore's UTC time shown like every other time here: the viewer's, in one format. */
function versionMessage(message: string): string {
  return message.replace(RESTORED_AT, (whole, what: string | undefined, day: string, time: string) => {
    const at = new Date(`${day}T${time}:00Z`);
    return Number.isNaN(at.getTime()) ? whole : `the version${what ?? ''} of ${formatModifiedAt(at)}`;
  });
}

const KIND_LABELS: Record<VersionKind, string> = { generation: 'Generated', edit: 'Edit', fix: 'Auto-fix', restore: 'Restore', save: 'Saved', import: 'Imported' };

interface HistoryDialogProps {
  project: string;
  open: boolean;
  onClose: () => void;
}

/** The project's versions, newest first, each with its changed files and diff, and Restore with a confirmation. */
export function HistoryDialog({ project, open, onClose }: HistoryDialogProps) {
  const versions = useQuery({ ...versionListQueryOptions(project), enabled: open, staleTime: 0 });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [withData, setWithData] = useState(false);
  const restore = useRestore(project);
  const list = versions.data?.versions ?? [];
  const selected = list.find((version) => version.id === selectedId) ?? list[0] ?? null;

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !restore.pending && onClose()}>
      <DialogContent className="flex max-h-[85dvh] max-w-5xl flex-col">
        <DialogHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-xl border border-primary/30 bg-primary/10 text-primary-hover">
            <History className="size-5" aria-hidden />
          </div>
          <DialogTitle className="break-all">History of {project}</DialogTitle>
          <DialogDescription>Every generation, edit, automatic fix and restore is a version. Restoring one makes a new version: nothing is lost.</DialogDescription>
        </DialogHeader>

        {versions.isPending && <Spinner className="mx-auto my-10 size-6" label="Loading versions" />}
        {versions.isError && <p className="my-6 text-sm text-destructive">{getErrorMessage(versions.error, 'Failed to load the history')}</p>}
        {versions.isSuccess && list.length === 0 && <p className="my-6 text-sm text-muted">No versions yet: the next change of this project starts its history.</p>}

        {selected && (
          <div className="mt-4 grid min-h-0 flex-1 grid-cols-1 gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <ul aria-label="Versions" className="min-h-0 space-y-1.5 overflow-y-auto pr-1 max-md:max-h-60">
              {list.map((version, index) => (
                <li key={version.id}>
                  <VersionItem version={version} latest={index === 0} selected={version.id === selected.id} onSelect={() => setSelectedId(version.id)} />
                </li>
              ))}
            </ul>
            <section aria-label="Selected version" className="flex min-h-0 flex-col rounded-lg border border-border bg-background/60">
              <div className="flex items-center gap-2 border-b border-border px-3 py-2">
                <p className="min-w-0 flex-1 truncate text-sm font-medium" title={versionMessage(selected.message)}>
                  {versionMessage(selected.message)}
                </p>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setWithData(false);
                    setConfirming(true);
                  }}
                  disabled={selected.id === list[0]?.id || restore.pending}
                >
                  <RotateCcw className="size-4" aria-hidden />
                  Restore
                </Button>
              </div>
              <SelectedDiff project={project} id={selected.id} />
            </section>
          </div>
        )}
      </DialogContent>

      <ConfirmDialog
        open={confirming && selected !== null}
        title="Restore this version?"
        description={`The files of "${project}" become those of this version (${versionMessage(selected?.message ?? '')}), as a new version, and the project is rebuilt. The current version stays in the history.`}
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        pending={restore.pending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          selected &&
          void restore.run(selected, selected.data !== null && withData).then((ok) => {
            setConfirming(false);
            if (ok) onClose();
          })
        }
      >
        {selected?.data && <RestoreChoice withData={withData} onChange={setWithData} disabled={restore.pending} />}
      </ConfirmDialog>
    </Dialog>
  );
}

function VersionItem({ version, latest, selected, onSelect }: { version: ProjectVersion; latest: boolean; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      className={cn(
        'w-full rounded-lg border px-3 py-2 text-left transition-colors',
        selected ? 'border-primary/50 bg-primary/10' : 'border-border bg-surface hover:border-border-strong hover:bg-surface-2',
      )}
    >
      {/* Wraps on a phone: the kind, Current and Data badges and the time do not fit one line there. */}
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone={version.kind === 'edit' ? 'primary' : version.kind === 'fix' ? 'warning' : 'neutral'}>{KIND_LABELS[version.kind]}</Badge>
        {latest && <Badge tone="accent">Current</Badge>}
        {version.data && (
          <Badge tone="neutral">
            <Database className="size-3" aria-hidden />
            Data
          </Badge>
        )}
        <time dateTime={version.createdAt} className="ml-auto shrink-0 text-xs text-subtle">
          {formatModifiedAt(version.createdAt)}
        </time>
      </span>
      <span className="mt-1 block truncate text-sm text-foreground">{versionMessage(version.message)}</span>
      {version.dataNote && (
        <span className="mt-1 block truncate text-xs text-subtle" title={version.dataNote}>
          {version.dataNote}
        </span>
      )}
      {version.files.length > 0 && (
        <span className="mt-1 block space-y-0.5">
          {version.files.slice(0, 6).map((file) => (
            <span key={file.path} className="flex gap-2 font-mono text-[11px] text-muted">
              <span className="min-w-0 flex-1 truncate">{file.path}</span>
              <span className="text-accent">+{file.added}</span>
              <span className="text-destructive">−{file.removed}</span>
            </span>
          ))}
          {version.files.length > 6 && <span className="block text-[11px] text-subtle">and {version.files.length - 6} more files</span>}
        </span>
      )}
    </button>
  );
}

/** A version that kept its database: restore its code alone, or its data too. */
function RestoreChoice({ withData, onChange, disabled }: { withData: boolean; onChange: (withData: boolean) => void; disabled: boolean }) {
  const options = [
    { value: false, label: 'Code only', hint: "The app's data stays as it is now." },
    { value: true, label: 'Code and data', hint: "The database goes back to this version's too. Today's data is kept in the new version, so this can be undone." },
  ];
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="sr-only">What to restore</legend>
      {options.map((option) => (
        <label
          key={option.label}
          className={cn(
            'flex cursor-pointer gap-3 rounded-lg border px-3 py-2.5 transition-colors',
            withData === option.value ? 'border-primary/50 bg-primary/10' : 'border-border bg-surface hover:border-border-strong',
          )}
        >
          <input type="radio" name="restore-what" className="mt-1 accent-[var(--color-primary)]" checked={withData === option.value} onChange={() => onChange(option.value)} />
          <span>
            <span className="block text-sm font-medium text-foreground">{option.label}</span>
            <span className="block text-xs text-muted">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function SelectedDiff({ project, id }: { project: string; id: string }) {
  const diff = useQuery(versionDiffQueryOptions(project, id));
  if (diff.isPending) return <Spinner className="mx-auto my-8 size-5" label="Loading the diff" />;
  if (diff.isError) return <p className="p-4 text-sm text-destructive">{getErrorMessage(diff.error, 'Failed to load the diff')}</p>;
  return <VersionDiff diff={diff.data.diff} />;
}

/** Restores a version, then shows the restored files in the workspace and follows the rebuild that comes after. */
function useRestore(project: string) {
  const queryClient = useQueryClient();
  const store = useWorkspaceStore();
  const [pending, setPending] = useState(false);
  const run = async (version: ProjectVersion, withData: boolean): Promise<boolean> => {
    setPending(true);
    try {
      await restoreVersion(project, version.id, withData ? { withData } : {});
    } catch (err) {
      toast.error('Failed to restore the version', { description: getErrorMessage(err, 'The server could not restore it.') });
      return false;
    } finally {
      setPending(false);
    }
    toast.success(withData ? 'Version restored with its data' : 'Version restored', { description: `"${project}" is back to: ${versionMessage(version.message)}` });
    afterRestore(queryClient, project);
    const { actions, state } = store;
    actions.addLog(`⏪ Restored ${project}${withData ? ' and its data' : ''} to the version "${versionMessage(version.message)}"`, 'info');
    try {
      const { tree } = await queryClient.fetchQuery({ ...projectTreeQueryOptions(project), staleTime: 0 });
      const active = state.activeFile;
      actions.loadProject(project, tree);
      if (active && tree.includes(active)) actions.setActiveFile(active);
    } catch (err) {
      actions.addLog(`⚠️ Could not reload the project's files: ${getErrorMessage(err, 'unknown error')}`, 'warning');
    }
    // The rebuild shows in the terminal, then its preview comes forward.
    actions.setView('terminal');
    void runBuild(project, actions, (path) => forgetProjectFile(queryClient, project, path));
    return true;
  };
  return { pending, run };
}
