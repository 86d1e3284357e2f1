import { describe, expect, it } from '@jest/globals';
import { projectsHba } from './projects-server.js';

describe('projectsHba', () => {
  it('admits the administrator from loopback only, and each role to the database of its name', () => {
    const lines = projectsHba('172.18.0.0/16')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'));
    expect(lines).toEqual(['host all postgres 127.0.0.1/32 scram-sha-256', 'host sameuser all 127.0.0.1/32 scram-sha-256', 'host sameuser all 172.18.0.0/16 scram-sha-256']);
    expect(projectsHba(null)).not.toContain('172.');
  });
});
