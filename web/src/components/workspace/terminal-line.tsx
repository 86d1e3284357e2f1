import { memo } from 'react';
import type { Snapshot } from 'valtio';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/format';
import type { LogEntry, LogType } from '@/store/workspace';
import { parseDiffMarkers } from './diff-markers';

const typeClasses: Record<LogType, string> = {
  info: 'text-foreground/90',
  success: 'text-accent',
  warning: 'text-warning',
  error: 'text-destructive',
  other: 'text-muted',
};

export function DiffText({ text }: { text: string }) {
  return (
    <>
      {parseDiffMarkers(text).map((segment, index) => {
        if (segment.kind === 'removed') {
          return (
            <del key={index} className="rounded-sm bg-destructive/15 px-0.5 text-destructive decoration-destructive/70">
              <span className="sr-only">removed: </span>
              {segment.text}
            </del>
          );
        }
        if (segment.kind === 'added') {
          return (
            <ins key={index} className="rounded-sm bg-accent/15 px-0.5 text-accent no-underline">
              <span className="sr-only">added: </span>
              {segment.text}
            </ins>
          );
        }
        return <span key={index}>{segment.text}</span>;
      })}
    </>
  );
}

export const TerminalLine = memo(function TerminalLine({ entry }: { entry: Snapshot<LogEntry> }) {
  return (
    <div className="group flex gap-3 rounded px-2 py-px hover:bg-white/[0.03]" data-log-type={entry.type}>
      <time className="shrink-0 text-subtle select-none" dateTime={new Date(entry.timestamp).toISOString()}>
        [{formatTime(entry.timestamp)}]
      </time>
      <span className={cn('min-w-0 flex-1 break-words whitespace-pre-wrap', typeClasses[entry.type])}>
        <DiffText text={entry.message} />
      </span>
    </div>
  );
});
