import { cn } from '@/lib/cn';
import { useWorkspace } from '@/store/workspace';
import { VIEW_TABS, WORKSPACE_PANEL_ID, tabId } from './views';

/** Desktop view switcher; the Code tab names the open file. */
export function ViewTabs() {
  const { state, actions } = useWorkspace();
  const { currentView, activeFile, isGenerating, status, previewUrl } = state;
  const activeName = activeFile?.split('/').pop();

  return (
    <div className="hidden h-11 shrink-0 items-center gap-3 border-b border-border bg-surface/60 px-3 md:flex">
      <div role="tablist" aria-label="Workspace views" className="flex min-w-0 items-center gap-0.5 rounded-lg bg-surface-2 p-0.5">
        {VIEW_TABS.map(({ view, label, icon: Icon }, index) => {
          const selected = currentView === view;
          // With no tab selected (the generate view), the first tab keeps the list reachable by keyboard.
          const focusable = selected || (index === 0 && !VIEW_TABS.some((tab) => tab.view === currentView));
          const busy = (view === 'terminal' && (isGenerating || status === 'Building')) || (view === 'preview' && !!previewUrl);
          return (
            <button
              key={view}
              type="button"
              role="tab"
              id={tabId(view, 'desktop')}
              aria-selected={selected}
              aria-controls={WORKSPACE_PANEL_ID}
              tabIndex={focusable ? 0 : -1}
              onClick={() => actions.setView(view)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
                const next = VIEW_TABS[(index + (event.key === 'ArrowRight' ? 1 : VIEW_TABS.length - 1)) % VIEW_TABS.length];
                actions.setView(next.view);
                document.getElementById(tabId(next.view, 'desktop'))?.focus();
              }}
              className={cn(
                'relative flex h-8 min-w-0 items-center gap-1.5 rounded-md px-3 text-[13px] font-medium transition-colors',
                selected ? 'bg-surface-3 text-foreground shadow-sm shadow-black/30' : 'text-muted hover:text-foreground',
              )}
            >
              <Icon className={cn('size-3.5 shrink-0', selected ? 'text-primary' : 'text-subtle')} aria-hidden />
              <span>{label}</span>
              {view === 'code' && activeName && <span className="max-w-40 truncate rounded bg-background/60 px-1.5 py-0.5 font-mono text-[11px] font-normal text-muted">{activeName}</span>}
              {busy && <span className={cn('size-1.5 shrink-0 rounded-full', view === 'preview' ? 'bg-accent' : 'animate-pulse bg-warning')} aria-hidden />}
            </button>
          );
        })}
      </div>
    </div>
  );
}
