// `npm test`: every check CI makes, in order, stopping at the first failure.
import { linkBlueprintDependencies } from './lib/blueprint-deps.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureDockerCompose } from './lib/docker.mjs';
import { prepareRegistry } from './lib/registry.mjs';
import { prepareSandboxes } from './lib/sandbox-image.mjs';
import { reexecOnPlatformNode } from './lib/node-runtime.mjs';
import { log, prepare, run } from './lib/setup.mjs';

// Everything below (jest, the platform processes tests start, Playwright) runs on the platform's Node.
reexecOnPlatformNode(import.meta.url);

const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--ci'];

const steps = [
  [
    'Type checks',
    async () => {
      for (const project of ['protocol', 'api', 'web', 'e2e']) run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project]);
      // The v2 template and the starter blueprints, against the template's pinned packages.
      await linkBlueprintDependencies();
      run(process.execPath, ['node_modules/typescript/bin/tsc', '-b', 'api/blueprints']);
    },
  ],
  [
    'Lint and formatting',
    () => {
      run(process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings=0', '.']);
      run(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level=warn', '.']);
    },
  ],
  [
    'Unit tests',
    () => {
      run(process.execPath, [...jest, '-c', 'protocol/jest.config.js']);
      run(process.execPath, [...jest, '-c', 'api/jest.config.js', '--selectProjects', 'unit']);
      run(process.execPath, [...jest, '-c', 'web/jest.config.js']);
    },
  ],
  // Builds and previews run in containers: Docker (installed and started if need be) and the sandbox image.
  ['Docker and the sandbox image', () => prepareSandboxes({ required: true })],
  // Installs in sandboxes go through it: Verdaccio installed and its storage pre-warmed (both cached by recipe).
  ['The package registry proxy', () => prepareRegistry({ required: true })],
  // The API's preview checks open built previews in it; the end-to-end tests drive it.
  ['Chromium', () => ensureChromium({ required: true })],
  ['API tests against PostgreSQL', () => run(process.execPath, [...jest, '-c', 'api/jest.config.js', '--selectProjects', 'integration', '--runInBand'])],
  // The deployment as operators run it: its own images (built offline, cached by recipe), docker-compose up,
  // a project generated, built and previewed, then down -v. A step of its own: it tests images and the
  // compose file, not the API, and needs docker-compose (installed here when missing).
  [
    'Docker Compose deployment',
    () => {
      const compose = ensureDockerCompose();
      if (!compose.ok) throw new Error(`The compose test needs docker-compose: ${compose.reason}`);
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

const started = Date.now();
let passed = 0;
let failed = 0;
try {
  log('Preparing: dependencies, Prisma client, builds');
  prepare();
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
log(`Finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`steps: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
