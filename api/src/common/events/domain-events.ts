// Events one module announces and others act on, so a module never imports another to tell it.
// Emitted with `emitAsync`: the emitter waits until every listener has done its part.
import type { VersionKind } from '@forge/protocol/versions';

/** An account is about to be deleted: whatever it owns goes first. */
export const ACCOUNT_DELETING = 'account.deleting';
export interface AccountDeletingEvent {
  userId: string;
}

/** A project is about to be deleted: what lives outside its rows and files (its sandbox) goes first. */
export const PROJECT_DELETING = 'project.deleting';
export interface ProjectDeletingEvent {
  projectId: string;
}

/**
 * A project's rows are gone: whatever a build in flight made for it after PROJECT_DELETING (a sandbox
 * container it was creating) goes now. Nothing can start for it any more: its project is not found.
 */
export const PROJECT_DELETED = 'project.deleted';
export type ProjectDeletedEvent = ProjectDeletingEvent;

/** What made a change of a project's files, as its version history tells it. */
export interface VersionNote {
  kind: VersionKind;
  /** The prompt or request, or what the platform did. */
  message: string;
}

/** A project's files are about to change: its history gets the state before, if it has none yet. */
export const PROJECT_CHANGING = 'project.changing';
export interface ProjectChangingEvent {
  projectId: string;
}

/** A project's files changed (a generation, an edit, a fix, a restore, a save): one version to record. */
export const PROJECT_CHANGED = 'project.changed';
export interface ProjectChangedEvent extends VersionNote {
  projectId: string;
}

/** A project stopped being shared: its public preview's open connections close and its route is forgotten now. */
export const SHARE_UNPUBLISHED = 'share.unpublished';
export interface ShareUnpublishedEvent {
  shareId: string;
  projectId: string;
  /** Heard from another replica, not happened here. */
  relayed?: boolean;
}

/** A replica stopped beating and was removed: what it held (unfinished file changes) is let go. */
export const REPLICA_LOST = 'replica.lost';
export interface ReplicaLostEvent {
  replicaId: string;
}

/** This replica was asked to stop (SIGTERM): it takes no new work from the queue. */
export const SERVER_DRAINING = 'server.draining';

/** The values to hide of a project's logs changed (a secret saved, database credentials made). */
export const SECRETS_CHANGED = 'secrets.changed';
export interface SecretsChangedEvent {
  projectId: string;
  /** Heard from another replica, not happened here. */
  relayed?: boolean;
}

/** The variables a project's app runs with changed (its secrets were saved): a running preview starts again with them. */
export const APP_ENVIRONMENT_CHANGED = 'app-environment.changed';
export interface AppEnvironmentChangedEvent {
  projectId: string;
}

/**
 * The platform stops a run (an operator's cancel, a drain, a shutdown): the replica running it aborts
 * it with this reason, recorded before its container is stopped. Relayed to every replica.
 */
export const RUN_STOP_REQUESTED = 'run.stop-requested';
export interface RunStopRequestedEvent {
  runId: string;
  by: 'operator' | 'drain' | 'shutdown';
  reason: string | null;
  /** Heard from another replica, not happened here. */
  relayed?: boolean;
}
