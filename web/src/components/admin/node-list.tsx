import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Server } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminNode } from '@forge/protocol/admin';
import { getErrorMessage } from '@/api/errors';
import { adminNodesQueryOptions, invalidateAudit, invalidateNodes, setNodeDraining } from '@/api/queries/admin';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadErrorPanel } from '@/components/ui/load-error-panel';
import { Spinner } from '@/components/ui/spinner';
import { useIsMobile } from '@/components/workspace/use-is-mobile';
import { pluralize } from '@/lib/format';
import { freeCpuText, freeMemoryText } from './node-figures';
import { formatLastVisit } from './sandbox-format';
import { Fact, th } from './sandbox-list';

/** The Docker hosts sandboxes are placed on, live, each with a Drain or Undrain button that asks first. */
export function NodesSection({ now }: { now: number }) {
  const nodes = useQuery(adminNodesQueryOptions);
  const isMobile = useIsMobile();
  const [confirming, setConfirming] = useState<AdminNode | null>(null);
  const list = nodes.data?.nodes ?? [];
  const lost = list.filter((node) => node.state === 'lost').length;

  return (
    <section aria-labelledby="nodes-heading" className="mt-10">
      <div className="mb-4">
        <h2 id="nodes-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight">
          <Server className="size-4 text-muted" aria-hidden />
          Nodes
        </h2>
        <p className="mt-1 text-sm text-muted">
          {nodes.data ? [pluralize(list.length, 'Docker host'), lost > 0 && `${lost} lost`].filter(Boolean).join(' · ') : 'The Docker hosts sandboxes are placed on.'}
        </p>
      </div>

      {nodes.isPending && <Spinner className="size-5" label="Loading nodes" />}
      {nodes.isError && !nodes.data && <LoadErrorPanel title="Failed to load nodes" error={nodes.error} fallback="The server did not answer." onRetry={() => void nodes.refetch()} />}
      {list.length > 0 && (isMobile ? <NodeCards nodes={list} now={now} onDrain={setConfirming} /> : <NodeTable nodes={list} now={now} onDrain={setConfirming} />)}
      <DrainDialog node={confirming} nodes={list} onClose={() => setConfirming(null)} />
    </section>
  );
}

/** True when `node` is the only healthy host still taking work: draining it stops every new build. */
export function isLastNodeTakingWork(node: AdminNode, nodes: AdminNode[]): boolean {
  const takingWork = nodes.filter((candidate) => candidate.state === 'healthy' && !candidate.draining);
  return takingWork.length === 1 && takingWork[0]!.id === node.id;
}

/**
 * Asks before draining or undraining a host, then does it and refreshes the list. Draining the last
 * host that takes work says what follows (no new build anywhere) and sends the explicit confirmation.
 */
