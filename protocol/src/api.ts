// Request and response bodies of the platform's HTTP API, shared by `api` and `web`.

import type { SavedFileContent } from './files.js';

export interface PublicUser {
  id: string;
  /** The first characters of the recovery key, to tell accounts apart. */
  keyHint: string;
  createdAt: string;
  isAdmin: boolean;
}

export interface SignupResponse {
  /** Shown once; only its hash is stored. */
  recoveryKey: string;
  user: PublicUser;
}
export interface LoginRequest {
  recoveryKey: string;
}
export interface MeResponse {
  user: PublicUser;
}

export interface HealthResponse {
  ok: true;
  version: string;
}

/** GET /api/ready: this server can take traffic (its database and container engine answer); else 503. */
export interface ReadyResponse {
  ok: true;
  database: 'ok';
  /** The work queue replicas take jobs from. */
  queue: 'ok';
  containerEngine: string;
  /** Hosts that take new sandboxes (healthy and not draining), of all hosts. */
  sandboxHosts: { takingWork: number; total: number };
  /**
   * What operators should know while the server still serves: no host takes work (every new build and
   * every stopped preview fails until one does), or a host is lost. The server stays ready: taking it
   * out of rotation would hide the previews that still run and the console that can undrain a host.
   */
  warnings: string[];
}

export type LlmProviderName = 'anthropic' | 'openai' | 'offline';
/** `GET /api/info`: what every signed-in user can rely on; the server's make-up only for operators. */
export interface InfoResponse {
  version: string;
  startedAt: string;
  provider: { name: LlmProviderName; model: string | null };
  containerEngine: { reachable: boolean };
  previewDomain: string;
  /** Present for operators only: never sent to other accounts, not merely hidden from them. */
  operator?: OperatorInfo;
}

/** How the server is set up, and so how an operator would change it. */
export interface OperatorInfo {
  nodeVersion: string;
  /** Where the model provider lives; null for its default (or the offline agent). */
  providerBaseUrl: string | null;
  containerEngine: { version: string | null; detail: string };
  database: { mode: 'embedded' | 'external' };
}

export interface ProjectListItem {
  name: string;
  fileCount: number;
  modifiedAt: string;
}
export interface ProjectListResponse {
  projects: ProjectListItem[];
}
export interface ProjectTreeResponse {
  /** Slash-separated file paths. */
  tree: string[];
}
/** A text file, as `GET …/file/{path}` answers it; a binary file answers its bytes instead (see `files.ts`). */
export interface FileContentResponse {
  content: string;
}
export interface PreviewStatusResponse {
  isBuilt: boolean;
  previewUrl: string;
  /** The live preview: the dev server serves the files as the agent writes them (no build yet); the address answers now. */
  live?: boolean;
}
export interface SaveProjectRequest {
  projectName: string;
  /** Path to content: text as a string, a binary file as `{ "base64": "…" }`. */
  files: Record<string, SavedFileContent>;
}
export interface SaveProjectResponse {
  filesSaved: number;
  projectDir: string;
}

/**
 * `POST /api/projects/import` (multipart: `file`, the ZIP; `projectName`): the archive is checked
 * whole before anything is written, then the import runs as a run of kind `import`
 * (`GET /api/runs/{runId}/stream`), after which the project is built.
 */
export interface ImportProjectResponse {
  runId: string;
  projectName: string;
  /** Files the project will hold. */
  filesImported: number;
}

export interface StartJobImage {
  name: string;
  base64: string;
  mediaType: string;
}
export interface StartJobRequest {
  prompt: string;
  projectName?: string;
  images?: StartJobImage[];
  /**
   * The request means to replace the existing project of that name (its files are rewritten; History
   * keeps the earlier versions). Without it, a name that is taken is refused with 409 `project.exists`.
   */
  replace?: boolean;
}
export interface StartJobResponse {
  jobId: string;
}

export type JobStatus = 'running' | 'completed' | 'failed' | 'unknown';
/** What a job does: a generation streams a new project; an edit changes an existing one. */
export type JobKind = 'generate' | 'edit';
export interface ActiveJob {
  id: string;
  kind: JobKind;
  projectName: string;
  projectId: string | null;
}
export interface ActiveJobsResponse {
  jobs: ActiveJob[];
}
export interface JobStatusResponse {
  status: JobStatus;
  /** Why a failed job failed. */
  error?: string | null;
}
