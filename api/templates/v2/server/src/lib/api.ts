// Calls to this app's own server under /api, for TanStack Query's queryFn and mutationFn.

/** A failed call: the HTTP status and the server's `{ error }` message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The secret the server is waiting for, when it answered 503 for want of one. */
    readonly missingKey: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached.');
  }
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  // Without the server, /api answers the app's HTML (a static preview) or a proxy's error page: "not running".
  if (!isJson) throw new ApiError(503, 'The server is not running yet.');
  const data = (await response.json()) as T & { error?: string; missingKey?: string };
  if (!response.ok) throw new ApiError(response.status, data.error ?? `Request failed (${response.status}).`, data.missingKey ?? null);
  return data;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** The server is up but not set up yet (no database, no API key) or not running at all: show a calm state, not an error. */
export function isNotSetUp(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 503 || error.status === 0);
}
