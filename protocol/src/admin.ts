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
    /** Percent of one core; null when the container is not running or not measured yet. */
    cpuPercent: number | null;
    memoryBytes: number | null;
    memoryLimitBytes: number | null;
    /** When the figures above were measured (in the background, not per request); null: not yet. */
    measuredAt: string | null;
  } | null;
  previewUrl: string | null;
  startedAt: string | null;
  lastVisitAt: string | null;
  builtAt: string | null;
}

/**
 * `GET /api/admin/sandboxes?cursor=<projectId>&limit=<n>`: one page, ordered by project name then id.
 * Container figures come from a background collector: a refresh costs no Docker call per sandbox.
 */
export interface AdminSandboxesResponse {
  sandboxes: AdminSandbox[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Every sandbox, not only this page's. */
  counts: { total: number; running: number; building: number; failed: number };
}

export const ADMIN_SANDBOXES_PAGE_SIZE = 50;
export const ADMIN_SANDBOXES_MAX_PAGE_SIZE = 200;

/**
 * `GET /api/admin/overview`: the console's first screen. Counts are read from the database (all
 * replicas); `warnings` say when no host takes work or a host is lost, with why.
 */
export interface AdminOverview {
  /** Builds waiting for a build slot. */
  buildsQueued: number;
  buildsRunning: number;
  /** Generations, edits and imports running now. */
  generationsRunning: number;
  nodesTakingWork: number;
  nodesTotal: number;
  warnings: AdminWarning[];
  /** Where Prometheus scrapes this server (METRICS_TOKEN or a caller on the machine). */
  metricsPath: string;
}

export interface AdminWarning {
  /** The host it is about, or null for the platform as a whole. */
  nodeId: string | null;
  message: string;
  /** Why, when known (the engine's last error). */
  reason: string | null;
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
  /**
   * Capacity less the limits of the sandboxes running there (below zero: the host is overcommitted by
   * that much). A lost host offers nothing: 0.
   */
  freeMemoryMb: number;
  freeCpus: number;
  /** Why the host is lost (its engine's last error), or null. */
  lostReason: string | null;
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

/** `POST /api/admin/sandboxes/:projectId/restart`: what the restart did, in a sentence for the operator. */
export interface AdminRestartResponse {
  ok: true;
  message: string;
}

/** What an operator did; each action writes one audit entry. */
export type AuditAction = 'sandbox.stop' | 'sandbox.restart' | 'sandbox.remove' | 'node.drain' | 'node.undrain' | 'credits.grant' | 'credits.correction' | 'run.cancel';

/** One operator action, as the audit trail keeps it. */
export interface AuditEntry {
  id: string;
  operatorId: string;
  action: AuditAction;
  accountId: string | null;
  projectId: string | null;
  projectName: string | null;
  nodeId: string | null;
  /** The sentence the console and the server log show: who did what to what. */
  summary: string;
  reason: string | null;
  createdAt: string;
}

/** `GET /api/admin/audit?before=<entry id>&limit=<n>`: newest first. */
export interface AuditResponse {
  entries: AuditEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_MAX_PAGE_SIZE = 100;

/** An account as the console's search finds it, with what it uses. */
export interface AdminAccount {
  id: string;
  /** First characters of its recovery key, as the account menu shows them. */
  keyHint: string;
  createdAt: string;
  lastSeenAt: string;
  balanceMicroUsd: number;
  /** What its model calls cost so far (a positive amount). */
  spentMicroUsd: number;
  /** Generations, edits and imports it started. */
  jobs: number;
  projects: number;
  runningSandboxes: number;
  /** Bytes of its projects' files. */
  storedBytes: number;
  /** Requests of its refused by a limit (rate, concurrency, quota, credits) since the server started counting. */
  limitsHit: number;
  /** Its project names that matched the search (empty when the account matched by id or key hint). */
  matchedProjects: string[];
}

/** `GET /api/admin/accounts?q=<account id, key hint or project name>`: at most ADMIN_ACCOUNTS_LIMIT, most recently seen first; no `q`: the latest. */
export interface AdminAccountsResponse {
  accounts: AdminAccount[];
}

export const ADMIN_ACCOUNTS_LIMIT = 20;

/** What kind of running work the console lists: a build (or a fix started from the preview), a generation, an edit. */
export type AdminRunKind = 'build' | 'fix' | 'generation' | 'edit';

/** One piece of work running now, as the console's "Running work" lists it. */
export interface AdminRun {
  id: string;
  kind: AdminRunKind;
  projectId: string | null;
  projectName: string;
  ownerId: string;
  ownerKeyHint: string;
  startedAt: string;
  /** The Docker host of the project's sandbox, or null when it has none. */
  node: string | null;
  /** The API server running it (host name and process id), or null while it waits in the queue. */
  replica: string | null;
}

/** `GET /api/admin/runs`: the running builds, generations and edits, oldest first. */
export interface AdminRunsResponse {
  runs: AdminRun[];
}

/** `POST /api/admin/runs/:runId/cancel`: the reason reaches the owner's stream and the audit trail. */
export interface CancelRunRequest {
  reason: string;
}

export const CANCEL_REASON_MAX_CHARS = 200;

/** What the cancel did, in a sentence for the operator. */
export interface CancelRunResponse {
  ok: true;
  /** The run had ended by the time the answer was sent (false: it is still winding down). */
  ended: boolean;
  message: string;
}
