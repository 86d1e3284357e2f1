// Verdaccio's configuration for the registry proxy sandboxes install through. Written as JSON, which
// Verdaccio's YAML reader takes as it is. scripts/lib/registry.mjs uses it too (from the built API) to
// pre-warm storage, so the proxy and its pre-warmed storage always agree on the layout.

export interface VerdaccioSettings {
  /** Absolute path of the package storage. */
  storage: string;
  /** The registry it fetches what it does not hold from. */
  upstream: string;
  /** Versions published more recently are not offered; 0: no minimum (pre-warming takes what the lockfiles name). */
  minReleaseAgeHours: number;
  /** Package names and @scopes whose every version is hidden. */
  denyPackages: readonly string[];
}

/** How long fetched package metadata is used before the upstream is asked again: new versions wait out the release age anyway. */
export const METADATA_MAX_AGE = '30m';

export function verdaccioConfig(settings: VerdaccioSettings): string {
  const block = settings.denyPackages.map((name) => (name.includes('/') || !name.startsWith('@') ? { package: name } : { scope: name }));
  const filter = {
    ...(settings.minReleaseAgeHours > 0 ? { minAgeDays: settings.minReleaseAgeHours / 24 } : {}),
    ...(block.length > 0 ? { block } : {}),
  };
  const config = {
    storage: settings.storage,
    // Nobody signs up or publishes: the proxy only serves what the upstream has (and what tests place in its storage).
    auth: { htpasswd: { file: `${settings.storage}/../htpasswd`, max_users: -1 } },
    uplinks: {
      upstream: { url: settings.upstream, timeout: '20s', maxage: METADATA_MAX_AGE, fail_timeout: '1m', max_fails: 3, cache: true },
    },
    packages: {
      '**': { access: '$all', publish: '$authenticated', unpublish: '$authenticated', proxy: 'upstream' },
    },
    // Verdaccio's built-in package filter: release age and the deny-list, applied to metadata and tarballs alike.
    ...(Object.keys(filter).length > 0 ? { filters: { '@verdaccio/package-filter': filter } } : {}),
    web: { enable: false },
    server: { keepAliveTimeout: 60 },
    publish: { allow_offline: false },
    log: { type: 'stdout', format: 'json', level: 'warn' },
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
