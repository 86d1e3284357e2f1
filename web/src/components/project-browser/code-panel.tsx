import { AlertCircle, Check, Copy, FileCode2, MousePointerClick } from 'lucide-react';
import { forwardRef, useMemo } from 'react';
import type { LoadedFile } from '@/api/file-content';
import { BinaryFileView, describeBinaryFile } from '@/components/code/binary-file-view';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { countLines, formatLineCount } from '@/lib/format';
import { useCopied } from '@/lib/use-copied';
import { highlightToHtml } from './highlight';
import './code-theme.css';

export type FileView =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; content: string }
  /** An image, a font, audio: shown as itself or described, never as text. */
  | { status: 'binary'; file: Extract<LoadedFile, { kind: 'binary' }> }
  | { status: 'error'; message: string };

interface CodePanelProps {
  path: string | null;
  view: FileView;
}

export const CodePanel = forwardRef<HTMLElement, CodePanelProps>(function CodePanel({ path, view }, ref) {
  const lineCount = view.status === 'loaded' ? countLines(view.content) : 0;
  return (
    <section ref={ref} aria-labelledby="code-panel-title" className="flex min-w-0 scroll-mt-20 flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface">
      <div className="flex min-h-13 items-center gap-2 border-b border-border bg-surface-2/60 px-4 py-2.5">
        <FileCode2 className="size-4 shrink-0 text-muted" aria-hidden />
        <h2 id="code-panel-title" className={cn('min-w-0 flex-1 truncate text-sm font-medium', path ? 'font-mono text-foreground' : 'text-muted')} title={path ?? undefined}>
          {path ?? 'Select a file to view'}
        </h2>
        {view.status === 'loaded' && (
          <>
            <span className="hidden shrink-0 text-xs text-subtle sm:inline">{formatLineCount(lineCount)}</span>
            <CopyButton text={view.content} />
          </>
        )}
        {view.status === 'binary' && <span className="hidden shrink-0 text-xs text-subtle sm:inline">{describeBinaryFile(view.file.mediaType, view.file.sizeBytes)}</span>}
      </div>
      <div className="max-h-[600px] min-h-72 overflow-auto">
        <PanelBody path={path} view={view} />
      </div>
    </section>
  );
});

function PanelBody({ path, view }: CodePanelProps) {
  if (view.status === 'loading')
    return (
      <div className="flex h-72 items-center justify-center">
        <Spinner className="size-6" label="Loading file" />
      </div>
    );
  if (view.status === 'error')
    return (
      <div className="flex h-72 flex-col items-center justify-center gap-3 px-6 text-center">
        <AlertCircle className="size-6 text-destructive" aria-hidden />
        <p className="text-sm text-destructive">{view.message}</p>
      </div>
    );
  if (view.status === 'loaded' && path) return <HighlightedCode path={path} content={view.content} />;
  if (view.status === 'binary' && path) return <BinaryFileView path={path} {...view.file} />;
  return (
    <div className="flex h-72 flex-col items-center justify-center gap-3 px-6 text-center">
      <div className="flex size-11 items-center justify-center rounded-xl border border-border bg-surface-2 text-subtle">
        <MousePointerClick className="size-5" aria-hidden />
      </div>
      <p className="text-sm text-muted">Click on a file to view its content</p>
    </div>
  );
}

function HighlightedCode({ path, content }: { path: string; content: string }) {
  const html = useMemo(() => highlightToHtml(content, path), [content, path]);
  const numbers = useMemo(() => {
    const count = Math.max(1, countLines(content));
    return Array.from({ length: count }, (_, index) => index + 1).join('\n');
  }, [content]);

  if (content === '') return <p className="p-6 text-sm text-subtle">This file is empty.</p>;
  return (
    <div className="forge-code flex min-w-max font-mono text-[13px] leading-6">
      <pre aria-hidden className="sticky left-0 shrink-0 border-r border-border bg-surface px-3 py-4 text-right text-subtle/70 select-none">
        {numbers}
      </pre>
      <pre className="flex-1 px-4 py-4 text-foreground">
        <code dangerouslySetInnerHTML={{ __html: html }} />
      </pre>
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const { copied, copy } = useCopied();
  return (
    <Button variant="ghost" size="sm" className="h-7 shrink-0 px-2" aria-label={copied ? 'Copied' : 'Copy file content'} onClick={() => void copy(text)}>
      {copied ? <Check className="size-3.5 text-accent" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      <span className="hidden sm:inline">{copied ? 'Copied' : 'Copy'}</span>
    </Button>
  );
}
