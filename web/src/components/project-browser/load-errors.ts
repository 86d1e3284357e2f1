import { isApiError } from '@/api/errors';

export type BrowserLoadProblem = { kind: 'not-found' } | { kind: 'error'; message: string };

/** A tree 404 shows "Project not found"; other failures name what could not be loaded. */
export function browserLoadProblem(err: unknown): BrowserLoadProblem {
  if (isApiError(err, 404)) return { kind: 'not-found' };
  if (isApiError(err)) return { kind: 'error', message: 'Failed to load project files' };
  if (err instanceof Error && err.message) return { kind: 'error', message: err.message };
  return { kind: 'error', message: 'An unexpected error occurred' };
}

export const MISSING_PROJECT_DATA_MESSAGE = 'Failed to load project data';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Reason phrases by code, since HTTP/2 responses carry no status text of their own. */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? `HTTP ${status}`;
}

/** What the code panel and the "Error" toast say when a file cannot be shown. */
export function fileLoadErrorMessage(err: unknown): string {
  if (isApiError(err)) return `Failed to load file: ${statusText(err.status)}`;
  return 'Error loading file content';
}
