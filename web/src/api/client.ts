import { ApiError } from './errors';

type Json = Record<string, unknown> | unknown[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Json;
  signal?: AbortSignal;
}

/** Every call sends the session cookie; a JSON content type only when there is a body (spec section 7). */
export async function apiFetch(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return response;
}

export async function apiJson<T>(path: string, options?: RequestOptions): Promise<T> {
  const response = await apiFetch(path, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Each path segment URL-encoded, as the file endpoint expects. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
