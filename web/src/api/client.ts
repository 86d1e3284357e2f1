import { type Endpoint, type HttpMethod, type PathParams, endpointPath } from '@forge/protocol/endpoints';
import { ApiError } from './errors';

type Json = Record<string, unknown> | unknown[];

/** One call's method and URL, built from the endpoint table: the only way the web names a URL. */
export interface ApiRoute {
  method: HttpMethod;
  url: string;
}

export function apiRoute<E extends Endpoint>(endpoint: E, ...params: PathParams<E['path']>): ApiRoute {
  return { method: endpoint.method, url: endpointPath(endpoint, ...params) };
}

export interface RequestOptions {
  body?: Json;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The response as it comes, ok or not, for stream clients that word their own errors. Every call
 * sends the session cookie; a JSON content type only when there is a body.
 */
export function sendRequest({ method, url }: ApiRoute, { body, headers, signal }: RequestOptions = {}): Promise<Response> {
  const allHeaders = body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' };
  return fetch(url, {
    method,
    credentials: 'include',
    headers: allHeaders,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

/** A multipart form (an upload): the browser sets its content type and boundary. A non-ok answer throws an ApiError. */
export async function apiForm<T>({ method, url }: ApiRoute, form: FormData): Promise<T> {
  const response = await fetch(url, { method, credentials: 'include', body: form });
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return (await response.json()) as T;
}

/** A non-ok answer throws an ApiError. */
export async function apiFetch(route: ApiRoute, options?: RequestOptions): Promise<Response> {
  const response = await sendRequest(route, options);
  if (!response.ok) throw new ApiError(response.status, response.statusText, await response.text());
  return response;
}

export async function apiJson<T>(route: ApiRoute, options?: RequestOptions): Promise<T> {
  const response = await apiFetch(route, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
