import { describe, expect, it } from '@jest/globals';
import type { AdminNode } from '@forge/protocol/admin';
import { freeCpuText, freeMemoryText } from './node-figures';

const node: AdminNode = {
  id: 'local',
  endpoint: 'unix:///var/run/docker.sock',
  address: null,
  state: 'healthy',
  draining: false,
  capacityMemoryMb: 4096,
  capacityCpus: 2,
  freeMemoryMb: 3072,
  freeCpus: 1,
  lostReason: null,
  runningSandboxes: 1,
  heartbeatAt: null,
  missedHeartbeats: 0,
};

describe('node figures', () => {
  it('says what is free out of the capacity', () => {
    expect(freeMemoryText(node)).toBe('3072 / 4096 MB');
    expect(freeCpuText(node)).toBe('1 / 2');
    expect(freeCpuText({ ...node, freeCpus: 0.3333 })).toBe('0.33 / 2');
  });

  it('names an overcommitted host instead of showing a negative free figure', () => {
    expect(freeCpuText({ ...node, freeCpus: -1 })).toBe('Overcommitted by 1 of 2');
    expect(freeMemoryText({ ...node, freeMemoryMb: -1024 })).toBe('Overcommitted by 1024 MB of 4096 MB');
  });

  it('shows nothing free on a lost host, whatever it had when last seen', () => {
    const lost = { ...node, state: 'lost' as const, freeMemoryMb: 4096, freeCpus: 2 };
    expect(freeMemoryText(lost)).toBe('None: lost');
    expect(freeCpuText(lost)).toBe('None: lost');
  });
});
