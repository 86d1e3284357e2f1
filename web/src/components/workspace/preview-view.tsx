import { ExternalLink, Globe, LoaderCircle, MonitorPlay, MousePointerClick, RefreshCw, RotateCcw, TriangleAlert } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetProjectFile } from '@/api/queries/projects';
import { PREVIEW_LOAD_TIMEOUT_MS, REFRESH_SPINNER_MS } from '@/lib/ui-timing';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { useWorkspace } from '@/store/workspace';
import { PreviewErrors, usePreviewErrors } from './preview-errors';
import { usePreviewSelection } from './preview-selection';
import { runFix } from './run-build';
import { WaitingForSecrets } from './secrets/waiting-for-secrets';

export const PREVIEW_TIMEOUT_MESSAGE = 'Loading timeout. The preview took too long to load.';
export const PREVIEW_FAILED_MESSAGE = 'Failed to load preview. The project may not be built correctly.';
export const PREVIEW_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-modals allow-popups';

export function PreviewView() {
  const { state } = useWorkspace();
  const { previewUrl, currentProject, previewVersion } = state;

  if (!previewUrl) {
    return (
      <EmptyState
        icon={MonitorPlay}
        title="No Preview Available"
        description={
          currentProject
            ? 'The preview server is not running. Generate a new project or build an existing one to see the preview.'
            : 'Generate a project to see a live preview of your React application.'
        }
      />
    );
  }

  // Keyed by URL and build so a new preview, or a rebuilt one, starts from a clean loading state.
  return <PreviewFrame key={`${previewUrl}#${previewVersion}`} url={previewUrl} />;
}

type FrameStatus = 'loading' | 'error' | 'live';

