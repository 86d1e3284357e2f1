import { ChevronRight, File, FileAudio, FileCode2, FileImage, FileJson, FileText, FileType, FileVideo, Folder, FolderOpen } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { BrowserTreeNode } from './build-tree';

interface FileTreeProps {
  nodes: BrowserTreeNode[];
  expanded: ReadonlySet<string>;
  selectedPath: string | null;
  onToggle: (path: string) => void;
  onSelect: (path: string) => void;
}

const INDENT_PX = 16;
const BASE_PADDING_PX = 8;

function FileIcon({ name }: { name: string }) {
  const extension = name.split('.').pop()?.toLowerCase() ?? '';
  const className = 'size-4 shrink-0';
  if (['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'css', 'html', 'sql', 'sh'].includes(extension)) return <FileCode2 className={cn(className, 'text-info')} aria-hidden />;
  if (extension === 'json') return <FileJson className={cn(className, 'text-warning')} aria-hidden />;
  if (['md', 'txt'].includes(extension)) return <FileText className={cn(className, 'text-muted')} aria-hidden />;
  if (['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'ico', 'avif', 'bmp'].includes(extension)) return <FileImage className={cn(className, 'text-accent')} aria-hidden />;
  if (['woff', 'woff2', 'ttf', 'otf', 'eot'].includes(extension)) return <FileType className={cn(className, 'text-muted')} aria-hidden />;
  if (['mp3', 'wav', 'ogg', 'oga', 'm4a', 'aac', 'flac', 'opus'].includes(extension)) return <FileAudio className={cn(className, 'text-accent')} aria-hidden />;
  if (['mp4', 'webm', 'mov', 'ogv', 'm4v'].includes(extension)) return <FileVideo className={cn(className, 'text-accent')} aria-hidden />;
  return <File className={cn(className, 'text-subtle')} aria-hidden />;
}

export function FileTree(props: FileTreeProps) {
  return (
    <ul className="flex flex-col gap-px py-1" aria-label="Project files">
      {props.nodes.map((node) => (
        <TreeItem key={`${node.type}:${node.path}`} node={node} depth={0} {...props} />
      ))}
    </ul>
  );
}

function TreeItem({ node, depth, ...props }: FileTreeProps & { node: BrowserTreeNode; depth: number }) {
  const { expanded, selectedPath, onToggle, onSelect } = props;
  const isFolder = node.type === 'directory';
  const isOpen = isFolder && expanded.has(node.path);
  const isSelected = !isFolder && node.path === selectedPath;

  return (
    <li>
      <button
        type="button"
        onClick={() => (isFolder ? onToggle(node.path) : onSelect(node.path))}
        aria-expanded={isFolder ? isOpen : undefined}
        aria-current={isSelected ? 'true' : undefined}
        title={node.path}
        style={{ paddingLeft: BASE_PADDING_PX + depth * INDENT_PX }}
        className={cn(
          'flex h-8 w-full items-center gap-1.5 rounded-md pr-2 text-left text-sm transition-colors',
          isSelected ? 'bg-primary/15 text-foreground ring-1 ring-primary/30 ring-inset' : 'text-muted hover:bg-surface-3 hover:text-foreground',
        )}
      >
        {isFolder ? (
          <>
            <ChevronRight className={cn('size-3.5 shrink-0 text-subtle transition-transform', isOpen && 'rotate-90')} aria-hidden />
            {isOpen ? <FolderOpen className="size-4 shrink-0 text-primary-hover" aria-hidden /> : <Folder className="size-4 shrink-0 text-primary-hover" aria-hidden />}
          </>
        ) : (
          <>
            <span className="w-3.5 shrink-0" aria-hidden />
            <FileIcon name={node.name} />
          </>
        )}
        <span className="truncate">{node.name}</span>
      </button>
      {isOpen && node.children.length > 0 && (
        <ul className="flex flex-col gap-px pt-px">
          {node.children.map((child) => (
            <TreeItem key={`${child.type}:${child.path}`} node={child} depth={depth + 1} {...props} />
          ))}
        </ul>
      )}
    </li>
  );
}
