// The compose `registry` service: Verdaccio on 0.0.0.0:$REGISTRY_PORT with the platform's configuration,
// its storage in /data (the volume), seeded from the pre-warmed storage the image carries on the first start.
// Settings: NPM_UPSTREAM_REGISTRY, NPM_MIN_RELEASE_AGE_HOURS, NPM_DENY_PACKAGES (as the platform reads them).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { verdaccioConfig } from './verdaccio-config.mjs';

const data = process.env.REGISTRY_DATA_DIR || '/data';
const storage = `${data}/storage`;
const stamp = `${storage}/.forge-seeded`;
mkdirSync(storage, { recursive: true });
if (!existsSync(stamp) && existsSync('/opt/forge-registry/prewarmed')) {
  // -n: what the volume already holds (fetched since) stays.
  const copy = spawnSync('cp', ['-rn', '/opt/forge-registry/prewarmed/.', storage], { stdio: 'inherit' });
  if (copy.status === 0) writeFileSync(stamp, 'image\n');
}
const hours = Number(process.env.NPM_MIN_RELEASE_AGE_HOURS ?? 48);
const denyPackages = (process.env.NPM_DENY_PACKAGES ?? '')
  .split(',')
  .map((name) => name.trim().toLowerCase())
  .filter(Boolean);
writeFileSync(
  `${data}/config.yaml`,
  verdaccioConfig({ storage, upstream: process.env.NPM_UPSTREAM_REGISTRY || 'https://registry.npmjs.org/', minReleaseAgeHours: Number.isFinite(hours) ? hours : 48, denyPackages }),
);
const runner = spawn(process.execPath, ['/opt/forge-registry/runner.mjs', `${data}/config.yaml`, `0.0.0.0:${process.env.REGISTRY_PORT || 4873}`], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => runner.kill(signal));
runner.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
