import { Info, Lightbulb } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function P({ children }: { children: ReactNode }) {
  return <p className="text-sm leading-relaxed text-muted">{children}</p>;
}

export function H3({ children }: { children: ReactNode }) {
  return <h3 className="pt-2 text-sm font-semibold text-foreground">{children}</h3>;
}

export function List({ items }: { items: ReactNode[] }) {
  return (
    <ul className="flex flex-col gap-2 text-sm leading-relaxed text-muted">
      {items.map((item, index) => (
        <li key={index} className="flex gap-2.5">
          <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary/70" aria-hidden />
          <span className="min-w-0">{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function Steps({ items }: { items: ReactNode[] }) {
  return (
    <ol className="flex flex-col gap-3 text-sm leading-relaxed text-muted">
      {items.map((item, index) => (
        <li key={index} className="flex gap-3">
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full border border-primary/30 bg-primary/10 text-xs font-semibold text-primary-hover">{index + 1}</span>
          <span className="min-w-0 pt-0.5">{item}</span>
        </li>
      ))}
    </ol>
  );
}

/** A control's label as it appears on screen. */
export function Ui({ children }: { children: ReactNode }) {
  return <span className="rounded-md border border-border bg-surface-3 px-1.5 py-0.5 text-[0.8125rem] font-medium text-foreground">{children}</span>;
}

export function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-surface-3 px-1.5 py-0.5 font-mono text-[0.8125rem] text-foreground">{children}</code>;
}

export function CodeBlock({ children }: { children: string }) {
  return (
    <pre className="overflow-x-auto rounded-lg border border-border bg-background/80 p-4 font-mono text-[13px] leading-6 text-foreground">
      <code>{children}</code>
    </pre>
  );
}

export function Callout({ tone = 'tip', title, children }: { tone?: 'tip' | 'note'; title: string; children: ReactNode }) {
  const Icon = tone === 'tip' ? Lightbulb : Info;
  return (
    <div className={cn('flex gap-3 rounded-xl border p-4 text-sm leading-relaxed', tone === 'tip' ? 'border-accent/25 bg-accent/5' : 'border-info/25 bg-info/5')}>
      <Icon className={cn('mt-0.5 size-4 shrink-0', tone === 'tip' ? 'text-accent' : 'text-info')} aria-hidden />
      <div className="min-w-0">
        <p className="font-medium text-foreground">{title}</p>
        <div className="mt-1 text-muted">{children}</div>
      </div>
    </div>
  );
}

export function Table({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <thead className="bg-surface-2 text-xs tracking-wide text-subtle uppercase">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-4 py-2.5 font-medium">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, cellIndex) => (
                <td key={cellIndex} className={cn('px-4 py-2.5 align-top', cellIndex === 0 ? 'font-medium text-foreground' : 'text-muted')}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
