// Every HTTP endpoint the web app calls, in one table: the web builds its URLs from it (a lint rule
// forbids `/api/` literals elsewhere) and an API test checks each entry has a handler.

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Path template: `:name` is one URL-encoded segment, `*name` a slash path with each segment encoded. */
  path: string;
}

export const WEB_ENDPOINTS = {
  signup: { method: 'POST', path: '/api/auth/signup' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  me: { method: 'GET', path: '/api/auth/me' },
  info: { method: 'GET', path: '/api/info' },

  projectList: { method: 'GET', path: '/api/projects' },
  /** Multipart: `file` (a ZIP) and `projectName`; answers the import's run. */
  projectImport: { method: 'POST', path: '/api/projects/import' },
  projectDelete: { method: 'DELETE', path: '/api/projects/:project' },
  projectTree: { method: 'GET', path: '/api/projects/:project/tree' },
  projectFile: { method: 'GET', path: '/api/projects/:project/file/*path' },
  /** Followed by the browser (a download link), not fetched. */
  projectDownload: { method: 'GET', path: '/api/projects/:project/download' },
  previewStatus: { method: 'GET', path: '/api/projects/:project/preview-status' },
  /** Shown as an image (`<img src>`), not fetched: the checking browser's latest screenshot (JPEG). */
  projectThumbnail: { method: 'GET', path: '/api/projects/:project/thumbnail' },
  /** Answers the build's server-sent events. */
  projectBuild: { method: 'POST', path: '/api/projects/:project/build' },
  /** Starts the auto-fix loop from an error met in the preview; answers the build's server-sent events. */
  projectFix: { method: 'POST', path: '/api/projects/:project/fix' },
  /** Starts an edit job and answers its server-sent events. */
  projectEdit: { method: 'POST', path: '/api/projects/:project/edit' },
  projectVersions: { method: 'GET', path: '/api/projects/:project/versions' },
  projectVersionDiff: { method: 'GET', path: '/api/projects/:project/versions/:id/diff' },
  projectVersionRestore: { method: 'POST', path: '/api/projects/:project/versions/:id/restore' },

  shareStatus: { method: 'GET', path: '/api/projects/:project/share' },
  sharePublish: { method: 'POST', path: '/api/projects/:project/share' },
  shareUnpublish: { method: 'DELETE', path: '/api/projects/:project/share' },
  sharesMine: { method: 'GET', path: '/api/shares/mine' },
  /** Public: a published project's page, its files and the wall answer visitors without an account. */
  sharePublic: { method: 'GET', path: '/api/shares/:shareId' },
  shareFile: { method: 'GET', path: '/api/shares/:shareId/file/*path' },
  /** The wall card's screenshot (JPEG), when the preview check has taken one. */
  shareThumbnail: { method: 'GET', path: '/api/shares/:shareId/thumbnail' },
  /** Followed by `?cursor=&limit=`. */
  wall: { method: 'GET', path: '/api/wall' },

  secrets: { method: 'GET', path: '/api/projects/:project/secrets' },
  secretsSave: { method: 'POST', path: '/api/projects/:project/secrets' },

  databaseStatus: { method: 'GET', path: '/api/projects/:project/database/status' },
  databaseSchema: { method: 'GET', path: '/api/projects/:project/database/schema' },
  /** Followed by `?page=&pageSize=`. */
  databaseTableData: { method: 'GET', path: '/api/projects/:project/database/tables/:table/data' },
  /** Followed by `?project=`. */
  databaseAutoUrl: { method: 'GET', path: '/api/database/auto-url' },
  databaseInitialize: { method: 'POST', path: '/api/projects/:project/database/initialize' },

  jobStart: { method: 'POST', path: '/api/jobs/start' },
  jobsActive: { method: 'GET', path: '/api/jobs/active' },
  jobStatus: { method: 'GET', path: '/api/jobs/:id/status' },
  /** Answers the job's server-sent events; `Last-Event-ID` resumes after an event. */
  jobStream: { method: 'GET', path: '/api/jobs/:id/stream' },

  /** A run (generation, edit, build, fix): its kind, state and project (protocol RunSummary). */
  runStatus: { method: 'GET', path: '/api/runs/:id' },
  /** The run's own events (protocol RunEvent) from `Last-Event-ID` (or `?lastEventId=`), live to `end`. */
  runStream: { method: 'GET', path: '/api/runs/:id/stream' },

  /** Followed by `?before=&limit=`. */
  credits: { method: 'GET', path: '/api/credits' },
  creditUsage: { method: 'GET', path: '/api/credits/usage' },
  topUps: { method: 'GET', path: '/api/topups' },
  topUpWalletChallenge: { method: 'POST', path: '/api/topups/wallets/challenge' },
  topUpLinkWallet: { method: 'POST', path: '/api/topups/wallets' },
  topUpSubmitDeposit: { method: 'POST', path: '/api/topups/deposits' },
  adminCreditGrant: { method: 'POST', path: '/api/admin/credits/grant' },

  /** Followed by `?cursor=&limit=`. */
  adminSandboxes: { method: 'GET', path: '/api/admin/sandboxes' },
  adminOverview: { method: 'GET', path: '/api/admin/overview' },
  adminSandboxStop: { method: 'POST', path: '/api/admin/sandboxes/:projectId/stop' },
  adminSandboxRestart: { method: 'POST', path: '/api/admin/sandboxes/:projectId/restart' },
  adminSandboxRemove: { method: 'DELETE', path: '/api/admin/sandboxes/:projectId' },
  adminSandboxLogs: { method: 'GET', path: '/api/admin/sandboxes/:projectId/logs' },
  adminNodes: { method: 'GET', path: '/api/admin/nodes' },
  adminNodeDrain: { method: 'POST', path: '/api/admin/nodes/:nodeId/drain' },
  adminNodeUndrain: { method: 'POST', path: '/api/admin/nodes/:nodeId/undrain' },
  adminAudit: { method: 'GET', path: '/api/admin/audit' },
  adminRuns: { method: 'GET', path: '/api/admin/runs' },
  adminRunCancel: { method: 'POST', path: '/api/admin/runs/:runId/cancel' },
  adminAccounts: { method: 'GET', path: '/api/admin/accounts' },
} as const satisfies Record<string, Endpoint>;

export type WebEndpoint = (typeof WEB_ENDPOINTS)[keyof typeof WEB_ENDPOINTS];

/** The parameter names of a path template: `'/a/:x/b/*y'` gives `'x' | 'y'`. */
export type PathParamName<Path extends string> = Path extends `${string}/${infer Segment}`
  ? Segment extends `${infer Head}/${infer Rest}`
    ? SegmentParam<Head> | PathParamName<`/${Rest}`>
    : SegmentParam<Segment>
  : never;
type SegmentParam<Segment extends string> = Segment extends `:${infer Name}` | `*${infer Name}` ? Name : never;

/** What a path template needs filled in; nothing for a fixed path. */
export type PathParams<Path extends string> = [PathParamName<Path>] extends [never] ? [] : [Record<PathParamName<Path>, string>];

/** Each segment URL-encoded, slashes kept, as a `*name` parameter (a file path) expects. */
export function encodePathSegments(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The URL of an endpoint with its parameters filled in and encoded. */
export function endpointPath<E extends Endpoint>(endpoint: E, ...[params]: PathParams<E['path']>): string {
  const values = (params ?? {}) as Record<string, string>;
  return endpoint.path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return encodeURIComponent(paramValue(values, segment.slice(1), endpoint));
      if (segment.startsWith('*')) return encodePathSegments(paramValue(values, segment.slice(1), endpoint));
      return segment;
    })
    .join('/');
}

function paramValue(values: Record<string, string>, name: string, endpoint: Endpoint): string {
  const value = values[name];
  if (value === undefined) throw new Error(`Missing path parameter ${name} for ${endpoint.method} ${endpoint.path}`);
  return value;
}
