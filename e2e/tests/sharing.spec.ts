import { type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { expect, test } from '../fixtures/accounts';
import { expectPreviewForward } from '../fixtures/workspace';

/** The select-to-edit source tag the sandbox's builds put on each element (protocol/src/source-tags.ts). */
const SOURCE_TAG = 'data-forge-loc';

/** Every file of a ZIP, by name. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const files = new Map<string, Buffer>();
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, archive) => {
      if (err) return reject(err);
      archive.on('error', reject);
      archive.on('end', () => resolve(files));
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (openErr, stream) => {
          if (openErr) return reject(openErr);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.readEntry();
    });
  });
}

/**
 * The owner's built preview tags its heading with where it was written: the tag names the file and the
 * line and column of its `<h1`, as the project's saved file has them.
 */
async function expectHeadingTagged(page: Page, projectName: string): Promise<void> {
  const heading = page.frameLocator('iframe[title="Live preview"]').locator('h1').first();
  await expect(heading).toHaveAttribute(SOURCE_TAG, /^src\/.+\.tsx:\d+:\d+(:\w+)?$/, { timeout: 30_000 });
  const [file, line, column] = ((await heading.getAttribute(SOURCE_TAG)) ?? '').split(':');
  const answer = await page.request.get(`/api/projects/${projectName}/file/${file}`);
  expect(answer.ok()).toBe(true);
  const source = ((await answer.json()) as { content: string }).content;
  expect(source.split('\n')[Number(line) - 1].slice(Number(column) - 1)).toMatch(/^<h1[\s>]/);
}

// Sharing end to end: publish a generated project, open it in a browser with no account, find it on
// the wall, unpublish, and the old address says it is not shared.
test('publish a generated project, open its address without an account, see it on the wall, unpublish', async ({ page, account, browser }) => {
  void account; // signs the page in; deleted after, with its project, sandbox and share
  test.setTimeout(300_000);
  const projectName = `shared-roaster-${test.info().project.name}`;
  await page.goto('/');
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByLabel('Describe your React project').fill('A landing page for a coffee roaster called "Bean There", in warm brown');
  await page.getByPlaceholder('my-react-app').fill(projectName);
  await page.getByRole('button', { name: 'Generate Project' }).click();
  await expectPreviewForward(page, 240_000);
  await expectHeadingTagged(page, projectName);

  // The tags exist in the sandbox only: not in the project's ZIP, nor in its files.
  const download = await page.request.get(`/api/projects/${projectName}/download`);
  expect(download.ok()).toBe(true);
  const zipped = await unzip(await download.body());
  expect(zipped.size).toBeGreaterThan(5);
  for (const [name, content] of zipped) {
    expect(name).not.toContain('.forge-');
    expect(content.toString('latin1')).not.toContain(SOURCE_TAG);
  }

  // Publish from the workspace (on phones, whose header has no room for it, from the project's card).
  if (test.info().project.name === 'mobile') {
    await page.goto('/projects');
    await page.getByRole('article', { name: projectName }).getByRole('button', { name: 'Share project' }).click();
  } else {
    await page.getByRole('button', { name: 'Share', exact: true }).click();
  }
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Share ${projectName}` })).toBeVisible();
  await dialog.getByLabel(/Description/).fill('Fresh beans, roasted daily.');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  const addressField = dialog.getByLabel('Share address');
  await expect(addressField).toHaveValue(/\/s\/[a-z2-7]{26}$/);
  const address = await addressField.inputValue();
  await page.keyboard.press('Escape');

  // A fresh browser without an account: the page, its files, the running app.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  expect((await visitorContext.request.get('/api/auth/me')).status()).toBe(401);
  await visitor.goto(address);
  await expect(visitor.getByRole('heading', { name: projectName, level: 1 })).toBeVisible();
  await expect(visitor.getByText('Fresh beans, roasted daily.')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Project Files' })).toBeVisible();
  await visitor.getByRole('button', { name: 'package.json' }).click();
  await expect(visitor.getByRole('heading', { name: 'package.json' })).toBeVisible();
  await expect(visitor.getByText('"scripts"').first()).toBeVisible();
  await expect(visitor.getByRole('button', { name: '.env', exact: true })).toHaveCount(0);
  const previewAddress = (await visitor.getByTestId('share-preview-address').textContent()) ?? '';
  expect(previewAddress).toMatch(/^http:\/\/[a-z2-7]{26}\.preview\.localhost:\d+\/$/);
  await expect(visitor.frameLocator('iframe[title="Shared app"]').getByText('Bean There').first()).toBeVisible({ timeout: 30_000 });

  // The public app is the owner's build without the source tags: none in its page, none in its scripts.
  const scripts: Array<Promise<string>> = [];
  visitor.on('response', (response) => {
    if (response.url().startsWith(previewAddress) && /javascript/.test(response.headers()['content-type'] ?? '')) scripts.push(response.text());
  });
  await visitor.goto(previewAddress);
  await expect(visitor.getByText('Bean There').first()).toBeVisible({ timeout: 30_000 });
  await expect(visitor.locator('h1').first()).toBeVisible();
  expect(await visitor.locator(`[${SOURCE_TAG}]`).count()).toBe(0);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of await Promise.all(scripts)) expect(script).not.toContain(SOURCE_TAG);
  // The owner's preview, the same sandbox, still has them.
  await expectHeadingTagged(page, projectName);
  // The visitor reaches neither the owner's files API nor the edit route.
  expect((await visitorContext.request.get(`/api/projects/${projectName}/tree`)).status()).toBe(401);
  expect((await visitorContext.request.post(`/api/projects/${projectName}/edit`, { data: { modificationRequest: 'x' } })).status()).toBe(401);

  // On the wall, newest first; its card opens the share page.
  await visitor.goto('/wall');
  await expect(visitor.getByRole('heading', { name: 'The Wall', level: 1 })).toBeVisible();
  const card = visitor.getByRole('article', { name: projectName });
  await expect(card).toBeVisible();
  await expect(card.getByText('Fresh beans, roasted daily.')).toBeVisible();
  // The screenshot the preview check took when the project was built, served to anyone.
  const screenshot = card.getByRole('img', { name: `Screenshot of ${projectName}` });
  await expect(screenshot).toBeVisible();
  await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await card.getByRole('link', { name: projectName }).click();
  await expect(visitor).toHaveURL(address);

  // Unpublish from My Projects, where the card says it is shared.
  await page.goto('/projects');
  const ownerCard = page.getByRole('article', { name: projectName });
  await expect(ownerCard.getByText('Shared', { exact: true })).toBeVisible();
  await ownerCard.getByRole('button', { name: 'Share project' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Project unpublished')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ownerCard.getByText('Shared', { exact: true })).toHaveCount(0);

  // The old address, the public app and the wall card are gone.
  await visitor.goto(address);
  await expect(visitor.getByRole('heading', { name: 'This project is not shared', level: 1 })).toBeVisible();
  await visitor.goto(previewAddress);
  await expect(visitor.getByRole('heading', { name: 'This project is not shared' })).toBeVisible();
  await visitor.goto('/wall');
  await expect(visitor.getByRole('heading', { name: 'The Wall', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('article', { name: projectName })).toHaveCount(0);
  await visitorContext.close();
});
