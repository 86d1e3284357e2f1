import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { EMPTY_EDIT_REQUEST_MESSAGE } from '@forge/protocol/versions';
import { getErrorMessage } from '@/api/errors';
import { activeJobsQueryOptions } from '@/api/queries/jobs';
import { afterEdit } from '@/api/queries/run-effects';
import { type RunHandlers, type RunOutcome, followRun } from '@/api/streams/run-stream';
import { NO_RESPONSE_BODY_MESSAGE, editOutcome, editRun, jobRun } from '@/api/streams/runs';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import type { LogType } from '@/store/workspace';

interface LogLine {
  id: number;
  message: string;
  tone: LogType;
}

const toneClasses: Record<LogType, string> = {
  info: 'text-muted',
  other: 'text-muted',
  success: 'text-accent',
  warning: 'text-warning',
  error: 'text-destructive',
};

interface EditProjectDialogProps {
  /** The project to edit; null keeps the dialog closed. */
  project: string | null;
  onClose: () => void;
}

export function EditProjectDialog({ project, onClose }: EditProjectDialogProps) {
  const queryClient = useQueryClient();
  const requestId = useId();
  const logId = useId();
  const [request, setRequest] = useState('');
  const [logs, setLogs] = useState<LogLine[]>([]);
  const [isEditing, setIsEditing] = useState(false);
  const nextLogId = useRef(0);
  const abortRef = useRef<AbortController | null>(null);
  const logBoxRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => abortRef.current?.abort(), []);
  useEffect(() => {
    const box = logBoxRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [logs]);

  const addLog = (message: string, tone: LogType) => setLogs((current) => [...current, { id: nextLogId.current++, message, tone }]);

  /** Runs (or follows) an edit, showing its log; the edit itself runs on the server whatever happens here. */
  const follow = async (run: (handlers: RunHandlers, signal: AbortSignal) => Promise<RunOutcome>) => {
    if (!project) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setIsEditing(true);
    try {
      const outcome = editOutcome(
        await run(
          {
            onEvent: (event) => {
              if (event.type === 'log') addLog(event.message, event.level);
            },
            onReconnecting: (attempt, max) => addLog(`🔄 Connection lost. Reconnecting (${attempt}/${max})...`, 'warning'),
          },
          controller.signal,
        ),
      );
      if (controller.signal.aborted) return;
      afterEdit(queryClient, project);
      if (outcome.status === 'completed') {
        addLog(outcome.message ?? '✅ Changes applied successfully', 'success');
        setRequest('');
        toast.success('Project updated', { description: `The agent applied your changes to "${project}".` });
      } else {
        addLog(`❌ ${outcome.error}`, 'error');
        toast.error('Error', { description: outcome.error });
      }
    } catch (err) {
      if (controller.signal.aborted) return;
      const message = getErrorMessage(err, 'The server could not apply the changes.');
      addLog(`❌ Failed to edit project: ${message}`, 'error');
      if (err instanceof Error && err.message === NO_RESPONSE_BODY_MESSAGE) toast.error(NO_RESPONSE_BODY_MESSAGE);
      else toast.error('Failed to edit project', { description: message });
    } finally {
      if (!controller.signal.aborted) setIsEditing(false);
    }
  };

  // An edit of this project that is already running (started here before a reload, or in the workspace) is followed again.
  useEffect(() => {
    if (!project) return;
    let cancelled = false;
    void queryClient
      .fetchQuery({ ...activeJobsQueryOptions, staleTime: 0 })
      .then(({ jobs }) => {
        const running = jobs.find((job) => job.kind === 'edit' && job.projectName === project);
        if (cancelled || !running) return;
        addLog(`🔄 Reconnecting to the running edit of ${project}...`, 'info');
        void follow((handlers, signal) => followRun(jobRun(running.id), handlers, { signal }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // Once per project the dialog opens for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project]);

  const apply = async () => {
    if (!project || isEditing) return;
    const modificationRequest = request.trim();
    if (!modificationRequest) {
      toast.error(EMPTY_EDIT_REQUEST_MESSAGE);
      return;
    }
    setLogs([]);
    addLog(`Sending modification request for ${project}...`, 'info');
    await follow((handlers, signal) => followRun(editRun(project, { modificationRequest }), handlers, { signal }));
  };

  const close = () => {
    if (!isEditing) onClose();
  };

  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        className="max-w-2xl"
        hideCloseButton={isEditing}
        onEscapeKeyDown={(event) => isEditing && event.preventDefault()}
        onInteractOutside={(event) => isEditing && event.preventDefault()}
      >
        <DialogHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-xl border border-primary/30 bg-primary/10 text-primary-hover">
            <Pencil className="size-5" aria-hidden />
          </div>
          <DialogTitle className="break-all">Edit Project: {project}</DialogTitle>
          <DialogDescription>Describe the changes in plain language. The agent changes only what you ask, and every edit can be undone from the project's History.</DialogDescription>
        </DialogHeader>

        <form
          className="mt-5 flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            void apply();
          }}
        >
          <div className="flex flex-col gap-2">
            <label htmlFor={requestId} className="text-sm font-medium text-foreground">
              Modification Request
            </label>
            <textarea
              id={requestId}
              rows={5}
              value={request}
              disabled={isEditing}
              onChange={(event) => setRequest(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
                  event.preventDefault();
                  void apply();
                }
              }}
              placeholder="e.g. Add a dark mode toggle to the header and remember the choice"
              className="w-full resize-y rounded-lg border border-border bg-surface-2 px-3 py-2.5 text-sm text-foreground placeholder:text-subtle transition-colors hover:border-border-strong focus:border-primary focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-primary/30 disabled:opacity-60"
            />
            <p className="text-xs text-subtle">Tip: press Ctrl+Enter to apply.</p>
          </div>

          <div className="flex flex-col gap-2">
            <span id={logId} className="text-sm font-medium text-foreground">
              Progress log
            </span>
            <div
              ref={logBoxRef}
              role="log"
              aria-labelledby={logId}
              aria-live="polite"
              className="h-44 overflow-y-auto rounded-lg border border-border bg-background/80 p-3 font-mono text-xs leading-relaxed"
            >
              {logs.length === 0 ? (
                <p className="flex items-center gap-2 text-subtle">
                  <Sparkles className="size-3.5" aria-hidden />
                  The agent's progress will appear here.
                </p>
              ) : (
                logs.map((line) => (
                  <p key={line.id} className={cn('break-words whitespace-pre-wrap', toneClasses[line.tone])}>
                    {line.message}
                  </p>
                ))
              )}
            </div>
          </div>

          <DialogFooter className="mt-1">
            <Button variant="outline" onClick={close} disabled={isEditing}>
              Cancel
            </Button>
            <Button type="submit" disabled={isEditing}>
              {isEditing && <ButtonSpinner />}
              {isEditing ? 'Editing...' : 'Apply Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
