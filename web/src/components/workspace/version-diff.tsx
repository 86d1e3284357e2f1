import { DIFF_TOO_LARGE_NOTE } from '@forge/protocol/versions';
import { cn } from '@/lib/cn';

/** A unified diff, each line coloured by what it is: file header, hunk, added, removed or context. */
export function VersionDiff({ diff }: { diff: string }) {
  if (!diff.trim()) return <p className="p-4 text-sm text-muted">This version changed no file.</p>;
  const lines = diff.replace(/\n$/, '').split('\n');
  return (
    <pre className="min-w-0 overflow-auto p-3 font-mono text-xs leading-relaxed" aria-label="Diff">
      {lines.map((line, index) => (
        <div
          key={index}
          className={cn(
            'whitespace-pre-wrap break-all',
            line.startsWith('diff --git') && 'mt-3 font-semibold text-foreground first:mt-0',
            (line.startsWith('---') || line.startsWith('+++') || line.startsWith('Binary files') || line.startsWith(DIFF_TOO_LARGE_NOTE)) && 'text-subtle',
            line.startsWith('@@') && 'text-primary-hover',
            line.startsWith('+') && !line.startsWith('+++') && 'bg-accent/10 text-accent',
            line.startsWith('-') && !line.startsWith('---') && 'bg-destructive/10 text-destructive',
            line.startsWith(' ') && 'text-muted',
          )}
        >
          {line || ' '}
        </div>
      ))}
    </pre>
  );
}
