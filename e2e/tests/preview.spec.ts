import { expect, test } from '../fixtures/accounts';

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

  // The build streams into the terminal after the files are saved.
  await expect(page.getByText(/✅ Project saved: \d+ files/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/📁 Copied \d+ files into the sandbox/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/✅ Build successful/)).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText('🎉 Build successful. The preview is live.')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('tab', { name: 'Preview', exact: true }).click();
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
