/** The one JSON error shape every API route answers with. */
export interface ApiErrorBody {
  error: string;
  /** Stable machine-readable code, e.g. `auth.invalid_key`. */
  code?: string;
  details?: string;
}

export const ErrorCode = {
  BadRequest: 'bad_request',
  MalformedJson: 'malformed_json',
  Validation: 'validation',
  Unauthenticated: 'auth.unauthenticated',
  /** A state-changing request from another site (a preview page, say). */
  CrossSite: 'request.cross_site',
  Forbidden: 'forbidden',
  InvalidRecoveryKey: 'auth.invalid_key',
  NotFound: 'not_found',
  ProjectNotFound: 'project.not_found',
  FileNotFound: 'project.file_not_found',
  /** A share address that is not (or no longer) published. */
  ShareNotFound: 'share.not_found',
  InvalidProjectName: 'project.invalid_name',
  InvalidPath: 'project.invalid_path',
  PayloadTooLarge: 'payload_too_large',
  Conflict: 'conflict',
  /** An operator action with a consequence worth a second look (a large or repeated grant, draining the last host): send it again confirmed. */
  ConfirmationRequired: 'confirmation_required',
  /** A generation named a project that exists, without saying it replaces it (409). */
  ProjectExists: 'project.exists',
  /** Another job or edit of the project is running. */
  ProjectBusy: 'project.busy',
  /** Too many requests for now; `Retry-After` says when to try again. */
  RateLimited: 'rate_limited',
  /** An account's allowance (projects, stored bytes) is used up. */
  QuotaExceeded: 'quota_exceeded',
  /** The credit balance is not positive: generations, edits and fixes wait for a top-up (402). */
  CreditsExhausted: 'credits.exhausted',
  /** A top-up transaction that can never be credited as it stands (wrong token, recipient, sender...). */
  TopUpRefused: 'topup.refused',
  /** A wallet link whose message or signature does not hold. */
  WalletLinkRefused: 'topup.wallet_link_refused',
  /** A project's db:push or db:seed failed; `details` holds their output. */
  DatabaseSetupFailed: 'database.setup_failed',
  /** db:push never reached the database (wrong host or port, a server that refuses Forge, bad credentials); `details` holds its output. */
  DatabaseUnreachable: 'database.unreachable',
  Unavailable: 'unavailable',
  Internal: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
