import { ErrorCode } from '@forge/protocol/errors';

const STATUS: Record<ErrorCode, number> = {
  [ErrorCode.BadRequest]: 400,
  [ErrorCode.MalformedJson]: 400,
  [ErrorCode.Validation]: 400,
  [ErrorCode.InvalidProjectName]: 400,
  [ErrorCode.InvalidPath]: 400,
  [ErrorCode.Unauthenticated]: 401,
  [ErrorCode.InvalidRecoveryKey]: 401,
  [ErrorCode.CrossSite]: 403,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.QuotaExceeded]: 403,
  [ErrorCode.CreditsExhausted]: 402,
  [ErrorCode.TopUpRefused]: 422,
  [ErrorCode.WalletLinkRefused]: 400,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.ProjectNotFound]: 404,
  [ErrorCode.FileNotFound]: 404,
  [ErrorCode.ShareNotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.ConfirmationRequired]: 409,
  [ErrorCode.ProjectBusy]: 409,
  [ErrorCode.ProjectExists]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.DatabaseSetupFailed]: 422,
  [ErrorCode.DatabaseUnreachable]: 422,
  [ErrorCode.Unavailable]: 503,
  [ErrorCode.Internal]: 500,
};

export function statusForCode(code: ErrorCode): number {
  return STATUS[code];
}
