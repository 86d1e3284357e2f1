import { deleteAccount, expect, test } from '../fixtures/accounts';

test('sign up shows the recovery key once, then sign out and sign back in with it', async ({ page, context }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start for Free' }).first().click();
  await expect(page).toHaveURL(/\/auth/);

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  const recoveryKey = (await page.getByTestId('recovery-key').textContent())!.trim();
  expect(recoveryKey).toMatch(/^fk_[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(page.getByText(/keep it safe|only way/i).first()).toBeVisible();

  try {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('tablist', { name: 'Workspace views' }).first()).toBeVisible();

    // A phone's header keeps the account and sign-out in its menu.
    if (test.info().project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: /Describe it/ })).toBeVisible();

    await page.goto('/auth');
    await page.getByLabel('Recovery key').fill('fk_' + 'x'.repeat(32));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid recovery key');

    await page.getByLabel('Recovery key').fill(recoveryKey);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('tablist', { name: 'Workspace views' }).first()).toBeVisible();
  } finally {
    await deleteAccount(context, recoveryKey);
  }
});

test('pages that need an account send visitors to sign in', async ({ page }) => {
  for (const path of ['/projects', '/info', '/project/anything']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  }
});

test('another account cannot open my project', async ({ browser, page, context }) => {
  const { createAccount, saveProject } = await import('../fixtures/accounts');
  const owner = await createAccount(context);
  await saveProject(owner, 'secret-plans', { 'README.md': '# Secret\n' });
  const other = await browser.newContext();
  try {
    const intruder = await createAccount(other);
    const intruderPage = await other.newPage();
    await intruderPage.goto('/project/secret-plans');
    await expect(intruderPage.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    expect((await intruder.api.get('/api/projects/secret-plans/tree')).status()).toBe(404);
    await deleteAccount(other, intruder.recoveryKey);
  } finally {
    await other.close();
    await page.close();
    await deleteAccount(context, owner.recoveryKey);
  }
});
