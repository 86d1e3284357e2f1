import { expect, test } from '../fixtures/accounts';
import { expectPreviewForward, showView } from '../fixtures/workspace';

// The generation flow end to end: generate, save, build in a sandbox, preview.
test('generate with the offline agent, watch the build, see the app in the preview frame and in a new tab', async ({ page, context, account }) => {
  void account; // signs the page in; deleted after, with its project and sandbox
  test.setTimeout(240_000);
  const projectName = `roaster-${test.info().project.name}`;
  await page.goto('/');
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByLabel('Describe your React project').fill('A landing page for a coffee roaster called "Bean There", in warm brown');
  await page.getByPlaceholder('my-react-app').fill(projectName);
  await page.getByRole('button', { name: 'Generate Project' }).click();

  // The build streams into the terminal after the files are saved; the live preview then comes forward.
  await expect(page.getByText(/✅ Project saved: \d+ files/)).toBeVisible({ timeout: 90_000 });
  await expectPreviewForward(page, 180_000);
  // The terminal is one click away, with the whole build.
  await showView(page, 'Terminal');
  await expect(page.getByText(/📁 Copied \d+ files into the sandbox/)).toBeVisible();
  await expect(page.getByText(/✅ Build successful/)).toBeVisible();
  await expect(page.getByText('🎉 Build successful. The preview is live.')).toBeVisible();

  await showView(page, 'Preview');
  const address = await page.getByTestId('preview-address').textContent();
  expect(address).toMatch(/^http:\/\/[a-z2-7]{20}\.preview\.localhost:\d+\/$/);
  await expect(page.getByText('Live Preview')).toBeVisible({ timeout: 20_000 });
  await expect(page.frameLocator('iframe[title="Live preview"]').getByText('Bean There').first()).toBeVisible();

  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Open preview in new tab' }).click()]);
  await tab.waitForLoadState();
  expect(tab.url()).toBe(address);
  await expect(tab.getByText('Bean There').first()).toBeVisible();
  await tab.close();
});
