import { expect, saveProject, test } from '../fixtures/accounts';
import { buildPreview, nodeServerProject } from '../fixtures/hostile-previews';
import { closeToasts, expectPreviewForward } from '../fixtures/workspace';

// Errors a person meets in the preview reach the workspace (the proxy injects a reporter into the
// page), and only from the preview itself: nothing another origin posts is shown.
test('an error thrown by a click in the preview shows under it, and its button asks the agent to fix it; other origins cannot post one', async ({ page, account }) => {
  test.setTimeout(240_000);
  const suffix = test.info().project.name;
  const projectName = `clicky-${suffix}`;
  await saveProject(
    account,
    projectName,
    nodeServerProject(`
  res.setHeader('Content-Type', 'text/html');
  res.end('<!doctype html><html><head><title>Clicky</title></head><body><h1>Clicky</h1><button id="break">Add to cart</button>' +
    '<script>document.getElementById("break").addEventListener("click", () => { const cart = undefined; cart.items.push(1); });</script></body></html>');`),
  );
  // A page on another preview's origin that posts a report of the same shape to whoever frames it.
  const forger = await buildPreview(
    account,
    `forger-${suffix}`,
    nodeServerProject(`
  res.setHeader('Content-Type', 'text/html');
  res.end('<title>forger</title><p>Forging</p><script>parent.postMessage({ source: "forge-preview", type: "runtime-error", error: { message: "Forged error", file: null, line: null, stack: null } }, "*"); document.title = "posted";</script>');`),
  );

  await page.goto('/projects');
  await page.getByRole('article', { name: projectName }).getByRole('button', { name: 'Open Project' }).click();
  await expectPreviewForward(page, 120_000);
  // On a phone the "Project loaded" notification covers the view tabs: close it.
  await closeToasts(page);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Preview', exact: true }).click();
  await expect(page.getByText('Live Preview')).toBeVisible({ timeout: 30_000 });
  const preview = page.frameLocator('iframe[title="Live preview"]');
  await expect(preview.getByRole('heading', { name: 'Clicky' })).toBeVisible();

  // Forgeries: the workspace's own origin, and a frame of another origin.
  await page.evaluate(() => window.postMessage({ source: 'forge-preview', type: 'runtime-error', error: { message: 'Forged error', file: null, line: null, stack: null } }, '*'));
  await page.evaluate((url) => {
    const frame = document.createElement('iframe');
    frame.src = url;
    frame.title = 'forger';
    document.body.append(frame);
  }, forger);
  await expect(page.frameLocator('iframe[title="forger"]').locator('html')).toBeAttached();
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame.url().startsWith(forger))
        ?.title(),
    )
    .toBe('posted');

  // The real error, from a click in the preview.
  await preview.getByRole('button', { name: 'Add to cart' }).click();
  const errors = page.getByRole('region', { name: 'Errors in the preview' });
  await expect(errors.getByTestId('preview-error-message')).toHaveText(/TypeError: Cannot read properties of undefined \(reading 'items'\)/);
  await expect(errors.getByText('Forged error')).toHaveCount(0);

  const [fix] = await Promise.all([
    page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/api/projects/${projectName}/fix`)),
    errors.getByRole('button', { name: 'Fix with the agent' }).click(),
  ]);
  expect(fix.postDataJSON()).toMatchObject({ error: { message: expect.stringContaining("reading 'items'") } });
  await expect(page.getByText(/🔧 Asking the agent to fix: TypeError: Cannot read properties of undefined/)).toBeVisible();
  // These tests run the offline agent: the platform says why it cannot fix code, in the terminal.
  await expect(page.getByText(/Automatic fixes need a language model/)).toBeVisible({ timeout: 30_000 });
});
