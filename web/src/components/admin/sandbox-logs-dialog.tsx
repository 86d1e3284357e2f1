import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Copy, RefreshCw, RotateCcw, ScrollText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import type { AdminSandbox } from '@forge/protocol/admin';
import { stripAnsi } from '@forge/protocol/text';
import { getErrorMessage } from '@/api/errors';
import { adminSandboxLogsQueryOptions } from '@/api/queries/admin';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { countLines, formatLineCount } from '@/lib/format';
import { SandboxStateBadge } from './sandbox-state-badge';

interface SandboxLogsDialogProps {
  /** The sandbox whose logs to show; null keeps the dialog closed. */
  sandbox: AdminSandbox | null;
  onClose: () => void;
}

export function SandboxLogsDialog({ sandbox, onClose }: SandboxLogsDialogProps) {
  return (
    <Dialog open={sandbox !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex max-w-4xl! flex-col gap-4">{sandbox && <LogsBody sandbox={sandbox} />}</DialogContent>
    </Dialog>
  );
}

function LogsBody({ sandbox }: { sandbox: AdminSandbox }) {
  const logs = useQuery(adminSandboxLogsQueryOptions(sandbox.projectId));
  const output = useRef<HTMLPreElement>(null);
  const text = stripAnsi(logs.data?.logs ?? '');

  // The newest lines are at the end: show them first, as a terminal does.
  useEffect(() => {
    if (output.current) output.current.scrollTop = output.current.scrollHeight;
  }, [text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Logs copied to the clipboard');
    } catch {
      toast.error('Could not copy to the clipboard');
    }
  };

  return (
    <>
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <ScrollText className="size-5 text-muted" aria-hidden />
          <DialogTitle className="min-w-0 truncate">Logs · {sandbox.projectName}</DialogTitle>
          <SandboxStateBadge state={sandbox.state} detail={sandbox.container?.status} />
        </div>
        <DialogDescription>The container's output, oldest first: install, build and the running app.</DialogDescription>
      </DialogHeader>

      <div className="flex items-center gap-2">
        <p className="mr-auto text-xs text-subtle" aria-live="polite">
          {logs.isFetching ? 'Reading the container output...' : logs.data ? formatLineCount(countLines(text)) : null}
        </p>
        <Button variant="ghost" size="sm" onClick={() => void copy()} disabled={!text}>
          <Copy className="size-3.5" aria-hidden />
          Copy
        </Button>
        <Button variant="outline" size="sm" onClick={() => void logs.refetch()} disabled={logs.isFetching}>
          <RefreshCw className={cn('size-3.5', logs.isFetching && 'animate-spin')} aria-hidden />
          Refresh
        </Button>
      </div>

      {logs.isPending ? (
        <div className="flex h-72 items-center justify-center rounded-lg border border-border bg-background">
          <Spinner className="size-5" label="Loading logs" />
        </div>
      ) : logs.isError && !logs.data ? (
        <div role="alert" className="flex h-72 flex-col items-center justify-center gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-6 text-center">
          <AlertCircle className="size-6 text-destructive" aria-hidden />
          <p className="text-sm text-foreground">{getErrorMessage(logs.error, 'The logs could not be loaded.')}</p>
          <Button variant="outline" size="sm" onClick={() => void logs.refetch()}>
            <RotateCcw className="size-3.5" aria-hidden />
            Retry
          </Button>
        </div>
      ) : (
        <pre
          ref={output}
          aria-label={`Logs of ${sandbox.projectName}`}
          tabIndex={0}
          className="h-[min(60vh,32rem)] overflow-auto rounded-lg border border-border bg-background p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-foreground/90"
        >
          {text || <span className="text-subtle">No output yet. The container writes here once it installs, builds or serves.</span>}
        </pre>
      )}
    </>
  );
}
