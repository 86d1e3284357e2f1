import { describe, expect, it } from '@jest/globals';
import { type PlacementCandidate, chooseNode } from './node-placement.js';

const DEMAND = { memoryMb: 1000, cpus: 1 };

function node(id: string, fields: Partial<PlacementCandidate> = {}): PlacementCandidate {
  return { id, state: 'healthy', draining: false, freeMemoryMb: 8000, freeCpus: 8, runningSandboxes: 0, ...fields };
}

describe(chooseNode.name, () => {
  it('picks the host where the most more sandboxes fit', () => {
    expect(chooseNode([node('a', { freeMemoryMb: 3000 }), node('b', { freeMemoryMb: 6000 }), node('c', { freeMemoryMb: 4000 })], DEMAND)).toBe('b');
  });

  it('counts headroom by the scarcer resource: plenty of memory does not make up for no CPU', () => {
    const roomy = node('roomy', { freeMemoryMb: 64_000, freeCpus: 1 });
    const balanced = node('balanced', { freeMemoryMb: 4000, freeCpus: 4 });
    expect(chooseNode([roomy, balanced], DEMAND)).toBe('balanced');
  });

  it('never places on a lost or draining host, even the emptiest', () => {
    const candidates = [node('lost', { state: 'lost', freeMemoryMb: 99_000 }), node('draining', { draining: true, freeMemoryMb: 99_000 }), node('busy', { freeMemoryMb: 1000 })];
    expect(chooseNode(candidates, DEMAND)).toBe('busy');
  });

  it('answers null when every host is lost or draining', () => {
    expect(chooseNode([node('a', { state: 'lost' }), node('b', { draining: true })], DEMAND)).toBeNull();
    expect(chooseNode([], DEMAND)).toBeNull();
  });

  it('still places when every host is full (overcommits), on the least overcommitted one', () => {
    expect(chooseNode([node('a', { freeMemoryMb: -3000 }), node('b', { freeMemoryMb: -1000 })], DEMAND)).toBe('b');
  });

  it('breaks ties by fewer sandboxes, then by name, so every replica chooses alike', () => {
    expect(chooseNode([node('a', { runningSandboxes: 3 }), node('b', { runningSandboxes: 1 })], DEMAND)).toBe('b');
    expect(chooseNode([node('b'), node('a')], DEMAND)).toBe('a');
  });

  it('spreads ten sandboxes over hosts in proportion to their capacity as reservations are taken', () => {
    const hosts = [node('small', { freeMemoryMb: 2000, freeCpus: 2 }), node('medium', { freeMemoryMb: 3000, freeCpus: 3 }), node('large', { freeMemoryMb: 5000, freeCpus: 5 })];
    const placed: string[] = [];
    for (let i = 0; i < 10; i++) {
      const id = chooseNode(hosts, DEMAND)!;
      const chosen = hosts.find((host) => host.id === id)!;
      chosen.freeMemoryMb -= DEMAND.memoryMb;
      chosen.freeCpus -= DEMAND.cpus;
      chosen.runningSandboxes++;
      placed.push(id);
    }
    expect(Object.fromEntries(hosts.map((host) => [host.id, host.runningSandboxes]))).toEqual({ small: 2, medium: 3, large: 5 });
    expect(placed[0]).toBe('large');
  });
});
