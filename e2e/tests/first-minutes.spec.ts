import type { Page } from '@playwright/test';
import { deleteAccount, expect, saveProject, test } from '../fixtures/accounts';
import { sampleProjectFiles } from '../fixtures/projects';
import { expectPreviewForward, showView } from '../fixtures/workspace';

// A new user's first ten minutes (#25 items 1 to 5): the prompt first, the result brought forward, the
// project in the address, no silent overwrite, and a phone layout that fits.

const isMobile = () => test.info().project.name === 'mobile';

/**
 * Elements of the page that reach past the viewport's sides (0.5 px of rounding allowed), described for
 * the failure message. What a scrolling box inside the viewport holds (a row of chips that scrolls
 * sideways, a long code line) is not past the screen and can be reached.
 */
async function widerThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = (box: DOMRect) => box.right > width + 0.5 || box.left < -0.5;
    const clippedInside = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        // Only a box one can scroll counts: one that hides its overflow (the app's frame does) hides what cannot be reached.
        if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return !outside(parent.getBoundingClientRect());
      }
      return false;
    };
    const out: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (outside(box) && !clippedInside(element)) {
        out.push(`${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).slice(0, 60)} [${Math.round(box.left)}, ${Math.round(box.right)}]`);
      }
    }
    const scroll = document.scrollingElement!;
    if (scroll.scrollWidth > width) out.push(`page scrolls sideways: ${scroll.scrollWidth} > ${width}`);
    if (scroll.scrollLeft !== 0 || window.scrollX !== 0) out.push(`page slid sideways by ${scroll.scrollLeft || window.scrollX}`);
    return out;
  });
}

test('the prompt typed on the home page is carried through sign-up into the generate form, which the workspace opens on', async ({ page, context }) => {
  const prompt = 'A landing page for a bakery called "Crumb" with a menu & opening hours';
  await page.goto('/');
  await page.getByPlaceholder('What do you want to build?').fill(prompt);
  await page.getByRole('button', { name: 'Start building' }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=/);

  await page.getByRole('button', { name: 'Create account' }).click();
  const recoveryKey = (await page.getByTestId('recovery-key').textContent())!.trim();
  try {
    await page.getByRole('button', { name: 'Continue' }).click();
    // No empty IDE: the generate view, with the description already in it; the address is clean again.
    await expect(page.getByRole('heading', { name: 'New Generation' })).toBeVisible();
    await expect(page.getByLabel('Describe your React project')).toHaveValue(prompt);
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(page.getByText('No file selected')).toHaveCount(0);
  } finally {
    await deleteAccount(context, recoveryKey);
  }
});

test('a taken name is said as it is typed, with a free name or an explicit replace; the API refuses it with 409', async ({ page, account }) => {
  const taken = `crumb-${test.info().project.name}`;
  await saveProject(account, taken, sampleProjectFiles);
  await page.goto('/');
  await page.getByLabel('Describe your React project').fill("A photographer's portfolio");
  await page.getByPlaceholder('my-react-app').fill(taken);

  const notice = page.getByRole('status', { name: 'Project name taken' });
  await expect(notice).toContainText(`You already have a project named ${taken}`);
  const generate = page.getByRole('button', { name: 'Generate Project' });
  await expect(generate).toBeDisabled();

  await page.getByRole('button', { name: `Replace ${taken}` }).click();
  await expect(notice).toContainText(`The new app will replace ${taken}`);
  await expect(generate).toBeEnabled();
  await page.getByRole('button', { name: `Keep ${taken}` }).click();
  await expect(generate).toBeDisabled();

  await page.getByRole('button', { name: `Use ${taken}-2` }).click();
  await expect(page.getByPlaceholder('my-react-app')).toHaveValue(`${taken}-2`);
  await expect(notice).toHaveCount(0);
  await expect(generate).toBeEnabled();

  const refused = await account.api.post('/api/jobs/start', { data: { prompt: "A photographer's portfolio", projectName: taken } });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ error: expect.stringContaining(`"${taken}"`), code: 'project.exists' });
});

test('a generation left with the tab closed is built on the server; its address reopens it on the preview, across reload and history, and a phone fits it', async ({ page, context, account }) => {
  void account;
  test.setTimeout(300_000);
  const projectName = `closed-tab-${test.info().project.name}`;
  await page.goto('/');
  await page.getByLabel('Describe your React project').fill('A landing page for a coffee roaster called "Bean There", in warm brown');
  await page.getByPlaceholder('my-react-app').fill(projectName);
  await page.getByRole('button', { name: 'Generate Project' }).click();
  // The address names the project as soon as it is being made.
  await expect(page).toHaveURL(`/?project=${projectName}`);
  await expect(page.getByText(/Job .* started/)).toBeVisible();
  await page.close();

  // Nobody follows it: the server saves it and builds it.
  await expect
    .poll(async () => ((await (await context.request.get(`/api/projects/${projectName}/preview-status`)).json()) as { isBuilt?: boolean }).isBuilt ?? false, {
      timeout: 240_000,
      intervals: [2000],
    })
    .toBe(true);

  // The link reopens it, on its preview (on a phone too), with no build of its own.
  const tab = await context.newPage();
  await tab.goto(`/?project=${projectName}`);
  await expect(tab.getByText('Project loaded').first()).toBeVisible();
  await expectPreviewForward(tab, 30_000);
  await expect(tab.frameLocator('iframe[title="Live preview"]').getByText('Bean There').first()).toBeVisible();
  await expect(tab.getByTestId('status-indicator')).not.toHaveAttribute('data-status', 'Building');

  // A reload keeps it; going home shows the prompt; back reopens the project.
  await tab.reload();
  await expect(tab).toHaveURL(`/?project=${projectName}`);
  await expectPreviewForward(tab, 30_000);
  await tab.getByRole('link', { name: 'Forge home' }).click();
  await expect(tab.getByRole('heading', { name: 'New Generation' })).toBeVisible();
  await expect(tab).toHaveURL((url) => url.search === '');
  await tab.goBack();
  await expect(tab).toHaveURL(`/?project=${projectName}`);
  await expectPreviewForward(tab, 30_000);
  await tab.goForward();
  await expect(tab.getByRole('heading', { name: 'New Generation' })).toBeVisible();
  await tab.goBack();
  await expectPreviewForward(tab, 30_000);

  // The terminal is one click away, and back.
  await showView(tab, 'Terminal');
  await expect(tab.getByText('Terminal Output')).toBeVisible();
  await showView(tab, 'Preview');

  if (!isMobile()) return;
  // At 390 px with the project open, on every view: nothing wider than the screen, nothing slid sideways.
  for (const view of ['Code', 'Terminal', 'Preview'] as const) {
    await showView(tab, view);
    expect(await widerThanViewport(tab)).toEqual([]);
  }
  // Account and sign-out are in the header's menu.
  await tab.getByRole('button', { name: 'Open menu' }).click();
  const menu = tab.getByRole('navigation', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'History' })).toBeVisible();
  expect(await widerThanViewport(tab)).toEqual([]);
  await menu.getByRole('button', { name: 'Sign out' }).click();
  await expect(tab.getByRole('heading', { name: /Describe it/ })).toBeVisible();
});
