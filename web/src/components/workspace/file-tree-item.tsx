import { ChevronRight } from 'lucide-react';
import type { Snapshot } from 'valtio';
import { cn } from '@/lib/cn';
import type { FileNode } from '@/store/file-tree';
import { FileIcon } from './file-icon';

export interface FileTreeItemProps {
  node: Snapshot<FileNode>;
  depth: number;
  activeFile: string | null;
  streamingPaths: ReadonlySet<string>;
  collapsed: ReadonlySet<string>;
  /** Opens or closes the folder, and selects it. */
  onSelectFolder: (path: string) => void;
  onSelectFile: (path: string) => void;
}

export function FileTreeItem({ node, depth, activeFile, streamingPaths, collapsed, onSelectFolder, onSelectFile }: FileTreeItemProps) {
  const indent = { paddingLeft: `${10 + depth * 14}px` };

  if (node.type === 'folder') {
    const open = !collapsed.has(node.path);
    const selected = node.path === activeFile;
    return (
      <li>
        <button
          type="button"
          onClick={() => onSelectFolder(node.path)}
          aria-expanded={open}
          aria-current={selected ? 'true' : undefined}
          title={node.path}
          style={indent}
          className={cn(
            'group flex h-7 w-full items-center gap-1.5 rounded-md pr-2 text-left text-[13px] transition-colors',
            selected ? 'bg-primary/15 text-foreground' : 'text-muted hover:bg-surface-3 hover:text-foreground',
          )}
        >
          <ChevronRight className={cn('size-3.5 shrink-0 text-subtle transition-transform', open && 'rotate-90')} aria-hidden />
          <FileIcon name={node.name} folder open={open} />
          <span className="truncate">{node.name}</span>
        </button>
        {open && node.children && node.children.length > 0 && (
          <ul role="group">
            {node.children.map((child) => (
              <FileTreeItem
                key={child.path}
                node={child}
                depth={depth + 1}
                activeFile={activeFile}
                streamingPaths={streamingPaths}
                collapsed={collapsed}
                onSelectFolder={onSelectFolder}
                onSelectFile={onSelectFile}
              />
            ))}
          </ul>
        )}
      </li>
    );
  }

  const active = node.path === activeFile;
  const streaming = streamingPaths.has(node.path);
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelectFile(node.path)}
        aria-current={active ? 'true' : undefined}
        title={node.path}
        style={{ paddingLeft: `${10 + depth * 14 + 20}px` }}
        className={cn(
          'relative flex h-7 w-full items-center gap-1.5 rounded-md pr-2 text-left text-[13px] transition-colors',
          active ? 'bg-primary/15 text-foreground' : 'text-muted hover:bg-surface-3 hover:text-foreground',
        )}
      >
        {active && <span className="absolute inset-y-1 left-0 w-0.5 rounded-full bg-primary" aria-hidden />}
        <FileIcon name={node.name} />
        <span className="truncate">{node.name}</span>
        {streaming && (
          <span className="relative ml-auto flex size-2 shrink-0" title="Being written by the agent">
            <span className="absolute inline-flex size-2 animate-ping rounded-full bg-warning opacity-60" aria-hidden />
            <span className="relative inline-flex size-2 rounded-full bg-warning" aria-hidden />
            <span className="sr-only">(generating)</span>
          </span>
        )}
      </button>
    </li>
  );
}
