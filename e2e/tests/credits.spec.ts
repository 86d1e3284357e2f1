import { createAccount, deleteAccount } from '../fixtures/accounts';
import { expect, test } from '../fixtures/admin';

test('a new account sees its $10.00 welcome credit, generates with the free offline agent for $0.00, and finds the ledger on /account', async ({ page, account }) => {
  test.setTimeout(120_000);
  const projectName = `priced-${test.info().project.name}`;
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Credits: $10.00' })).toBeVisible();

  await page.getByRole('button', { name: 'New' }).click();
  await page.getByLabel('Describe your React project').fill('A landing page for a bakery called "Crumb"');
  await page.getByPlaceholder('my-react-app').fill(projectName);
  await page.getByRole('button', { name: 'Generate Project' }).click();
  // The job's log says what it cost: the offline agent is free.
  await expect(page.getByText(/💰 Cost: \$0\.00, the offline agent is free/).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/✅ Project saved: \d+ files/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Credits: $10.00' })).toBeVisible();

  await page.getByRole('link', { name: 'Credits: $10.00' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account' })).toBeVisible();
  await expect(page.getByTestId('account-balance')).toHaveText('$10.00');
  const ledger = page.getByRole('list', { name: 'Credit ledger' });
  await expect(ledger.getByRole('listitem')).toHaveCount(1);
  await expect(ledger.getByRole('listitem').first()).toContainText('Welcome credit');
  await expect(ledger.getByRole('listitem').first()).toContainText('+$10.00');
  await expect(page.getByText('No model calls charged yet.')).toBeVisible();
  await expect(page.getByText(account.userId)).toBeVisible();

  // This server has no deposit address configured: the top-up page says so instead of offering one.
  await page.getByRole('link', { name: 'Top up with USDC' }).click();
  await expect(page).toHaveURL(/\/topup$/);
  await expect(page.getByRole('status').filter({ hasText: 'USDC top-ups are off on this server' })).toBeVisible();
  await expect(page.getByLabel('Deposit address')).toHaveCount(0);
});

test('an operator grants credits from the console and the account sees the grant in its ledger', async ({ page, browser, operator }) => {
  expect(operator.id).not.toBe('');
  const otherContext = await browser.newContext();
  const other = await createAccount(otherContext);
  try {
    await page.goto('/admin');
    const grant = page.getByRole('region', { name: 'Grant credits' });
    await grant.getByLabel('Account id').fill(other.userId);
    await grant.getByLabel('Amount (USD)').fill('2.50');
    await grant.getByLabel('Reason (shown to the account)').fill('Workshop attendee');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(page.getByText('Granted $2.50')).toBeVisible();

    // A mistake is explained in the server's words and grants nothing.
    await grant.getByLabel('Amount (USD)').fill('0');
    await grant.getByLabel('Reason (shown to the account)').fill('Oops');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(grant.getByRole('alert')).toHaveText('Enter an amount in dollars greater than zero, such as 25 or 0.50 (up to 6 decimals).');

    const otherPage = await otherContext.newPage();
    await otherPage.goto('/account');
    await expect(otherPage.getByTestId('account-balance')).toHaveText('$12.50');
    const first = otherPage.getByRole('list', { name: 'Credit ledger' }).getByRole('listitem').first();
    await expect(first).toContainText('Granted by an operator: Workshop attendee');
    await expect(first).toContainText('+$2.50');
  } finally {
    await deleteAccount(otherContext, other.recoveryKey);
    await otherContext.close();
  }
});
