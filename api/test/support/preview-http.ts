import { request as httpRequest } from 'node:http';

/** A request to the platform's port with a preview's host name, as a browser resolving *.localhost sends it. */
export function getThroughProxy(platformPort: number, previewUrl: string, path = '/', headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return requestThroughProxy(platformPort, previewUrl, 'GET', path, headers);
}

/** `json`, when given, is sent as the request's body. */
export function requestThroughProxy(
  platformPort: number,
  previewUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  json?: unknown,
): Promise<{ status: number; body: string }> {
  const host = new URL(previewUrl).host;
  const payload = json === undefined ? null : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const sent = payload === null ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) };
    const req = httpRequest({ host: '127.0.0.1', port: platformPort, method, path, headers: { ...sent, host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(payload ?? undefined);
  });
}
