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
  InvalidRecoveryKey: 'auth.invalid_key',
  NotFound: 'not_found',
  ProjectNotFound: 'project.not_found',
  FileNotFound: 'project.file_not_found',
  InvalidProjectName: 'project.invalid_name',
  InvalidPath: 'project.invalid_path',
  PayloadTooLarge: 'payload_too_large',
  Conflict: 'conflict',
  Unavailable: 'unavailable',
  Internal: 'internal',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
