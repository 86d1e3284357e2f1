import { createAccount, deleteAccount, saveProject } from '../fixtures/accounts';
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
      // The run's one host is the last that takes work: the dialog says what draining it stops.
      const dialog = page.getByRole('dialog', { name: 'Drain the last node?' });
      await expect(dialog.getByText(/local is the last node taking work\. Once it is drained, no new project builds/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Drain anyway', exact: true }).click();
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

  test('shows the queue and health first, with the metrics link, and node figures that read as words', async ({ page, operator }) => {
    void operator;
    await page.goto('/admin');
    const figures = page.getByRole('region', { name: 'Queue and health' });
    for (const label of ['Builds queued', 'Builds running', 'Generations running', 'Nodes taking work']) await expect(figures.getByText(label, { exact: true })).toBeVisible();
    await expect(figures.getByText(/^\d+ of 1$/)).toBeVisible();
    await expect(figures.getByRole('link', { name: /Metrics for operators/ })).toHaveAttribute('href', '/metrics');
    const local = isMobile() ? page.getByRole('list', { name: 'Nodes' }).getByRole('article', { name: 'local' }) : page.getByRole('table', { name: 'Nodes' }).getByRole('row', { name: 'local' });
    // Free CPU reads "n / capacity", or says the host is overcommitted: never a bare negative figure.
    await expect(local.getByText(/^(\d+(\.\d+)? \/ \d+(\.\d+)?|Overcommitted by [\d.]+ of [\d.]+)$/)).toBeVisible();
    await expect(local.getByText(/^-\d/)).toHaveCount(0);
    // The page holds at this size: nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`console-${test.info().project.name}.png`), fullPage: true });

    // With no node taking work, the banner says so at the top, and why.
    const undrain = async () => expect((await page.request.post('/api/admin/nodes/local/undrain')).ok()).toBe(true);
    try {
      expect((await page.request.post('/api/admin/nodes/local/drain', { data: { confirmLastNode: true, reason: 'e2e: the banner' } })).ok()).toBe(true);
      const banner = page.getByRole('alert', { name: 'Node warnings' });
      await expect(banner.getByText(/^No node takes work: new builds and stopped previews fail/)).toBeVisible();
      await expect(banner.getByText('Why: Every node is draining.')).toBeVisible();
      await expect(figures.getByText('0 of 1')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: test.info().outputPath(`console-banner-${test.info().project.name}.png`) });
    } finally {
      await undrain();
    }
    await expect(page.getByRole('alert', { name: 'Node warnings' })).toHaveCount(0);
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

test.describe("operators' console: accounts, grants and the audit trail", () => {
  test('finds an account by its key hint, copies its id, grants with confirmation and sees the entry in the audit trail', async ({ page, context, operator, browser }) => {
    void operator;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const otherContext = await browser.newContext();
    const other = await createAccount(otherContext);
    try {
      const hint = other.recoveryKey.slice(0, 7);
      await page.goto('/admin');
      await page.getByRole('searchbox', { name: 'Search accounts' }).fill(hint);
      const found = page.getByRole('list', { name: 'Accounts found' }).getByRole('article', { name: hint });
      await expect(found.getByText(other.userId)).toBeVisible();
      await expect(found.getByText('$10.00')).toBeVisible();

      await found.getByRole('button', { name: `Copy the account id of ${hint}` }).click();
      await expect(found.getByRole('button', { name: 'Account id copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(other.userId);

      const grant = page.getByRole('region', { name: 'Grant credits' });
      await grant.getByLabel('Account id').fill(await page.evaluate(() => navigator.clipboard.readText()));
      await grant.getByLabel('Amount (USD)').fill('250');
      await grant.getByLabel('Reason (shown to the account)').fill(`Pilot customer ${test.info().project.name}`);
      await grant.getByRole('button', { name: 'Grant', exact: true }).click();
      // Above the confirmation threshold: nothing is granted until the operator confirms the amount written out.
      const confirm = page.getByRole('dialog', { name: 'Confirm the grant' });
      await expect(confirm.getByText(/Grant \$250\.00 to this account\?/)).toBeVisible();
      await confirm.getByRole('button', { name: 'Grant $250.00' }).click();
      await expect(page.getByText('Granted $250.00', { exact: true })).toBeVisible();

      const trail = page.getByRole('list', { name: 'Audit trail' });
      const entry = trail.getByRole('listitem').filter({ hasText: `Granted $250.00 to account ${other.userId}` });
      await entry.scrollIntoViewIfNeeded();
      await expect(entry).toBeVisible();
      await expect(entry).toContainText(`Reason: Pilot customer ${test.info().project.name}`);
    } finally {
      await deleteAccount(otherContext, other.recoveryKey);
      await otherContext.close();
    }
  });
});

test.describe("operators' console: running work", () => {
  test('lists a running build and cancels it with a reason its owner reads', async ({ page, operator, browser }) => {
    void operator;
    test.setTimeout(120_000);
    const ownerContext = await browser.newContext();
    const owner = await createAccount(ownerContext);
    const projectName = `slow-build-${test.info().project.name}-${Date.now().toString(36)}`;
    const reason = `Runaway build ${test.info().project.name}`;
    try {
      // A build that runs for minutes unless stopped.
      await saveProject(owner, projectName, {
        'package.json': JSON.stringify({ name: 'slow', private: true, scripts: { build: 'bash build.sh' } }),
        'build.sh': 'for i in $(seq 1 300); do echo "still building $i"; sleep 1; done\n',
      });
      const build = owner.api.post(`/api/projects/${projectName}/build`, { timeout: 110_000 });

      await page.goto('/admin');
      const section = page.getByRole('region', { name: 'Running work' });
      const row = section.getByRole('listitem', { name: `Build of ${projectName}` });
      await row.scrollIntoViewIfNeeded();
      await expect(row).toBeVisible({ timeout: 30_000 });
      await expect(row).toContainText(owner.userId);
      await row.getByRole('button', { name: 'Cancel' }).click();

      const dialog = page.getByRole('dialog', { name: `Cancel the build of "${projectName}"?` });
      await expect(dialog.getByRole('button', { name: 'Cancel it' })).toBeDisabled();
      await dialog.getByLabel('Reason (shown to the owner)').fill(reason);
      await dialog.getByRole('button', { name: 'Cancel it' }).click();
      await expect(page.getByText('Work cancelled', { exact: true })).toBeVisible({ timeout: 30_000 });
      // A build still winding down when the cancel answers leaves the list at the console's next refresh (every 5 s).
      await expect(row).toHaveCount(0, { timeout: 30_000 });

      // The owner's build stream says who stopped it and why, not that it ran out of memory.
      const stream = await (await build).text();
      expect(stream).toContain(`The build was stopped by an operator: ${reason}`);
      expect(stream).not.toContain('out of memory');

      const entry = page
        .getByRole('list', { name: 'Audit trail' })
        .getByRole('listitem')
        .filter({ hasText: `Cancelled the build of project "${projectName}"` });
      await entry.scrollIntoViewIfNeeded();
      await expect(entry).toContainText(`Reason: ${reason}`);
    } finally {
      await deleteAccount(ownerContext, owner.recoveryKey);
      await ownerContext.close();
    }
  });
});
