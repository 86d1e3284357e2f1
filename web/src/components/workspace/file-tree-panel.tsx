import { ChevronsDownUp, ChevronsUpDown, FolderTree, Sparkles, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Tooltip } from '@/components/ui/tooltip';
import { pluralize } from '@/lib/format';
import { folderPaths } from '@/store/file-tree';
import { useWorkspace } from '@/store/workspace';
import { FileTreeItem } from './file-tree-item';
import { useIsMobile } from './use-is-mobile';

export function FileTreePanel() {
  const { state, actions } = useWorkspace();
  const { fileTree, activeFile, files, currentProject, isGenerating } = state;
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());

  const streamingPaths = useMemo(() => new Set(files.filter((file) => file.isStreaming).map((file) => file.path)), [files]);
  const allFolders = useMemo(() => folderPaths(fileTree), [fileTree]);
  const allCollapsed = allFolders.length > 0 && allFolders.every((path) => collapsed.has(path));

  const toggleFolder = (path: string) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  // A folder opens or closes and becomes the selection, so the code view says it is a folder
  // rather than keeping the last file; the list stays up on phones, where the user is still browsing.
  const selectFolder = (path: string) => {
    toggleFolder(path);
    actions.setActiveFile(path);
  };

  const selectFile = (path: string) => {
    actions.setActiveFile(path);
    // On small screens the list covers the content; picking a file means the user wants to read it.
    if (isMobile) actions.setSidebarOpen(false);
  };

  return (
    <div className="flex h-full flex-col">
      <div className="flex h-11 shrink-0 items-center gap-2 border-b border-border px-3">
        <FolderTree className="size-4 text-subtle" aria-hidden />
        <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">Project Files</h2>
        {files.length > 0 && <span className="rounded-full bg-surface-3 px-1.5 py-0.5 text-[10px] font-medium text-muted tabular-nums">{files.length}</span>}
        <div className="ml-auto flex items-center">
          {allFolders.length > 0 && (
            <Tooltip label={allCollapsed ? 'Expand all folders' : 'Collapse all folders'}>
              <button
                type="button"
                onClick={() => setCollapsed(allCollapsed ? new Set() : new Set(allFolders))}
                aria-label={allCollapsed ? 'Expand all folders' : 'Collapse all folders'}
                className="flex size-7 items-center justify-center rounded-md text-subtle transition-colors hover:bg-surface-3 hover:text-foreground"
              >
                {allCollapsed ? <ChevronsUpDown className="size-3.5" aria-hidden /> : <ChevronsDownUp className="size-3.5" aria-hidden />}
              </button>
            </Tooltip>
          )}
          <button
            type="button"
            onClick={() => actions.setSidebarOpen(false)}
            aria-label="Close project files"
            className="flex size-7 items-center justify-center rounded-md text-subtle transition-colors hover:bg-surface-3 hover:text-foreground md:hidden"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      </div>

      {currentProject && (files.length > 0 || isGenerating) && (
        <div className="flex items-center gap-2 border-b border-border/60 px-3 py-2 text-xs">
          <span className="truncate font-mono text-foreground" title={currentProject}>
            {currentProject}
          </span>
          <span className="ml-auto shrink-0 text-subtle">{isGenerating && files.length === 0 ? 'Waiting for files…' : pluralize(files.length, 'file')}</span>
        </div>
      )}

      <nav aria-label="Project files" className="min-h-0 flex-1 overflow-y-auto p-1.5">
        {fileTree.length === 0 && isGenerating ? (
          <EmptyState size="sm" tone="primary" icon={Sparkles} title="Waiting for the agent" description="Files appear here as the agent writes them." />
        ) : fileTree.length === 0 ? (
          <EmptyState
            size="sm"
            icon={FolderTree}
            title="No project loaded"
            description={
              <>
                Generate a new React project with the <span className="font-medium text-foreground">New</span> button, or open one from My Projects.
              </>
            }
          />
        ) : (
          <ul>
            {fileTree.map((node) => (
              <FileTreeItem
                key={node.path}
                node={node}
                depth={0}
                activeFile={activeFile}
                streamingPaths={streamingPaths}
                collapsed={collapsed}
                onSelectFolder={selectFolder}
                onSelectFile={selectFile}
              />
            ))}
          </ul>
        )}
      </nav>
    </div>
  );
}
