import { type Page } from '@playwright/test';
import { type Account, expect, test } from '../fixtures/accounts';
import { expectPreviewForward, showView } from '../fixtures/workspace';

const PROMPT = 'A landing page for a coffee roaster called "Bean There", in warm brown';
const OLD_HEADING = 'Seasonal coffee, good food and a table that is always yours.';
const NEW_HEADING = 'Fresh beans, roasted daily';

const isMobile = () => test.info().project.name === 'mobile';

/** Generates the reference project through the API with the offline agent, and waits until it is saved. */
async function generate(account: Account, projectName: string): Promise<void> {
  const start = await account.api.post('/api/jobs/start', { data: { prompt: PROMPT, projectName } });
  expect(start.status(), await start.text()).toBe(201);
  const { jobId } = (await start.json()) as { jobId: string };
  const stream = await account.api.get(`/api/jobs/${jobId}/stream`, { timeout: 120_000 });
  expect(await stream.text()).toContain('"status":"completed"');
}

async function showFile(page: Page, path: string): Promise<void> {
  if (isMobile()) await page.getByRole('button', { name: 'File Tree' }).click();
  await page.locator(`button[title="${path}"]`).click();
}

async function previewHeading(page: Page) {
  await page.getByRole('tab', { name: 'Preview', exact: true }).click();
  await expect(page.getByText('Live Preview')).toBeVisible({ timeout: 30_000 });
  return page.frameLocator('iframe[title="Live preview"]').getByRole('heading', { level: 1 });
}

test('edit a heading with the offline agent, see it in the code and the preview, then restore the version before', async ({ page, account }) => {
  test.setTimeout(300_000);
  const projectName = `edited-${test.info().project.name}`;
  await generate(account, projectName);

  // Open it from My Projects: the server built it after its generation (or is building it), and its preview comes forward.
  await page.goto('/projects');
  await page.getByRole('article', { name: projectName }).getByRole('button', { name: 'Open Project' }).click();
  await expectPreviewForward(page, 180_000);
  await expect(await previewHeading(page)).toHaveText(OLD_HEADING);

  // The edit box under the views: the offline agent changes the heading where its text is written.
  await page.getByLabel(`Describe a change to ${projectName}`).fill(`Change the heading to "${NEW_HEADING}"`);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  // Once applied, the updated preview comes forward; the terminal, one click away, says what changed.
  await expect(page.getByText('Project updated').first()).toBeVisible({ timeout: 120_000 });
  await expectPreviewForward(page, 30_000);
  await showView(page, 'Terminal');
  await expect(page.getByText(`✏️ src/content.ts:`).first()).toBeVisible();
  await expect(page.getByText(/✅ Changes applied \(1 file changed \(src\/content\.ts\)\); the preview is up to date\./)).toBeVisible();

  await showFile(page, 'src/content.ts');
  await expect(page.getByText(`headline: '${NEW_HEADING}'`)).toBeVisible();
  await expect(await previewHeading(page)).toHaveText(NEW_HEADING, { timeout: 30_000 });

  // History: the edit is the current version; restore the generated one before it (a phone's is in the header menu).
  if (isMobile()) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'History' }).click();
  const versions = page.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('button')).toHaveCount(2);
  await expect(versions.getByRole('button').first()).toContainText(`Change the heading to "${NEW_HEADING}"`);
  await expect(versions.getByRole('button').first()).toContainText('src/content.ts');
  await versions.getByRole('button').nth(1).click();
  await expect(page.getByLabel('Diff')).toContainText('diff --git a/src/App.tsx b/src/App.tsx');
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Restore this version?' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Restore this version?' }).getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(page.getByText('Version restored').first()).toBeVisible({ timeout: 30_000 });

  // The restored file in the code view, then the rebuilt preview.
  await showFile(page, 'src/content.ts');
  await expect(page.getByText(`headline: '${OLD_HEADING}'`)).toBeVisible();
  await expect(await previewHeading(page)).toHaveText(OLD_HEADING, { timeout: 120_000 });
});
