import { expect, test } from '../fixtures/admin';

const isMobile = () => test.info().project.name === 'mobile';

test.describe("operators' console", () => {
  test('an operator reaches it from the account menu and sees every sandbox', async ({ page, operator }) => {
    void operator;
    await page.goto('/');
    // A phone's header keeps the console and sign-out in its menu.
    if (isMobile()) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: "Operators' console" }).click();

    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sandboxes' })).toBeVisible();
    await expect(page.getByText(/^\d+ sandboxes? · \d+ running/)).toBeVisible();
    await expect(page.getByText('Live · every 5 s')).toBeVisible();
    // Whatever this run has built so far: the list, or the empty state when nothing has.
    await expect(page.getByRole('heading', { name: 'No sandboxes yet' }).or(page.getByRole(isMobile() ? 'list' : 'table', { name: 'Sandboxes' }))).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sandboxes' })).toBeVisible();
  });

  test('sees the Docker hosts sandboxes run on, and drains one and undrains it', async ({ page, operator }) => {
    void operator;
    test.setTimeout(90_000);
    // The other tests build on this host: it starts undrained and never stays drained.
    const undrain = async () => expect((await page.request.post('/api/admin/nodes/local/undrain')).ok()).toBe(true);
    await undrain();
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 2, name: 'Nodes' })).toBeVisible();
    await expect(page.getByText(/^1 Docker host$/)).toBeVisible();
    // A row of the table, or a card on a phone.
    const local = isMobile() ? page.getByRole('list', { name: 'Nodes' }).getByRole('article', { name: 'local' }) : page.getByRole('table', { name: 'Nodes' }).getByRole('row', { name: 'local' });
    await expect(local.getByText('Healthy')).toBeVisible();
    try {
      await local.getByRole('button', { name: 'Drain', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Drain node?' });
      await expect(dialog.getByText(/No new sandboxes go to local\./)).toBeVisible();
      await dialog.getByRole('button', { name: 'Drain', exact: true }).click();
      await expect(local.getByText('Draining')).toBeVisible();
      // The toast that says so sits over the row's button for a few seconds.
      await expect(page.getByText('Node draining')).toBeHidden({ timeout: 20_000 });
      await local.getByRole('button', { name: 'Undrain', exact: true }).click();
      await page.getByRole('dialog', { name: 'Undrain node?' }).getByRole('button', { name: 'Undrain', exact: true }).click();
      await expect(local.getByText('Draining')).toHaveCount(0);
      await expect(local.getByRole('button', { name: 'Drain', exact: true })).toBeVisible();
    } finally {
      await undrain();
    }
  });

  test('does not exist for other accounts', async ({ page, account }) => {
    void account;
    await page.goto('/');
    if (isMobile()) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('link', { name: "Operators' console" })).toHaveCount(0);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sandboxes' })).toHaveCount(0);
    expect((await page.request.get('/api/admin/sandboxes')).status()).toBe(404);
  });

  test('sends visitors to sign in first', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL('/auth?redirect=%2Fadmin');
    expect((await page.request.get('/api/admin/sandboxes')).status()).toBe(401);
  });
});
