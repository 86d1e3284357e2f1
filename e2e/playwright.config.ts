import { defineConfig, devices } from '@playwright/test';
import { browserNamespaceAvailable, namespacedLaunch } from './support/browser-netns.mjs';

const port = Number(process.env.E2E_PORT ?? 3217);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Where it can (root, as CI runs), the browser has a network namespace of its own, so that containers
// coming and going on the host do not abort its requests (support/browser-netns.mjs).
const browser = browserNamespaceAvailable() ? namespacedLaunch(chromiumPath, port) : { executablePath: chromiumPath };

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // One test at a time: tests that build start and remove Docker containers, which changes the host's
  // network interfaces, and Chromium aborts whatever requests are in flight then (ERR_NETWORK_CHANGED).
  workers: 1,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { outputFolder: './.artifacts/report', open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...browser,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } },
    // At phone size, the specs whose screens change there (layout, navigation, the workspace's views and the
    // console); the server-side flows of the others are the same at any size and run once, on the desktop.
    {
      name: 'mobile',
      testMatch: /\/(pages|admin|generation|edits|first-minutes|select-to-edit)\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
    },
  ],
  webServer: {
    // The Node this run is on: npm test runs it on the platform's (22.12 or newer).
    command: `"${process.execPath}" e2e/server.mjs`,
    cwd: '..',
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
