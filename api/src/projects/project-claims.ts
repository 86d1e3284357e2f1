import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';

/** What holds a project: one generation, edit, restore or save at a time. */
export interface ProjectClaimHolder {
  kind: 'generation' | 'edit' | 'restore' | 'save';
  jobId?: string;
}

export type ReleaseClaim = () => void;

/**
 * One writer per project at a time. A second one is refused at once with a message naming the
 * first, rather than both writing and one losing files. Kept in this process; the platform runs
 * as one process per data directory.
 */
@Injectable()
export class ProjectClaims {
  private readonly held = new Map<string, ProjectClaimHolder>();

  claim(ownerId: string, name: string, holder: ProjectClaimHolder): ReleaseClaim {
    const key = `${ownerId}/${name}`;
    const current = this.held.get(key);
    if (current) throw new DomainError(ErrorCode.ProjectBusy, busyMessage(name, current));
    this.held.set(key, holder);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (this.held.get(key) === holder) this.held.delete(key);
    };
  }
}

function busyMessage(name: string, holder: ProjectClaimHolder): string {
  const job = holder.jobId ? ` (job ${holder.jobId})` : '';
  switch (holder.kind) {
    case 'generation':
      return `A generation of "${name}" is running${job}. Wait for it to finish, or follow it in the workspace.`;
    case 'edit':
      return `An edit of "${name}" is running${job}. Wait for it to finish, or follow it in the workspace.`;
    case 'restore':
      return `"${name}" is being restored to an earlier version. Try again in a moment.`;
    case 'save':
      return `"${name}" is being saved. Try again in a moment.`;
  }
}
