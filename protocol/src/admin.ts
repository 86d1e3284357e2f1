// The operators' console: every sandbox of the platform, and what an operator may do to it.

export type SandboxState = 'stopped' | 'building' | 'running' | 'failed';

export interface AdminSandbox {
  projectId: string;
  projectName: string;
  ownerId: string;
  /** First characters of the owner's recovery key, as the account menu shows them. */
  ownerKeyHint: string;
  state: SandboxState;
  /** The Docker host it is placed on (SANDBOX_HOSTS name), or null when on none. */
  node: string | null;
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

export type NodeState = 'healthy' | 'lost';

/** A Docker host sandboxes are placed on, as the last heartbeat saw it. */
export interface AdminNode {
  id: string;
  /** The engine's endpoint (unix:// or tcp://). */
  endpoint: string;
  /** The private address previews are forwarded to; null: the local engine's bridge. */
  address: string | null;
  state: NodeState;
  /** No new sandboxes go to a draining host; running ones stay until they stop. */
  draining: boolean;
  capacityMemoryMb: number;
  capacityCpus: number;
  /** Capacity less the limits of the sandboxes running there (may go below zero: hosts are overcommitted). */
  freeMemoryMb: number;
  freeCpus: number;
  runningSandboxes: number;
  heartbeatAt: string | null;
  missedHeartbeats: number;
}

export interface AdminNodesResponse {
  nodes: AdminNode[];
}

export interface AdminNodeResponse {
  node: AdminNode;
}
