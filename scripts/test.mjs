// `npm test`: every check CI makes, in order, stopping at the first failure.
import { linkBlueprintDependencies } from './lib/blueprint-deps.mjs';
import { prepareHostServicesInBackground } from './lib/host-services.mjs';
import { upstreamRegistry } from './lib/registry.mjs';
import { reexecOnPlatformNode } from './lib/node-runtime.mjs';
import { log, prepare, run, runHeldBack, runInherited } from './lib/setup.mjs';

// Everything below (jest, the platform processes tests start, Playwright) runs on the platform's Node.
reexecOnPlatformNode(import.meta.url);

const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci'];

/** Type checks, then lint and formatting: single-threaded, so they run beside the unit tests. */
async function staticChecks() {
  const started = Date.now();
  for (const project of ['protocol', 'api', 'web', 'e2e']) await runHeldBack(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project]);
  // The v2 template and the starter blueprints, against the template's pinned packages.
  await linkBlueprintDependencies();
  await runHeldBack(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'api/blueprints']);
  log(`  type checks passed (${seconds(started)})`);
  const linted = Date.now();
  await runHeldBack(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '.']);
  await runHeldBack(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level=warn', '.']);
  log(`  lint and formatting passed (${seconds(linted)})`);
}

async function unitTests() {
  for (const config of ['protocol', 'api', 'web']) {
    const args = [...jest, '-c', `${config}/jest.config.js`];
    if (config === 'api') args.push('--selectProjects', 'unit');
    await runInherited(process.execPath, args);
  }
}

const steps = [
  [
    'Type checks, lint and formatting, beside the unit tests',
    async () => {
      // Both lanes run to their end, so one failure does not hide the other's.
      const results = await Promise.allSettled([staticChecks(), unitTests()]);
      const failures = results.filter((result) => result.status === 'rejected').map((result) => result.reason.message);
      if (failures.length > 0) throw new Error(failures.join('; '));
    },
  ],
  // Started before the first step (host-services.mjs): Docker (installed and started if need be) and the
  // sandbox image, Verdaccio and its pre-warmed storage, Chromium for the checks and the e2e tests; then
  // docker-compose and the deployment's images, which go on building while the API tests run.
  ['Docker, the sandbox image, the registry proxy and Chromium', () => hostServices.platformReady()],
  [
    'API tests against PostgreSQL',
    () => {
      // Three files at a time: most of a file's time is spent waiting for containers, builds and servers.
      // Each file has its own database, platform and sandbox instance label, so they do not meet.
      run(process.execPath, [...jest, '-c', 'api/jest.config.js', '--selectProjects', 'integration', '--maxWorkers=3']);
      run(process.execPath, [...jest, '-c', 'api/jest.config.js', '--selectProjects', 'responsiveness', '--runInBand']);
    },
  ],
  // The deployment as operators run it: its own images (built above, cached by recipe), docker-compose up,
  // a project generated, built and previewed, then down -v. A step of its own: it tests images and the
  // compose file, not the API.
  [
    'Docker Compose deployment',
    async () => {
      await hostServices.done();
      run(process.execPath, ['--test', '--test-reporter=spec', 'deploy/test/compose.test.mjs']);
    },
  ],
  [
    'End-to-end tests in Chromium',
    () => {
      run(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts']);
    },
  ],
];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const started = Date.now();
let passed = 0;
let failed = 0;
let hostServices = null;
try {
  log('Preparing: dependencies, Prisma client, builds');
  prepare();
  // The platforms the tests start fetch what the registry proxy does not hold from this machine's registry.
  process.env.NPM_UPSTREAM_REGISTRY = upstreamRegistry();
  log('Preparing the host in the background (Docker, images, registry proxy, Chromium)');
  hostServices = prepareHostServicesInBackground();
  for (const [name, action] of steps) {
    log(`── ${name}`);
    const stepStart = Date.now();
    try {
      await action();
      passed += 1;
      log(`✓ ${name} (${((Date.now() - stepStart) / 1000).toFixed(1)} s)`);
    } catch (err) {
      failed += 1;
      log(`✗ ${name}: ${err.message}`);
      break;
    }
  }
} catch (err) {
  failed += 1;
  log(`✗ Preparing: ${err.message}`);
}
if (failed > 0) hostServices?.stop();
log(`Finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`steps: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
