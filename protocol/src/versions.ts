// Natural-language edits and the version history of a project.
import type { StartJobImage } from './api.js';
import type { SourceTarget } from './source-tags.js';

/** `POST /api/projects/{p}/edit`: answers the edit stream (`EditStreamEvent`, then `[DONE]`). */
export interface EditProjectRequest {
  modificationRequest: string;
  images?: StartJobImage[];
  /** The element picked in the preview: where it is written; the model sees that file first. */
  target?: SourceTarget;
}

/** The empty-request message, in the words the user sees. */
export const EMPTY_EDIT_REQUEST_MESSAGE = 'Please describe the modifications you want to make';

/** What made a version. */
export type VersionKind = 'generation' | 'edit' | 'fix' | 'restore' | 'save' | 'import';

export interface VersionFileChange {
  path: string;
  /** Lines added and removed against the version before. */
  added: number;
  removed: number;
}

export interface ProjectVersion {
  id: string;
  message: string;
  kind: VersionKind;
  createdAt: string;
  files: VersionFileChange[];
  /** The snapshot of the app's database kept with it (a restore point with data), or null. */
  data: { bytes: number } | null;
  /** Why a data app's version has no snapshot (not kept, or no longer), or null. */
  dataNote: string | null;
}

/** `GET /api/projects/{p}/versions`: newest first. */
export interface VersionListResponse {
  versions: ProjectVersion[];
}

/**
 * `GET /api/projects/{p}/versions/{id}/diff`: the unified diff against the version before. A file too
 * large (or changed too much) to diff in bounded time has a line starting with DIFF_TOO_LARGE_NOTE
 * after its `---`/`+++` lines instead of hunks, as a binary file has `Binary files … differ`.
 */
export interface VersionDiffResponse {
  diff: string;
}

export const DIFF_TOO_LARGE_NOTE = 'Too large to show line by line';

/**
 * `POST /api/projects/{p}/versions/{id}/restore` (body optional): a new version with that version's
 * files, and with `withData` its database as it was then (loaded into a new database, then swapped
 * in: a failure leaves the data as it is); a rebuild follows.
 */
export interface RestoreVersionRequest {
  withData?: boolean;
}

export interface RestoreVersionResponse {
  version: ProjectVersion;
}
