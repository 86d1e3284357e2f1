import type { ReactNode } from 'react';
import type { AdminSandbox } from '@forge/protocol/admin';
import { CpuCell, LastVisitText, MemoryCell, OwnerHint, PreviewLink, UptimeText } from './sandbox-cells';
import { SandboxRowActions } from './sandbox-row-actions';
import { SandboxStateBadge } from './sandbox-state-badge';

interface SandboxListProps {
  sandboxes: AdminSandbox[];
  now: number;
  onLogs: (sandbox: AdminSandbox) => void;
  onRemove: (sandbox: AdminSandbox) => void;
}

/** A column header of the console's tables. */
export const th = 'px-4 py-3 text-left text-[11px] font-medium tracking-wider whitespace-nowrap text-subtle uppercase';

/** The desktop list: one row per sandbox, everything an operator compares side by side. */
export function SandboxTable({ sandboxes, now, onLogs, onRemove }: SandboxListProps) {
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface shadow-lg shadow-black/20">
      <div className="overflow-x-auto">
        <table aria-label="Sandboxes" className="w-full min-w-[1040px] border-collapse text-sm">
          <thead className="bg-surface-2/70">
            <tr>
              <th scope="col" className={th}>
                Project
              </th>
              <th scope="col" className={th}>
                Owner
              </th>
              <th scope="col" className={th}>
                State
              </th>
              <th scope="col" className={th}>
                CPU
              </th>
              <th scope="col" className={th}>
                Memory
              </th>
              <th scope="col" className={th}>
                Uptime
              </th>
              <th scope="col" className={th}>
                Last visit
              </th>
              <th scope="col" className={th}>
                Preview
              </th>
              <th scope="col" className={`${th} text-right`}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sandboxes.map((sandbox) => (
              <tr key={sandbox.projectId} className="border-t border-border transition-colors hover:bg-surface-2/50">
                <th scope="row" className="max-w-64 px-4 py-3 text-left font-normal">
                  <div className="truncate font-medium text-foreground" title={sandbox.projectName}>
                    {sandbox.projectName}
                  </div>
                  <div className="mt-0.5 font-mono text-[11px] text-subtle" title={`Project ${sandbox.projectId}`}>
                    {sandbox.projectId.slice(0, 8)}
                    {sandbox.node && <span title="The Docker host it runs on">{` · ${sandbox.node}`}</span>}
                  </div>
                </th>
                <td className="px-4 py-3">
                  <OwnerHint sandbox={sandbox} />
                </td>
                <td className="px-4 py-3">
                  <SandboxStateBadge state={sandbox.state} detail={sandbox.container?.status} />
                </td>
                <td className="w-32 px-4 py-3">
                  <CpuCell sandbox={sandbox} />
                </td>
                <td className="w-44 px-4 py-3">
                  <MemoryCell sandbox={sandbox} />
                </td>
                <td className="px-4 py-3 text-muted">
                  <UptimeText sandbox={sandbox} now={now} />
                </td>
                <td className="px-4 py-3 text-muted">
                  <LastVisitText sandbox={sandbox} now={now} />
                </td>
                <td className="px-4 py-3">
                  <PreviewLink sandbox={sandbox} />
                </td>
                <td className="px-3 py-2">
                  <SandboxRowActions sandbox={sandbox} onLogs={onLogs} onRemove={onRemove} variant="icons" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The mobile list: a card per sandbox with the same facts and labelled actions. */
export function SandboxCards({ sandboxes, now, onLogs, onRemove }: SandboxListProps) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Sandboxes">
      {sandboxes.map((sandbox) => (
        <li key={sandbox.projectId}>
          <article aria-label={sandbox.projectName} className="rounded-[var(--radius-card)] border border-border bg-surface p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 className="truncate text-base font-semibold tracking-tight" title={sandbox.projectName}>
                  {sandbox.projectName}
                </h2>
                <div className="mt-1 flex items-center gap-2 text-xs text-subtle">
                  <span>Owner</span>
                  <OwnerHint sandbox={sandbox} />
                </div>
              </div>
              <SandboxStateBadge state={sandbox.state} detail={sandbox.container?.status} className="mt-0.5 shrink-0" />
            </div>

            <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-border pt-4 text-sm">
              <Fact label="CPU">
                <CpuCell sandbox={sandbox} />
              </Fact>
              <Fact label="Memory">
                <MemoryCell sandbox={sandbox} />
              </Fact>
              <Fact label="Uptime">
                <UptimeText sandbox={sandbox} now={now} />
              </Fact>
              <Fact label="Last visit">
                <LastVisitText sandbox={sandbox} now={now} />
              </Fact>
              <Fact label="Node">{sandbox.node ?? '—'}</Fact>
            </dl>

            {sandbox.state === 'running' && sandbox.previewUrl && (
              <div className="mt-3 flex items-center justify-between rounded-lg border border-border bg-surface-2 px-3 py-2">
                <span className="min-w-0 truncate font-mono text-xs text-subtle">{sandbox.previewUrl.replace(/^https?:\/\//, '')}</span>
                <PreviewLink sandbox={sandbox} className="ml-3 shrink-0" />
              </div>
            )}

            <div className="mt-4">
              <SandboxRowActions sandbox={sandbox} onLogs={onLogs} onRemove={onRemove} variant="buttons" />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

/** One labelled fact of a card on a phone. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] font-medium tracking-wider text-subtle uppercase">{label}</dt>
      <dd className="mt-1 text-muted">{children}</dd>
    </div>
  );
}
