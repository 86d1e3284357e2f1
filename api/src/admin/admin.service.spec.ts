import { describe, expect, it } from '@jest/globals';
import type { AdminNode } from '@forge/protocol/admin';
import { consoleWarnings } from './admin.service.js';

const node: AdminNode = {
  id: 'a',
  endpoint: 'unix:///a.sock',
  address: null,
  state: 'healthy',
  draining: false,
  capacityMemoryMb: 4096,
  capacityCpus: 2,
  freeMemoryMb: 4096,
  freeCpus: 2,
  lostReason: null,
  runningSandboxes: 0,
  heartbeatAt: null,
  missedHeartbeats: 0,
};

describe(consoleWarnings.name, () => {
  it('says nothing while a node takes work and none is lost', () => {
    expect(consoleWarnings([node, { ...node, id: 'b', draining: true }])).toEqual([]);
    expect(consoleWarnings([])).toEqual([]);
  });

  it('names a lost node with the reason its engine gave', () => {
    const lost = { ...node, id: 'b', state: 'lost' as const, missedHeartbeats: 3, lostReason: 'Docker is not reachable, so projects cannot be built or previewed.' };
    expect(consoleWarnings([node, lost])).toEqual([
      { nodeId: 'b', message: expect.stringMatching(/^Node b is lost: it missed 3 heartbeats/), reason: 'Docker is not reachable, so projects cannot be built or previewed.' },
    ]);
  });

  it('says when no node takes work, and why', () => {
    expect(consoleWarnings([{ ...node, draining: true }])).toEqual([{ nodeId: null, message: expect.stringMatching(/^No node takes work/), reason: 'Every node is draining.' }]);
    const warnings = consoleWarnings([
      { ...node, draining: true },
      { ...node, id: 'b', state: 'lost', lostReason: null, missedHeartbeats: 3 },
    ]);
    expect(warnings.map((warning) => warning.reason)).toEqual(['1 draining, 1 lost.', null]);
  });
});
