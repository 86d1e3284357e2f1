import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Endpoint, WEB_ENDPOINTS } from '@forge/protocol/endpoints';
import { type ServedRoute, servedRoutes } from './support/routes.js';
import { type TestApp, startTestApp } from './support/test-app.js';

/*
 * The web builds every URL from WEB_ENDPOINTS (a lint rule keeps it so). This proves the running API
 * has a handler for each entry: the routes are read from Nest's own metadata (every controller the
 * app discovered, each handler's method and path, the global prefix), not from a list kept here.
 */

/** A path with its parameter names blanked, so `:project` and `:name` in the same place match. */
function pathShape(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? ':' : segment.startsWith('*') ? '*' : segment))
    .join('/');
}

function unserved(endpoints: Record<string, Endpoint>, routes: readonly ServedRoute[]): string[] {
  const served = new Set(routes.map((route) => `${route.method} ${pathShape(route.path)}`));
  return Object.entries(endpoints)
    .filter(([, endpoint]) => !served.has(`${endpoint.method} ${pathShape(endpoint.path)}`) && !served.has(`ALL ${pathShape(endpoint.path)}`))
    .map(([name, endpoint]) => `WEB_ENDPOINTS.${name}: ${endpoint.method} ${endpoint.path} has no handler in the API`);
}

describe('routes the web calls', () => {
  let t: TestApp;
  let routes: ServedRoute[];

  beforeAll(async () => {
    t = await startTestApp();
    routes = servedRoutes(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the served routes from the running app', () => {
    // A sanity check of the reading itself: a route the web does not call is found with its prefix.
    expect(routes).toContainEqual({ method: 'GET', path: '/api/health', handler: 'SystemController.health', isPublic: true });
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(WEB_ENDPOINTS).length);
  });

  it('has a handler with the same method and path shape for every endpoint of the web', () => {
    expect(unserved(WEB_ENDPOINTS, routes)).toEqual([]);
  });
});
