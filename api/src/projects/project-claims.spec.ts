import { describe, expect, it, jest } from '@jest/globals';
import type { ReplicasService } from '../cluster/replicas.service.js';
import { DomainError } from '../common/errors/domain-error.js';
import { ProjectClaims } from './project-claims.js';
import type { ProjectsRepository } from './projects.repository.js';

function newProjectClaims() {
  const held = new Map<string, { kind: string; jobId: string | null; replicaId: string | null }>();
  const repository = {
    claim: jest.fn(async (claim: { ownerId: string; projectName: string; kind: string; jobId: string | null; replicaId: string | null }) => {
      const key = `${claim.ownerId}/${claim.projectName}`;
      const current = held.get(key);
      if (current) return { kind: current.kind, jobId: current.jobId };
      held.set(key, claim);
      return null;
    }),
    releaseClaim: jest.fn(async (claim: { ownerId: string; projectName: string }) => {
      held.delete(`${claim.ownerId}/${claim.projectName}`);
    }),
    releaseJobClaim: jest.fn(async (jobId: string) => {
      for (const [key, claim] of held) if (claim.jobId === jobId) held.delete(key);
    }),
  };
  const replicas = { id: 'replica-1' } as ReplicasService;
  return { sut: new ProjectClaims(repository as unknown as ProjectsRepository, replicas), mocks: { repository, held } };
}

describe(ProjectClaims.name, () => {
  it('refuses a second writer of the same project, naming the first, until it releases', async () => {
    const { sut } = newProjectClaims();
    const release = await sut.claim('owner', 'shop', { kind: 'save' });
    await expect(sut.claim('owner', 'shop', { kind: 'edit', jobId: 'job-2' })).rejects.toThrow(new DomainError('project.busy', '"shop" is being saved. Try again in a moment.'));
    await release();
    await sut.claim('owner', 'shop', { kind: 'edit', jobId: 'job-2' });
    await expect(sut.claim('owner', 'shop', { kind: 'save' })).rejects.toThrow(
      new DomainError('project.busy', 'An edit of "shop" is running (job job-2). Wait for it to finish, or follow it in the workspace.'),
    );
  });

  it("gives a job's claim no replica, so it outlives the replica that launched it, and any other claim this replica", async () => {
    const { sut, mocks } = newProjectClaims();
    await sut.claim('owner', 'shop', { kind: 'generation', jobId: 'job-1' });
    await sut.claim('owner', 'blog', { kind: 'restore' });
    expect(mocks.held.get('owner/shop')).toMatchObject({ jobId: 'job-1', replicaId: null });
    expect(mocks.held.get('owner/blog')).toMatchObject({ jobId: null, replicaId: 'replica-1' });
    await sut.releaseJob('job-1');
    expect(mocks.held.has('owner/shop')).toBe(false);
  });

  it('releases once, however often the release is called', async () => {
    const { sut, mocks } = newProjectClaims();
    const release = await sut.claim('owner', 'shop', { kind: 'save' });
    await Promise.all([release(), release()]);
    await release();
    expect(mocks.repository.releaseClaim).toHaveBeenCalledTimes(1);
  });
});
