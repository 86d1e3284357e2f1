import { useQuery } from '@tanstack/react-query';
import { Check, Copy, FileCode, FileQuestion, FileWarning, FolderOpen, LoaderCircle, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { ApiError, getErrorMessage } from '@/api/errors';
import { projectFileQueryOptions } from '@/api/queries/projects';
import { BinaryFileView } from '@/components/code/binary-file-view';
import { CodeViewer } from '@/components/code/code-viewer';
import { EmptyState } from '@/components/ui/empty-state';
import { Tooltip } from '@/components/ui/tooltip';
import { useCopied } from '@/lib/use-copied';
import { byteLength, countLines, countWords, formatBytes, formatLineCount, formatWordCount } from '@/lib/format';
import { findNode } from '@/store/file-tree';
import { useWorkspace } from '@/store/workspace';
import { FileIcon } from './file-icon';

function loadErrorMessage(error: unknown): string {
  // Any non-ok file response reads "Failed to load file content", whatever the server said.
  if (error instanceof ApiError) return 'Failed to load file content';
  return getErrorMessage(error, 'Failed to load file');
}

export function CodeView() {
  const { state } = useWorkspace();
  const { activeFile, currentProject, isGenerating, fileContents, fileTree, files } = state;

  const node = activeFile ? findNode(fileTree, activeFile) : undefined;
  const isFolder = node?.type === 'folder';
  const stored = activeFile ? fileContents[activeFile] : undefined;
  const shouldFetch = !!activeFile && !isFolder && stored === undefined && !isGenerating && !!currentProject;

  // One query per file: selecting another file drops this observer, which aborts the request
  // (the query function forwards its signal), and a late answer lands in the old file's cache entry only.
  const file = useQuery({ ...projectFileQueryOptions(currentProject ?? '', activeFile ?? ''), enabled: shouldFetch });

  if (!activeFile) {
    return <EmptyState icon={FileCode} title="No file selected" description="Select a file from the project tree to view its content." />;
  }

  if (isFolder) {
    return <EmptyState icon={FolderOpen} title={node.name} description="This is a folder. Select a file to view its content." />;
  }

  const loaded = stored === undefined ? file.data : undefined;
  if (loaded?.kind === 'binary') {
    return (
      <div className="flex h-full min-h-0 flex-col">
        <FileHeader path={activeFile} content="" streaming={false} generating={isGenerating} binary={loaded} />
        <div className="min-h-0 flex-1 overflow-auto">
          <BinaryFileView path={activeFile} {...loaded} />
        </div>
      </div>
    );
  }
  const content = stored ?? loaded?.content;

  if (content === undefined && shouldFetch && file.isError) {
    return (
      <EmptyState icon={FileWarning} tone="destructive" title="Loading error" description={loadErrorMessage(file.error)}>
        <button type="button" onClick={() => void file.refetch()} className="rounded-lg border border-border px-3 py-1.5 text-xs font-medium text-foreground transition-colors hover:bg-surface-3">
          Try again
        </button>
      </EmptyState>
    );
  }

  if (content === undefined && shouldFetch) {
    return <EmptyState icon={LoaderCircle} tone="primary" title="Loading file..." description={<span className="font-mono text-xs break-all">{activeFile}</span>} className="[&_svg]:animate-spin" />;
  }

  const streaming = files.some((entry) => entry.path === activeFile && entry.isStreaming);
  const text = content ?? '';

  return (
    <div className="flex h-full min-h-0 flex-col">
      <FileHeader path={activeFile} content={text} streaming={streaming} generating={isGenerating} />
      <div className="min-h-0 flex-1">
        {text === '' ? (
          <EmptyState icon={streaming ? Sparkles : FileQuestion} tone={streaming ? 'primary' : 'default'} title="Empty file" description="This file has no content yet" />
        ) : (
          <CodeViewer path={activeFile} content={text} streaming={streaming} />
        )}
      </div>
    </div>
  );
}

interface FileHeaderProps {
  path: string;
  content: string;
  streaming: boolean;
  generating: boolean;
  /** A binary file: its type and size instead of text statistics. */
  binary?: { mediaType: string; sizeBytes: number | null };
}

function FileHeader({ path, content, streaming, generating, binary }: FileHeaderProps) {
  const segments = path.split('/');
  const name = segments.pop() ?? path;
  const { copied, copy: copyText } = useCopied();

  const copy = async () => {
    if (!(await copyText(content))) toast.error('Could not copy to the clipboard');
  };

  return (
    <div className="flex shrink-0 flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-surface px-4 py-2.5">
      <div className="flex min-w-[14rem] flex-1 items-center gap-3">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-2">
          <FileIcon name={name} />
        </span>
        <div className="min-w-0">
          <div className="flex min-w-0 items-center gap-2">
            <h2 className="truncate font-mono text-[13px] text-foreground" title={path} aria-label={path}>
              {segments.length > 0 && <span className="text-subtle">{segments.join('/')}/</span>}
              {name}
            </h2>
            {streaming && (
              <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-warning/30 bg-warning/10 px-2 py-0.5 text-[10px] font-semibold text-warning">
                <LoaderCircle className="size-3 animate-spin" aria-hidden />
                Generating...
              </span>
            )}
          </div>
          <p className="mt-0.5 flex items-center gap-1 text-[11px] whitespace-nowrap text-subtle">
            {binary ? (
              'Binary file'
            ) : (
              <>
                <Sparkles className="size-3" aria-hidden />
                {generating ? 'Real-time generation by the agent' : 'AI-generated file'}
              </>
            )}
          </p>
        </div>
      </div>
      {binary ? (
        <dl className="flex items-center gap-1.5 text-[11px] text-muted tabular-nums">
          <FileStat label="Type" value={binary.mediaType} />
          {binary.sizeBytes !== null && <FileStat label="Size" value={formatBytes(binary.sizeBytes)} />}
        </dl>
      ) : (
        <div className="flex items-center gap-3">
          <dl className="flex items-center gap-1.5 text-[11px] text-muted tabular-nums">
            <FileStat label="Lines" value={formatLineCount(countLines(content))} />
            <FileStat label="Size" value={formatBytes(byteLength(content))} />
            <FileStat label="Words" value={formatWordCount(countWords(content))} />
          </dl>
          <Tooltip label={copied ? 'Copied' : 'Copy file content'}>
            <button
              type="button"
              onClick={copy}
              disabled={content === ''}
              aria-label="Copy file content"
              className="flex size-7 items-center justify-center rounded-md text-subtle transition-colors hover:bg-surface-3 hover:text-foreground disabled:opacity-40"
            >
              {copied ? <Check className="size-3.5 text-accent" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
            </button>
          </Tooltip>
        </div>
      )}
    </div>
  );
}

function FileStat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-border bg-surface-2 px-2 py-0.5">
      <dt className="sr-only">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
