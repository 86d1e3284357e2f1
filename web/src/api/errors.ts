import type { ApiErrorBody } from '@forge/protocol/errors';

/** A non-ok API response. Its message is "{status code}: {response text}", or the status text for an empty body. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  readonly code: string | undefined;
  /** The server's `error` field, when the body is the platform's JSON error shape. */
  readonly serverMessage: string | undefined;

  constructor(status: number, statusText: string, body: string) {
    super(body ? `${status}: ${body}` : `${status}: ${statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const parsed = parseErrorBody(body);
    this.code = parsed?.code;
    this.serverMessage = parsed?.error;
  }
}

function parseErrorBody(body: string): ApiErrorBody | undefined {
  try {
    const value: unknown = JSON.parse(body);
    if (value && typeof value === 'object' && typeof (value as ApiErrorBody).error === 'string') return value as ApiErrorBody;
  } catch {
    // Not JSON: the raw text is the message.
  }
  return undefined;
}

export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}

/** The message to show a person: the server's own words when it sent some, else the fallback. */
export function getErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? (err.body || fallback);
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