function DrainDialog({ node, nodes, onClose }: { node: AdminNode | null; nodes: AdminNode[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const draining = !node?.draining;
  const last = node !== null && draining && isLastNodeTakingWork(node, nodes);
  const others = nodes.some((candidate) => candidate.id !== node?.id && candidate.state === 'healthy' && !candidate.draining);
  const mutation = useMutation({
    mutationFn: (target: AdminNode) => setNodeDraining(target.id, !target.draining, last),
    onSuccess: ({ node: changed }) => {
      toast.success(changed.draining ? 'Node draining' : 'Node undrained', {
        description: changed.draining ? `${changed.id} takes no new sandboxes.` : `${changed.id} takes new sandboxes again.`,
      });
    },
    onError: (err) => {
      toast.error('Failed to change the node', { description: getErrorMessage(err, 'Please try again.') });
    },
    onSettled: () => {
      onClose();
      void invalidateAudit(queryClient);
      return invalidateNodes(queryClient);
    },
  });

  const running = pluralize(node?.runningSandboxes ?? 0, 'sandbox', 'sandboxes');
  return (
    <ConfirmDialog
      open={node !== null}
      title={last ? 'Drain the last node?' : draining ? 'Drain node?' : 'Undrain node?'}
      description={
        last
          ? `${node?.id} is the last node taking work. Once it is drained, no new project builds and no stopped preview starts again until a node is undrained. The ${running} running there keep running until they stop.`
          : draining
            ? `No new sandboxes go to ${node?.id}. The ${running} running there keep running until they stop; ${others ? 'stopped ones start on another node' : 'stopped ones start again only once a node takes work'}.`
            : `${node?.id} takes new sandboxes again.`
      }
      confirmLabel={last ? 'Drain anyway' : draining ? 'Drain' : 'Undrain'}
      pending={mutation.isPending}
      onConfirm={() => node && mutation.mutate(node)}
      onClose={onClose}
    />
  );
}

interface NodeListProps {
  nodes: AdminNode[];
  now: number;
  onDrain: (node: AdminNode) => void;
}

/** The desktop list: one row per host. */
function NodeTable({ nodes, now, onDrain }: NodeListProps) {
  return (
    <div className="overflow-x-auto rounded-[var(--radius-card)] border border-border bg-surface shadow-lg shadow-black/20">
      <table aria-label="Nodes" className="w-full min-w-[860px] border-collapse text-sm">
        <thead className="bg-surface-2/70">
          <tr>
            <th scope="col" className={th}>
              Node
            </th>
            <th scope="col" className={th}>
              State
            </th>
            <th scope="col" className={th}>
              Sandboxes
            </th>
            <th scope="col" className={th}>
              Free memory
            </th>
            <th scope="col" className={th}>
              Free CPU
            </th>
            <th scope="col" className={th}>
              Last heartbeat
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((node) => (
            <tr key={node.id} aria-label={node.id} className="border-t border-border">
              <td className="px-4 py-3">
                <div className="font-medium text-foreground">{node.id}</div>
                <div className="mt-0.5 font-mono text-[11px] text-subtle">{node.address ?? node.endpoint}</div>
              </td>
              <td className="px-4 py-3">
                <NodeBadges node={node} />
              </td>
              <td className="px-4 py-3 tabular-nums">{node.runningSandboxes}</td>
              <td className="px-4 py-3 tabular-nums">{freeMemoryText(node)}</td>
              <td className="px-4 py-3 tabular-nums">{freeCpuText(node)}</td>
              <td className="px-4 py-3 text-muted">
                {node.heartbeatAt ? formatLastVisit(node.heartbeatAt, now) : 'Never'}
                {node.missedHeartbeats > 0 && <span className="ml-1 text-warning">({node.missedHeartbeats} missed)</span>}
              </td>
              <td className="px-4 py-3 text-right">
                <Button variant="outline" className="h-8 px-3 text-xs" onClick={() => onDrain(node)}>
                  {node.draining ? 'Undrain' : 'Drain'}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The phone list: a card per host with the same facts and its button. */
function NodeCards({ nodes, now, onDrain }: NodeListProps) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Nodes">
      {nodes.map((node) => (
        <li key={node.id}>
          <article aria-label={node.id} className="rounded-[var(--radius-card)] border border-border bg-surface p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="truncate text-base font-semibold tracking-tight">{node.id}</h3>
                <div className="mt-0.5 truncate font-mono text-[11px] text-subtle">{node.address ?? node.endpoint}</div>
              </div>
              <NodeBadges node={node} />
            </div>
            <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-border pt-4 text-sm">
              <Fact label="Sandboxes">{node.runningSandboxes}</Fact>
              <Fact label="Last heartbeat">{lastHeartbeat(node, now)}</Fact>
              <Fact label="Free memory">{freeMemoryText(node)}</Fact>
              <Fact label="Free CPU">{freeCpuText(node)}</Fact>
            </dl>
            <Button variant="outline" className="mt-4 h-9 w-full text-sm" onClick={() => onDrain(node)}>
              {node.draining ? 'Undrain' : 'Drain'}
            </Button>
          </article>
        </li>
      ))}
    </ul>
  );
}

function NodeBadges({ node }: { node: AdminNode }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge tone={node.state === 'healthy' ? 'accent' : 'destructive'}>{node.state === 'healthy' ? 'Healthy' : 'Lost'}</Badge>
      {node.draining && <Badge tone="warning">Draining</Badge>}
    </span>
  );
}

function lastHeartbeat(node: AdminNode, now: number): string {
  const when = node.heartbeatAt ? formatLastVisit(node.heartbeatAt, now) : 'Never';
  return node.missedHeartbeats > 0 ? `${when} (${node.missedHeartbeats} missed)` : when;
}
