import { request as httpRequest } from 'node:http';

/** A request to the platform's port with a preview's host name, as a browser resolving *.localhost sends it. */
export function getThroughProxy(platformPort: number, previewUrl: string, path = '/', headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const host = new URL(previewUrl).host;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: platformPort, path, headers: { ...headers, host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
