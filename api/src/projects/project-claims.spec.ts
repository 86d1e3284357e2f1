import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../common/errors/domain-error.js';
import { ProjectClaims } from './project-claims.js';

describe('ProjectClaims', () => {
  it('refuses a second writer of the same project, naming the first, until it releases', () => {
    const sut = new ProjectClaims();
    const release = sut.claim('owner', 'shop', { kind: 'generation', jobId: 'job-1' });
    expect(() => sut.claim('owner', 'shop', { kind: 'save' })).toThrow(new DomainError('project.busy', 'A generation of "shop" is running (job job-1). Wait for it to finish, or follow it in the workspace.'));
    // Other projects, and the same name of another account, are free.
    sut.claim('owner', 'blog', { kind: 'save' })();
    sut.claim('other', 'shop', { kind: 'save' })();
    release();
    release();
    sut.claim('owner', 'shop', { kind: 'edit', jobId: 'job-2' });
  });
});
