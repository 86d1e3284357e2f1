import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import type { AdminNode } from '@forge/protocol/admin';
import { createQueryClient } from '@/api/query-client';
import { NodesSection } from './node-list';

const NOW = Date.parse('2026-01-02T03:04:05Z');

const nodeA: AdminNode = {
  id: 'node-a',
  endpoint: 'tcp://10.0.0.5:2376',
  address: '10.0.0.5',
  state: 'healthy',
  draining: false,
  capacityMemoryMb: 32768,
  capacityCpus: 16,
  freeMemoryMb: 27648,
  freeCpus: 13,
  runningSandboxes: 2,
  heartbeatAt: new Date(NOW - 1000).toISOString(),
  missedHeartbeats: 0,
  lostReason: null,
};
const nodeB: AdminNode = {
  ...nodeA,
  id: 'node-b',
  address: '10.0.0.6',
  state: 'lost',
  draining: true,
  runningSandboxes: 0,
  missedHeartbeats: 4,
  heartbeatAt: new Date(NOW - 10 * 60_000).toISOString(),
};

/** A third host that takes work, so that node-a is not the last one. */
const nodeC: AdminNode = { ...nodeA, id: 'node-c', address: '10.0.0.7', runningSandboxes: 0 };

/** A server with the hosts whose drain flag the node routes change. */
function setup(options: { failDrain?: boolean; nodes?: AdminNode[] } = {}) {
  const nodes = new Map((options.nodes ?? [nodeA, nodeB, nodeC]).map((node) => [node.id, { ...node }]));
  const bodies: unknown[] = [];
  const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
    const answer = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: '', text: async () => JSON.stringify(body) }) as Response;
    if (input === '/api/admin/nodes') return answer(200, { nodes: [...nodes.values()] });
    const match = /^\/api\/admin\/nodes\/([^/]+)\/(drain|undrain)$/.exec(input);
    if (match && init?.method === 'POST') {
      if (options.failDrain) return answer(503, { error: 'The database is not reachable.', code: 'unavailable' });
      const node = nodes.get(match[1]!)!;
      node.draining = match[2] === 'drain';
      bodies.push(init.body ? JSON.parse(String(init.body)) : null);
      return answer(200, { node });
    }
    return answer(404, { error: 'Not found' });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NodesSection now={NOW} />
      <Toaster />
    </QueryClientProvider>,
  );
  const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([p, init]) => p === path && (init?.method ?? 'GET') === method).length;
  return { calls, bodies };
}

const rowOf = async (id: string) => screen.findByRole('row', { name: id });

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('NodesSection', () => {
  it('lists each host with its state, sandboxes, free capacity and last heartbeat', async () => {
    setup();
    const a = await rowOf('node-a');
    expect(within(a).getByText('Healthy')).toBeTruthy();
    expect(within(a).getByText('10.0.0.5')).toBeTruthy();
    expect(within(a).getByText('27648 / 32768 MB')).toBeTruthy();
    expect(within(a).getByText('13 / 16')).toBeTruthy();
    expect(within(a).getByText('Just now')).toBeTruthy();
    expect(within(a).getByRole('button', { name: 'Drain' })).toBeTruthy();

    const b = await rowOf('node-b');
    expect(within(b).getByText('Lost')).toBeTruthy();
    expect(within(b).getByText('Draining')).toBeTruthy();
    expect(within(b).getByText('10 min ago')).toBeTruthy();
    expect(within(b).getByText('(4 missed)')).toBeTruthy();
    expect(within(b).getByRole('button', { name: 'Undrain' })).toBeTruthy();
    expect(screen.getByText('3 Docker hosts · 1 lost')).toBeTruthy();
  });

  it('asks before draining; Cancel changes nothing, Drain drains and the row says so', async () => {
    const { calls } = setup();
    fireEvent.click(within(await rowOf('node-a')).getByRole('button', { name: 'Drain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Drain node?' });
    expect(within(dialog).getByText(/No new sandboxes go to node-a\. The 2 sandboxes running there keep running until they stop; stopped ones start on another node\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST', '/api/admin/nodes/node-a/drain')).toBe(0);

    fireEvent.click(within(await rowOf('node-a')).getByRole('button', { name: 'Drain' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Drain node?' })).getByRole('button', { name: 'Drain' }));
    expect(await screen.findByText('Node draining')).toBeTruthy();
    expect(calls('POST', '/api/admin/nodes/node-a/drain')).toBe(1);
    await waitFor(async () => expect(within(await rowOf('node-a')).getByText('Draining')).toBeTruthy());
    expect(within(await rowOf('node-a')).getByRole('button', { name: 'Undrain' })).toBeTruthy();
  });

  it('names the consequence before draining the last host that takes work, and sends the explicit confirmation', async () => {
    const { calls, bodies } = setup({ nodes: [nodeA, nodeB] });
    fireEvent.click(within(await rowOf('node-a')).getByRole('button', { name: 'Drain' }));
    const dialog = await screen.findByRole('dialog', { name: 'Drain the last node?' });
    expect(within(dialog).getByText(/node-a is the last node taking work\. Once it is drained, no new project builds/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Drain anyway' }));
    expect(await screen.findByText('Node draining')).toBeTruthy();
    expect(calls('POST', '/api/admin/nodes/node-a/drain')).toBe(1);
    expect(bodies).toEqual([{ confirmLastNode: true }]);
  });

  it('undrains a draining host after asking', async () => {
    const { calls } = setup();
    fireEvent.click(within(await rowOf('node-b')).getByRole('button', { name: 'Undrain' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Undrain node?' })).getByRole('button', { name: 'Undrain' }));
    expect(await screen.findByText('Node undrained')).toBeTruthy();
    expect(calls('POST', '/api/admin/nodes/node-b/undrain')).toBe(1);
    await waitFor(async () => expect(within(await rowOf('node-b')).queryByText('Draining')).toBeNull());
  });

  it('toasts a failed drain and leaves the host as it was', async () => {
    setup({ failDrain: true });
    fireEvent.click(within(await rowOf('node-a')).getByRole('button', { name: 'Drain' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Drain node?' })).getByRole('button', { name: 'Drain' }));
    expect(await screen.findByText('Failed to change the node')).toBeTruthy();
    expect(screen.getByText('The database is not reachable.')).toBeTruthy();
    expect(within(await rowOf('node-a')).queryByText('Draining')).toBeNull();
  });
});
