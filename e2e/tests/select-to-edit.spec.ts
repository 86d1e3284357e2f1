import { type Account, expect, test } from '../fixtures/accounts';
import { HERO_FILE, HERO_HEADING, HERO_HEADING_LINE, openHeroApp } from '../fixtures/hero-app';
import { expectPreviewForward } from '../fixtures/workspace';

// Select mode: the preview outlines the element under the pointer; a click (a tap on a phone) aims
// the edit box at the element's source, and the request goes to the edit with that target. The source
// tags are the platform's tagging plugin's, in the sandbox's build of an app whose files carry none.

const isMobile = () => test.info().project.name === 'mobile';

/** A selection as the reporter posts it, forged. */
const FORGED = {
  source: 'forge-preview',
  type: 'element-selected',
  element: { target: { file: 'src/App.tsx', line: 5, column: 5 }, tagName: 'main', component: 'App', text: 'forged' },
};

async function fileLines(account: Account, projectName: string, path: string): Promise<string[]> {
  const res = await account.api.get(`/api/projects/${projectName}/file/${path}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { content: string }).content.split('\n');
}

test('select the heading in the preview, ask "Make this say Hello": the offline agent changes that element at its file and line; forged selections open nothing', async ({ page, account }) => {
  test.setTimeout(300_000);
  const projectName = `select-${test.info().project.name}`;
  const preview = await openHeroApp(page, account, projectName);
  const heading = preview.getByRole('heading', { name: HERO_HEADING });
  const selectToggle = page.getByRole('button', { name: 'Select', exact: true });
  const target = page.getByTestId('edit-target');

  // Forgeries: the workspace's own window, and a page of another origin framed in it, post a selection.
  await page.evaluate((data) => window.postMessage(data, '*'), FORGED);
  await page.evaluate((data) => {
    const frame = document.createElement('iframe');
    frame.title = 'forger';
    frame.src = `data:text/html,${encodeURIComponent(`<script>parent.postMessage(${JSON.stringify(data)}, "*"); document.title = "posted";</script>`)}`;
    document.body.append(frame);
  }, FORGED);
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame.url().startsWith('data:'))
        ?.title(),
    )
    .toBe('posted');
  // Both messages were delivered by now (a posted message is the next task); give the workspace a moment anyway.
  await page.waitForTimeout(200);
  await expect(target).toHaveCount(0);

  // Select mode: a link is picked, not followed.
  await selectToggle.click();
  await expect(selectToggle).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('select-hint')).toBeVisible();
  const link = preview.getByRole('link', { name: 'Visit the shop' });
  if (isMobile()) await link.tap();
  else await link.click();
  await expect(target).toHaveText(`Editing <a> in ${HERO_FILE}:7 · Hero`);
  await expect(selectToggle).toHaveAttribute('aria-pressed', 'false');
  await expect(heading).toBeVisible();

  // Again, the heading: hovering outlines it with its component's name (a phone has no hover).
  await selectToggle.click();
  if (!isMobile()) {
    await heading.hover();
    await expect(preview.locator('[data-forge-select-outline]')).toHaveText('Hero · h1');
  }
  await page.screenshot({ path: test.info().outputPath('select-mode.png') });
  if (isMobile()) await heading.tap();
  else await heading.click();
  await expect(target).toHaveText(`Editing <h1> in ${HERO_FILE}:${HERO_HEADING_LINE} · Hero`);
  await expect(preview.locator('[data-forge-select-outline]')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('edit-box.png') });

  // Dismissed, then picked again with the Select toggle.
  await page.getByRole('button', { name: 'Stop editing this element' }).click();
  await expect(target).toHaveCount(0);
  await selectToggle.click();
  if (isMobile()) await heading.tap();
  else await heading.click();
  await expect(target).toContainText(`${HERO_FILE}:${HERO_HEADING_LINE}`);

  const before = await fileLines(account, projectName, HERO_FILE);
  await page.getByLabel(`Describe a change to ${projectName}`).fill('Make this say Hello');
  const [request] = await Promise.all([
    page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith(`/api/projects/${projectName}/edit`)),
    page.getByRole('button', { name: 'Apply', exact: true }).click(),
  ]);
  expect(request.postDataJSON()).toEqual({ modificationRequest: 'Make this say Hello', target: { file: HERO_FILE, line: HERO_HEADING_LINE, column: 7 } });
  await expect(page.getByText('Project updated').first()).toBeVisible({ timeout: 120_000 });

  // The element's own line changed, and nothing else.
  const after = await fileLines(account, projectName, HERO_FILE);
  expect(after[HERO_HEADING_LINE - 1]).toBe(before[HERO_HEADING_LINE - 1]!.replace(`>${HERO_HEADING}</h1>`, '>Hello</h1>'));
  expect(after.filter((line, index) => line !== before[index])).toHaveLength(1);
  await expect(target).toHaveCount(0);
  await expectPreviewForward(page, 60_000);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText('Hello', { timeout: 30_000 });
});
