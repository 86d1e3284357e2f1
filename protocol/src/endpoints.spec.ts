import { describe, expect, it } from '@jest/globals';
import { WEB_ENDPOINTS, encodePathSegments, endpointPath } from './endpoints.js';

describe('endpointPath', () => {
  it('keeps a fixed path as it is', () => {
    expect(endpointPath(WEB_ENDPOINTS.projectList)).toBe('/api/projects');
  });

  it('encodes each parameter as one segment', () => {
    expect(endpointPath(WEB_ENDPOINTS.projectTree, { project: 'shop' })).toBe('/api/projects/shop/tree');
    expect(endpointPath(WEB_ENDPOINTS.jobStream, { id: 'a/b c' })).toBe('/api/jobs/a%2Fb%20c/stream');
    expect(endpointPath(WEB_ENDPOINTS.adminSandboxStop, { projectId: 'p1' })).toBe('/api/admin/sandboxes/p1/stop');
  });

  it('encodes a file path segment by segment, keeping its slashes', () => {
    expect(endpointPath(WEB_ENDPOINTS.projectFile, { project: 'shop', path: 'src/my page.tsx' })).toBe('/api/projects/shop/file/src/my%20page.tsx');
    expect(encodePathSegments('a b/c#d/e?.ts')).toBe('a%20b/c%23d/e%3F.ts');
  });

  it('refuses a missing parameter, naming it', () => {
    // @ts-expect-error the type asks for the parameters a template names
    expect(() => endpointPath(WEB_ENDPOINTS.projectTree)).toThrow('Missing path parameter project for GET /api/projects/:project/tree');
    // @ts-expect-error and for no others
    expect(endpointPath(WEB_ENDPOINTS.info, { id: 'x' })).toBe('/api/info');
  });

  it('lists each method and path once', () => {
    const routes = Object.values(WEB_ENDPOINTS).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const endpoint of Object.values(WEB_ENDPOINTS)) expect(endpoint.path.startsWith('/api/')).toBe(true);
  });
});
