// The operators' console: every sandbox of the platform, and what an operator may do to it.

export type SandboxState = 'stopped' | 'building' | 'running' | 'failed';

export interface AdminSandbox {
  projectId: string;
  projectName: string;
  ownerId: string;
  /** First characters of the owner's recovery key, as the account menu shows them. */
  ownerKeyHint: string;
  state: SandboxState;
  /** Docker's own view of the container, or null when there is none. */
  container: {
    id: string;
    status: string;
    /** Percent of one core; null when the container is not running. */
    cpuPercent: number | null;
    memoryBytes: number | null;
    memoryLimitBytes: number | null;
  } | null;
  previewUrl: string | null;
  startedAt: string | null;
  lastVisitAt: string | null;
  builtAt: string | null;
}

export interface AdminSandboxesResponse {
  sandboxes: AdminSandbox[];
}

export interface AdminSandboxLogsResponse {
  /** The container's output (install, build and the app), oldest first. */
  logs: string;
}
