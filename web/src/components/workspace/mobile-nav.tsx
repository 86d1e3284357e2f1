import { FolderTree } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useWorkspace } from '@/store/workspace';
import { VIEW_TABS, WORKSPACE_PANEL_ID, tabId } from './views';

/** Bottom bar below 768 px: the file tree entry, then the five views with their short labels. */
export function MobileNav() {
  const { state, actions } = useWorkspace();
  const { currentView, sidebarOpen } = state;

  const item = 'flex h-full flex-col items-center justify-center gap-1 text-[10px] font-medium transition-colors';

  return (
    <nav aria-label="Workspace navigation" className="grid h-16 shrink-0 grid-cols-6 border-t border-border bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden">
      <button type="button" onClick={actions.toggleSidebar} aria-expanded={sidebarOpen} className={cn(item, sidebarOpen ? 'text-primary' : 'text-muted hover:text-foreground')}>
        <FolderTree className="size-5" aria-hidden />
        File Tree
      </button>
      <div role="tablist" aria-label="Workspace views" className="col-span-5 grid grid-cols-5">
        {VIEW_TABS.map(({ view, shortLabel, icon: Icon }) => {
          const selected = currentView === view && !sidebarOpen;
          return (
            <button
              key={view}
              type="button"
              role="tab"
              id={tabId(view, 'mobile')}
              aria-selected={selected}
              aria-controls={WORKSPACE_PANEL_ID}
              onClick={() => {
                actions.setView(view);
                actions.setSidebarOpen(false);
              }}
              className={cn(item, 'relative', selected ? 'text-primary' : 'text-muted hover:text-foreground')}
            >
              {selected && <span className="absolute inset-x-4 top-0 h-0.5 rounded-full bg-primary" aria-hidden />}
              <Icon className="size-5" aria-hidden />
              {shortLabel}
            </button>
          );
        })}
      </div>
    </nav>
  );
}
