import { request as httpRequest } from 'node:http';
import { expect } from '@jest/globals';
import type { ProjectFiles } from '../fixtures/sandbox-projects.js';
import { parsedEvents, readSse } from './sse-client.js';
import type { TestApp } from './test-app.js';

export interface BuildOutcome {
  events: Array<Record<string, unknown>>;
  /** The log lines, in order. */
  log: string[];
  success: boolean;
  previewUrl: string | null;
  error: { error: string; details?: string } | null;
  /** From the request until the stream ended. */
  ms: number;
}

export async function saveProject(t: TestApp, cookie: string, name: string, files: ProjectFiles): Promise<void> {
  await t.http.post('/api/projects/save').set('Cookie', cookie).send({ projectName: name, files }).expect(201);
}

/** Runs a build over HTTP and reads its stream to the end. */
export async function runBuild(t: TestApp, cookie: string, name: string): Promise<BuildOutcome> {
  const started = Date.now();
  const { status, events } = await readSse(`${t.baseUrl}/api/projects/${name}/build`, { Cookie: cookie }, 'POST');
  expect(status).toBe(200);
  const parsed = parsedEvents(events);
  const result = parsed.find((e) => e.type === 'result')?.data as { success: boolean; previewUrl: string | null } | undefined;
  const error = parsed.find((e) => e.type === 'error')?.data as BuildOutcome['error'] | undefined;
  return {
    events: parsed,
    log: parsed.filter((e) => e.type === 'log').map((e) => String(e.data)),
    success: result?.success === true,
    previewUrl: result?.previewUrl ?? null,
    error: error ?? null,
    ms: Date.now() - started,
  };
}

/** A request to the platform's port with a preview's host name, as a browser resolving *.localhost sends it. */
export function getThroughProxy(t: TestApp, previewUrl: string, path = '/'): Promise<{ status: number; body: string }> {
  const { port } = t.app.getHttpServer().address() as { port: number };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host: new URL(previewUrl).host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Resolves to `fallback` if the promise has not settled within `ms`: a hang fails an assertion, not the whole run. */
export function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<F>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)))]).finally(() => clearTimeout(timer));
}
