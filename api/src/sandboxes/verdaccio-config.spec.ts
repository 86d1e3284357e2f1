import { describe, expect, it } from '@jest/globals';
import { verdaccioConfig } from './verdaccio-config.js';

const parse = (text: string) => JSON.parse(text) as Record<string, unknown> & { filters?: Record<string, unknown> };

describe('verdaccioConfig', () => {
  it('hides young versions and deny-listed names and scopes with the built-in package filter', () => {
    const config = parse(verdaccioConfig({ storage: '/data/registry/storage', upstream: 'https://registry.npmjs.org/', minReleaseAgeHours: 48, denyPackages: ['event-stream', '@evil', '@corp/bad'] }));
    expect(config.filters).toEqual({
      '@verdaccio/package-filter': { minAgeDays: 2, block: [{ package: 'event-stream' }, { scope: '@evil' }, { package: '@corp/bad' }] },
    });
    expect(config.uplinks).toMatchObject({ upstream: { url: 'https://registry.npmjs.org/' } });
    expect(config.storage).toBe('/data/registry/storage');
  });

  it('has no filter when nothing is hidden (pre-warming takes what the lockfiles name)', () => {
    expect(parse(verdaccioConfig({ storage: '/s', upstream: 'http://u/', minReleaseAgeHours: 0, denyPackages: [] })).filters).toBeUndefined();
  });

  it('lets nobody sign up or publish, and serves no web interface', () => {
    const config = parse(verdaccioConfig({ storage: '/s', upstream: 'http://u/', minReleaseAgeHours: 48, denyPackages: [] }));
    expect(config.auth).toMatchObject({ htpasswd: { max_users: -1 } });
    expect(config.packages).toEqual({ '**': { access: '$all', publish: '$authenticated', unpublish: '$authenticated', proxy: 'upstream' } });
    expect(config.web).toEqual({ enable: false });
  });
});
