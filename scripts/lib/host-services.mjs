// What the tests need on the host beyond Node: Docker with the sandbox image, the registry proxy's
// pre-warmed storage, Chromium, docker-compose and the compose deployment's images. On a fresh machine
// this is minutes of downloads and image builds, mostly waiting on the network and the disk, so
// `npm test` runs it in a child process of its own while the type checks, lint and unit tests use the
// cores, and waits for it before the first step that needs Docker. Its steps run one after another:
// several of them use apt, which takes one lock.
// By hand: node scripts/lib/host-services.mjs
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { ensureComposeImages } from './compose-images.mjs';
import { ensureDockerCompose } from './docker.mjs';
import { prepareRegistry } from './registry.mjs';
import { prepareSandboxes } from './sandbox-image.mjs';
import { log, root } from './setup.mjs';

export const HOST_SERVICES_LOG = join(root, 'node_modules', '.cache', 'forge-host-services.log');
/** Printed once what the API and end-to-end tests need is ready; the compose images come after it. */
const PLATFORM_READY = '[forge-host] platform services ready';

/** Each step, timed; throws naming the first that fails. */
export async function prepareHostServices() {
  const steps = [
    ['Docker and the sandbox image', () => prepareSandboxes({ required: true })],
    ['The package registry proxy', () => prepareRegistry({ required: true })],
    ['Chromium', () => ensureChromium({ required: true })],
    [
      'docker-compose and the compose images',
      async () => {
        const compose = ensureDockerCompose();
        if (!compose.ok) throw new Error(`The compose test needs docker-compose: ${compose.reason}`);
        await ensureComposeImages();
      },
    ],
  ];
  for (const [name, action] of steps) {
    const started = Date.now();
    try {
      await action();
    } catch (err) {
      throw new Error(`${name}: ${err.message}`, { cause: err });
    }
    log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (name === 'Chromium') console.log(PLATFORM_READY);
  }
}

/**
 * Starts the preparation in a child process writing to HOST_SERVICES_LOG. `platformReady()` resolves
 * once Docker, the sandbox image, the registry proxy and Chromium are ready (the compose images are
 * still building then); `done()` once everything is. Both reject when the preparation failed, and
 * print its log.
 */
export function prepareHostServicesInBackground() {
  mkdirSync(dirname(HOST_SERVICES_LOG), { recursive: true });
  // Straight to the file: the steps of npm test run synchronously, and a pipe nobody reads while they do would stall the child.
  const fd = openSync(HOST_SERVICES_LOG, 'w');
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { cwd: root, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  let status = null;
  const finished = new Promise((resolveExit) => child.on('close', (code, signal) => resolveExit((status = code ?? signal))));
  let printed = 0;
  const printLog = () => {
    const output = readFileSync(HOST_SERVICES_LOG, 'utf8');
    process.stdout.write(output.slice(printed));
    printed = output.length;
  };
  const failure = () => {
    printLog();
    return new Error(`preparing the host failed; its log: ${HOST_SERVICES_LOG}`);
  };
  return {
    platformReady: async () => {
      while (status === null && !readFileSync(HOST_SERVICES_LOG, 'utf8').includes(PLATFORM_READY)) await new Promise((wake) => setTimeout(wake, 500));
      if (status !== null && status !== 0) throw failure();
      printLog();
    },
    done: async () => {
      if ((await finished) !== 0) throw failure();
      printLog();
    },
    stop: () => child.kill('SIGTERM'),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await prepareHostServices();
  } catch (err) {
    console.error(`✗ ${err.message}`);
    process.exit(1);
  }
}
