// `npm test`: every check CI makes, in order, stopping at the first failure.
import { linkBlueprintDependencies } from './lib/blueprint-deps.mjs';
import { prepareHostServicesInBackground } from './lib/host-services.mjs';
import { upstreamRegistry } from './lib/registry.mjs';
import { reexecOnPlatformNode } from './lib/node-runtime.mjs';
import { browserNamespaceAvailable } from '../e2e/support/browser-netns.mjs';
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
    'API tests, the Docker Compose deployment and the end-to-end tests, side by side',
    async () => {
      // Most of their time is spent waiting for containers, builds, servers and pages, so they share the
      // cores. Each has its own platform, database and sandbox instance label, so they do not meet; the
      // e2e browser has a network namespace of its own, so the others' containers coming and going do not
      // abort its requests (e2e/support/browser-netns.mjs). Where it cannot have one, the e2e tests run after.
      const lanes = [
        // Three files at a time, each with its own database, platform and sandbox instance label.
        ['API tests against PostgreSQL', () => runInherited(process.execPath, [...jest, '-c', 'api/jest.config.js', '--selectProjects', 'integration', '--maxWorkers=3'])],
        // The deployment as operators run it: its own images (built in the background, cached by recipe),
        // docker-compose up, a project generated, built, checked and previewed, then down -v.
        [
          'Docker Compose deployment',
          async () => {
            await hostServices.done();
            await runHeldBack(process.execPath, ['--test', '--test-reporter=spec', 'deploy/test/compose.test.mjs']);
          },
        ],
      ];
      const endToEnd = ['End-to-end tests in Chromium', () => runHeldBack(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts'])];
      const together = browserNamespaceAvailable();
      if (together) lanes.push(endToEnd);
      await runLanes(lanes);
      if (!together) await runLanes([endToEnd]);
    },
  ],
  // Files that time the server's answers while it works: alone, once nothing else runs.
  ['API tests that time the server, alone', () => run(process.execPath, [...jest, '-c', 'api/jest.config.js', '--selectProjects', 'responsiveness', '--runInBand'])],
];

/** Runs lanes side by side, each to its end so one failure does not hide another's; says each one's time. */
async function runLanes(lanes) {
  const results = await Promise.allSettled(
    lanes.map(async ([name, lane]) => {
      const laneStart = Date.now();
      try {
        await lane();
        log(`  ✓ ${name} (${seconds(laneStart)})`);
      } catch (err) {
        log(`  ✗ ${name} (${seconds(laneStart)}): ${err.message}`);
        throw err;
      }
    }),
  );
  const failures = results.filter((result) => result.status === 'rejected').map((result) => result.reason.message);
  if (failures.length > 0) throw new Error(failures.join('; '));
}

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
