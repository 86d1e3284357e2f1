// Select-to-edit (#26): in Chromium, from the click on an element of the preview in select mode to
// the workspace's edit box showing that element's target. Runs the built platform (api/dist, with the
// built workspace) and a small app whose page carries the source tags, against the real Docker engine.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../lib/chromium.mjs';

/* global window, document, MutationObserver, requestAnimationFrame -- these functions run in the browser */

const root = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.BENCH_SELECT_PORT ?? 3396);
// The workspace's own origin (PUBLIC_URL's default): the preview's reporter posts to it and no other.
const base = `http://localhost:${PORT}`;
const PICKS = 20;
const PROJECT = 'select-bench';
const ms = (value) => `${Math.round(value)} ms`;
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** A page served by a small Node server (nothing to install), tagged as the platform's plugin tags JSX. */
const PAGE = `<!doctype html><html><head><title>Select bench</title></head><body>
<main data-forge-loc="src/App.tsx:5:5:App" style="font-family:sans-serif;padding:40px">
<h1 data-forge-loc="src/components/Hero.tsx:12:7:Hero">Bean There roasts every morning</h1>
<p data-forge-loc="src/components/Hero.tsx:13:7:Hero">Seasonal single origins.</p>
</main></body></html>`;
const FILES = {
  'package.json': JSON.stringify({ name: 'select-bench', private: true, type: 'module', scripts: { build: 'node -e "0"', start: 'node server.mjs' } }),
  'server.mjs': `import { createServer } from 'node:http';\ncreateServer((req, res) => { res.setHeader('Content-Type', 'text/html'); res.end(${JSON.stringify(PAGE)}); }).listen(Number(process.env.PORT), '0.0.0.0');\n`,
  'src/components/Hero.tsx': 'export function Hero() {\n  return null;\n}\n',
};

async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function benchSelect() {
  try {
    execFileSync('docker', ['version'], { stdio: 'ignore' });
  } catch {
    return [['Select → edit box open with its target', 'skipped: Docker is not running', '', false]];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'forge-bench-select-'));
  const server = spawn(process.execPath, [join(root, 'api/dist/main.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LLM_PROVIDER: 'offline', DATABASE_URL: '', PUBLIC_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  let signedUp = false;
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 120_000, 'the platform');
    if (!(await context.request.post(`${base}/api/auth/signup`)).ok()) throw new Error('could not sign up');
    signedUp = true;
    const saved = await context.request.post(`${base}/api/projects/save`, { data: { projectName: PROJECT, files: FILES } });
    if (!saved.ok()) throw new Error(`could not save the project: ${await saved.text()}`);
    const built = await (await context.request.post(`${base}/api/projects/${PROJECT}/build`, { timeout: 180_000 })).text();
    const previewUrl = /"previewUrl":"([^"]+)"/.exec(built)?.[1];
    if (!previewUrl) throw new Error(`the build failed: ${built.slice(-500)}`);

    const page = await context.newPage();
    await page.goto(`${base}/?project=${PROJECT}`);
    await page.getByRole('tab', { name: 'Preview', exact: true }).click({ timeout: 60_000 });
    await page.getByText('Live Preview').waitFor({ timeout: 60_000 });
    const frame = await (async () => {
      await waitFor(async () => page.frames().some((f) => f.url().startsWith(previewUrl)), 30_000, 'the preview frame');
      return page.frames().find((f) => f.url().startsWith(previewUrl));
    })();
    await frame.locator('h1').waitFor();
    // Both clocks read as epoch milliseconds: the frame's and the workspace's performance clocks share the process's.
    // The click is recorded by a capturing listener added before the reporter's (which it re-adds at each select mode).
    await frame.evaluate(() => window.addEventListener('click', () => (window.__clickedAt = performance.timeOrigin + performance.now()), true));
    const toggle = page.getByRole('button', { name: 'Select', exact: true });
    const times = [];
    for (let i = 0; i < PICKS; i++) {
      await toggle.click();
      await frame.locator('[data-forge-select-outline]').waitFor({ state: 'attached' });
      const shown = page.evaluate(
        () =>
          new Promise((resolve) => {
            const observer = new MutationObserver(() => {
              if (!document.querySelector('[data-testid="edit-target"]')) return;
              observer.disconnect();
              // Shown: the frame after the box is in the page.
              requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
            });
            observer.observe(document.body, { childList: true, subtree: true });
          }),
      );
      await frame.locator('h1').click();
      const shownAt = await shown;
      times.push(shownAt - (await frame.evaluate(() => window.__clickedAt)));
      if (!(await page.getByTestId('edit-target').textContent()).includes('src/components/Hero.tsx:12')) throw new Error('the edit box shows another target');
      await page.getByRole('button', { name: 'Stop editing this element' }).click();
    }
    const p50 = percentile(times, 50);
    return [
      [`Select → edit box open with its target (Chromium, click to box shown, p50 of ${PICKS})`, ms(p50), '≤ 100 ms', p50 <= 100],
      ['  same, slowest', ms(Math.max(...times)), '', true],
    ];
  } finally {
    if (signedUp) await context.request.delete(`${base}/api/auth/me`).catch(() => undefined);
    await browser.close();
    server.kill('SIGINT');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