export function PreviewFrame({ url }: { url: string }) {
  const { state, actions } = useWorkspace();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<FrameStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const timeoutRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const reported = usePreviewErrors(frameRef, url);
  const project = state.currentProject;
  const live = state.previewLive;
  // Select mode needs a page to pick from: a built preview that loaded, or the live one.
  const selectable = live || status === 'live';
  const selection = usePreviewSelection(frameRef, url, selectable);
  const fix = (error: Parameters<typeof runFix>[1]) => {
    if (!project) return;
    reported.clear();
    void runFix(project, error, actions, (path) => forgetProjectFile(queryClient, project, path));
  };

  // Every (re)load arms the 15 s load timeout; a load event disarms it. A live preview has no timeout: the dev server answers as the files come.
  useEffect(() => {
    if (live) return;
    timeoutRef.current = setTimeout(() => {
      setStatus('error');
      setError(PREVIEW_TIMEOUT_MESSAGE);
    }, PREVIEW_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timeoutRef.current);
  }, [reloadKey, live]);

  // The live preview is not reloaded as files land: its dev server updates the page (hot updates, and a reload once an import it waited for is written).

  useEffect(() => {
    if (!refreshing) return;
    const timer = setTimeout(() => setRefreshing(false), REFRESH_SPINNER_MS);
    return () => clearTimeout(timer);
  }, [refreshing]);

  const reload = useCallback(() => {
    setError(null);
    setStatus('loading');
    setRefreshing(true);
    setReloadKey((key) => key + 1);
  }, []);

  const onLoad = () => {
    clearTimeout(timeoutRef.current);
    setStatus('live');
    setError(null);
    // A (re)loaded page starts outside select mode: tell it the workspace's.
    selection.sendMode();
  };

  // React only wires `load` on iframes, so a frame's error event is listened to directly.
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const onError = () => {
      clearTimeout(timeoutRef.current);
      setStatus('error');
      setError(PREVIEW_FAILED_MESSAGE);
    };
    frame.addEventListener('error', onError);
    return () => frame.removeEventListener('error', onError);
  }, [reloadKey]);

  // Live: the dev server's page while the agent writes, kept while the build after it runs (the built app then replaces it).
  const statusLabel = live ? (state.status === 'Generating' ? 'Writing…' : 'Building…') : status === 'loading' ? 'Loading...' : status === 'error' ? 'Error' : 'Live Preview';

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-12 shrink-0 items-center gap-2 border-b border-border bg-surface px-3">
        <div className="flex min-w-0 flex-1 items-center gap-2 rounded-lg border border-border bg-background/70 px-3 py-1.5">
          <Globe className="size-3.5 shrink-0 text-subtle" aria-hidden />
          <span className="truncate font-mono text-xs text-muted" title={url} data-testid="preview-address">
            {url}
          </span>
        </div>
        <span
          className={cn(
            'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-2 py-0.5 text-[11px] font-medium',
            status === 'loading' && 'border-warning/30 bg-warning/10 text-warning',
            status === 'error' && 'border-destructive/30 bg-destructive/10 text-destructive',
            status === 'live' && !live && 'border-accent/30 bg-accent/10 text-accent',
            live && 'border-border bg-surface-2 text-muted',
          )}
          aria-live="polite"
          data-testid="preview-status"
        >
          <span className={cn('size-1.5 rounded-full bg-current', (status === 'loading' || live) && 'animate-pulse')} aria-hidden />
          {statusLabel}
        </span>
        {selectable && (
          <Tooltip label={selection.selecting ? 'Stop selecting (Esc)' : 'Pick an element in the preview to edit it'}>
            <button
              type="button"
              onClick={() => actions.setSelecting(!selection.selecting)}
              aria-pressed={selection.selecting}
              className={cn(
                'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-md border px-2.5 text-xs font-medium transition-colors',
                selection.selecting ? 'border-primary/40 bg-primary/15 text-primary' : 'border-transparent text-muted hover:bg-surface-3 hover:text-foreground',
              )}
            >
              <MousePointerClick className="size-4" aria-hidden />
              Select
            </button>
          </Tooltip>
        )}
        <Tooltip label="Reload the preview">
          <button
            type="button"
            onClick={reload}
            disabled={refreshing}
            aria-label="Refresh preview"
            className="flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-3 hover:text-foreground disabled:opacity-50"
          >
            <RefreshCw className={cn('size-4', refreshing && 'animate-spin')} aria-hidden />
          </button>
        </Tooltip>
        <Tooltip label="Open in a new tab">
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Open preview in new tab"
            className="flex size-8 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-3 hover:text-foreground"
          >
            <ExternalLink className="size-4" aria-hidden />
          </a>
        </Tooltip>
      </div>

      {project && <WaitingForSecrets project={project} />}
      <div className="relative min-h-0 flex-1 bg-white">
        <iframe key={reloadKey} ref={frameRef} src={url} title="Live preview" sandbox={PREVIEW_SANDBOX} onLoad={onLoad} className="size-full border-0 bg-white" />
        {selection.selecting && (
          <div className="pointer-events-none absolute inset-x-0 top-3 flex justify-center px-3" data-testid="select-hint">
            <p className="rounded-full border border-primary/40 bg-surface/95 px-3 py-1 text-xs font-medium text-foreground shadow-lg shadow-black/30 backdrop-blur">
              <span className="pointer-fine:hidden">Tap</span>
              <span className="pointer-coarse:hidden">Click</span> an element to edit it
            </p>
          </div>
        )}
        {status === 'loading' && !live && (
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-3 bg-background/85 backdrop-blur-sm">
            <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden />
            <p className="text-sm text-muted">Starting the preview…</p>
          </div>
        )}
        {status === 'error' && error && (
          <div className="absolute inset-0 bg-background">
            <EmptyState icon={TriangleAlert} tone="destructive" title="Preview unavailable" description={error}>
              <Button variant="outline" size="sm" onClick={reload}>
                <RotateCcw className="size-3.5" aria-hidden />
                Retry
              </Button>
            </EmptyState>
          </div>
        )}
      </div>
      {/* While the agent writes, an error is a file not written yet: the build after it checks the app. */}
      <PreviewErrors errors={live ? [] : reported.errors} busy={!project || state.status === 'Building' || state.status === 'Generating'} onFix={fix} onDismiss={reported.dismiss} />
    </div>
  );
}
