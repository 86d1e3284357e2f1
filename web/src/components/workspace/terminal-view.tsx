import { Eraser, Maximize2, Minimize2, SquareTerminal } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { DEFAULT_PROJECT_NAME } from '@forge/protocol/project-name';
import { EmptyState } from '@/components/ui/empty-state';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useWorkspace, type WorkspaceStatus } from '@/store/workspace';
import { TerminalLine } from './terminal-line';

function busyLabel(isGenerating: boolean, status: WorkspaceStatus): string | null {
  if (status === 'Building') return 'Building...';
  if (status === 'Generating') return 'Generating...';
  if (isGenerating) return 'Processing...';
  return null;
}

function statusLine(isGenerating: boolean, status: WorkspaceStatus): string {
  const working = isGenerating || status === 'Building';
  const text: Record<WorkspaceStatus, string> = {
    Ready: 'Ready',
    Generating: 'The agent is writing your project',
    Building: 'Building the project',
    Complete: 'Done',
    Error: 'Finished with errors',
  };
  const base = isGenerating && status !== 'Building' && status !== 'Generating' ? 'Processing' : text[status];
  return working ? `${base}...` : base;
}

export function TerminalView() {
  const { state, actions } = useWorkspace();
  const { logs, isGenerating, status, currentProject } = state;
  const [maximized, setMaximized] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const busy = busyLabel(isGenerating, status);
  const project = currentProject ?? DEFAULT_PROJECT_NAME;
  const empty = logs.length === 0 && !isGenerating;

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [logs.length, maximized, status]);

  useEffect(() => {
    if (!maximized) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMaximized(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [maximized]);

  const panel = (
    <section aria-label="Terminal" data-maximized={maximized || undefined} className={cn('flex min-h-0 flex-col bg-[#08090c]', maximized ? 'fixed inset-0 z-50 shadow-2xl' : 'h-full')}>
      <div className="flex h-11 shrink-0 items-center gap-3 border-b border-border bg-surface px-3">
        <div className="flex items-center gap-1.5" aria-hidden>
          <span className="size-2.5 rounded-full bg-[#ff5f57]" />
          <span className="size-2.5 rounded-full bg-[#febc2e]" />
          <span className="size-2.5 rounded-full bg-[#28c840]" />
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <SquareTerminal className="size-4 shrink-0 text-subtle" aria-hidden />
          <h2 className="truncate text-[13px] font-medium text-foreground">Terminal Output</h2>
        </div>
        {busy && (
          <span className="inline-flex items-center gap-1.5 rounded-full border border-warning/30 bg-warning/10 px-2 py-0.5 text-[11px] font-medium text-warning">
            <span className="size-1.5 animate-pulse rounded-full bg-warning" aria-hidden />
            {busy}
          </span>
        )}
        <div className="ml-auto flex items-center gap-0.5">
          <Tooltip label="Clear the log">
            <button
              type="button"
              onClick={actions.clearLogs}
              disabled={logs.length === 0}
              aria-label="Clear terminal"
              className="flex h-7 items-center gap-1.5 rounded-md px-2 text-xs text-muted transition-colors hover:bg-surface-3 hover:text-foreground disabled:pointer-events-none disabled:opacity-40"
            >
              <Eraser className="size-3.5" aria-hidden />
              <span className="hidden sm:inline">Clear</span>
            </button>
          </Tooltip>
          <Tooltip label={maximized ? 'Restore (Esc)' : 'Full screen'}>
            <button
              type="button"
              onClick={() => setMaximized((value) => !value)}
              aria-label={maximized ? 'Minimize terminal' : 'Maximize terminal'}
              className="flex size-7 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-3 hover:text-foreground"
            >
              {maximized ? <Minimize2 className="size-3.5" aria-hidden /> : <Maximize2 className="size-3.5" aria-hidden />}
            </button>
          </Tooltip>
        </div>
      </div>

      {empty ? (
        <div className="min-h-0 flex-1">
          <EmptyState icon={SquareTerminal} title="Terminal Ready" description="Generate a project to see build logs and output" />
        </div>
      ) : (
        <div
          ref={scrollRef}
          onScroll={(event) => {
            const element = event.currentTarget;
            stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 32;
          }}
          role="log"
          aria-label="Build log"
          aria-live="polite"
          className="min-h-0 flex-1 overflow-auto font-mono text-[12.5px] leading-relaxed"
        >
          <div className="sticky top-0 z-10 border-b border-white/5 bg-[#08090c]/95 px-4 py-2 backdrop-blur">
            <span className="text-accent">➜</span> <span className="text-info">~/{project}</span> <span className="text-foreground">forge generate --project {project}</span>
          </div>
          <div className="px-2 py-2">
            {logs.map((entry) => (
              <TerminalLine key={entry.id} entry={entry} />
            ))}
            <div className="flex items-center gap-2 px-2 pt-1 pb-3 text-muted" data-testid="terminal-status-line">
              <span className={cn(isGenerating || status === 'Building' ? 'text-warning' : status === 'Error' ? 'text-destructive' : 'text-accent')}>●</span>
              <span>{statusLine(isGenerating, status)}</span>
              {(isGenerating || status === 'Building') && <span className="forge-terminal-caret inline-block h-3.5 w-2 animate-pulse bg-muted" aria-hidden />}
            </div>
          </div>
        </div>
      )}
    </section>
  );

  // Full screen must escape the workspace's stacking and overflow, so it renders at the body.
  return maximized ? createPortal(panel, document.body) : panel;
}
