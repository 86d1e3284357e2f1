import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@forge/protocol/errors';
import { ReplicasService } from '../cluster/replicas.service.js';
import { DomainError } from '../common/errors/domain-error.js';
import { ProjectsRepository } from './projects.repository.js';

/** What holds a project: one generation, edit, restore, save or import at a time. */
export interface ProjectClaimHolder {
  kind: 'generation' | 'edit' | 'restore' | 'save' | 'import';
  jobId?: string;
}

export type ReleaseClaim = () => Promise<void>;

/**
 * One writer per project at a time, across every replica: a second one is refused at once with a
 * message naming the first, rather than both writing and one losing files. Claims live in the
 * database; a job's lasts until the job ends on whichever replica runs it, any other goes with
 * the replica that took it if that replica dies.
 */
@Injectable()
export class ProjectClaims {
  constructor(
    private readonly repository: ProjectsRepository,
    private readonly replicas: ReplicasService,
  ) {}

  async claim(ownerId: string, name: string, holder: ProjectClaimHolder): Promise<ReleaseClaim> {
    const claim = { ownerId, projectName: name, kind: holder.kind, jobId: holder.jobId ?? null, replicaId: holder.jobId ? null : this.replicas.id };
    const current = await this.repository.claim(claim);
    if (current) throw new DomainError(ErrorCode.ProjectBusy, busyMessage(name, current.kind as ProjectClaimHolder['kind'], current.jobId));
    let released: Promise<void> | null = null;
    return () => (released ??= this.repository.releaseClaim(claim));
  }

  /** Lets go of a job's claim, from whichever replica ends the job. */
  releaseJob(jobId: string): Promise<void> {
    return this.repository.releaseJobClaim(jobId);
  }
}

function busyMessage(name: string, kind: ProjectClaimHolder['kind'], jobId: string | null): string {
  const job = jobId ? ` (job ${jobId})` : '';
  switch (kind) {
    case 'generation':
      return `A generation of "${name}" is running${job}. Wait for it to finish, or follow it in the workspace.`;
    case 'edit':
      return `An edit of "${name}" is running${job}. Wait for it to finish, or follow it in the workspace.`;
    case 'restore':
      return `"${name}" is being restored to an earlier version. Try again in a moment.`;
    case 'save':
      return `"${name}" is being saved. Try again in a moment.`;
    case 'import':
      return `"${name}" is being imported. Wait for the import to finish, or follow it in the workspace.`;
  }
}
