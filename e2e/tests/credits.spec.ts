import { createAccount, deleteAccount } from '../fixtures/accounts';
import { fundedPayer } from '../fixtures/chain';
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

  await page.getByRole('link', { name: 'Top up with USDC' }).click();
  await expect(page).toHaveURL(/\/topup$/);
  await expect(page.getByRole('heading', { name: 'Top up with USDC' })).toBeVisible();
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
    await expect(page.getByText('Granted $2.50', { exact: true })).toBeVisible();

    // A mistake is explained in the server's words and grants nothing.
    await grant.getByLabel('Amount (USD)').fill('0');
    await grant.getByLabel('Reason (shown to the account)').fill('Oops');
    await grant.getByRole('button', { name: 'Grant' }).click();
    await expect(grant.getByRole('alert')).toHaveText('Enter an amount in dollars, such as 25 or 0.50 (up to 6 decimals); a negative amount such as -25 corrects a mistaken grant.');

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

test('tops up with USDC: links the browser wallet by signing, submits the transfer, sees it pending, then credited by itself', async ({ page, account }) => {
  test.setTimeout(90_000);
  const { info, payer, pay, mine } = await fundedPayer(100_000_000n);
  // The browser wallet (EIP-1193) the page talks to, signing with the test's key.
  await page.exposeFunction('forgeTestSign', (hex: `0x${string}`) => payer.signMessage({ message: { raw: hex } }));
  await page.addInitScript((address) => {
    const sign = (window as unknown as { forgeTestSign: (hex: string) => Promise<string> }).forgeTestSign;
    (window as unknown as { ethereum: unknown }).ethereum = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === 'eth_requestAccounts') return [address];
        if (method === 'personal_sign') return sign(params![0] as string);
        throw new Error(`Unsupported: ${method}`);
      },
    };
  }, payer.address);

  await page.goto('/topup');
  await expect(page.getByLabel('Deposit address', { exact: true })).toHaveText(info.deposit);
  await page.getByRole('button', { name: 'Link wallet' }).click();
  await expect(page.getByRole('list', { name: 'Linked wallets' })).toContainText(payer.address);

  const hash = await pay(5_000_000n);
  await page.getByLabel('Transaction hash', { exact: true }).fill(hash);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: `has 1 of ${info.confirmations} confirmations` })).toBeVisible();
  const deposit = page.getByRole('list', { name: 'Deposits' }).getByRole('listitem').filter({ hasText: hash });
  await expect(deposit).toContainText(`Pending · 1 of ${info.confirmations} confirmations`);

  // One more block: the server checks again by itself and the page shows the credit.
  await mine(info.confirmations - 1);
  await expect(deposit).toContainText('Credited', { timeout: 45_000 });

  await page.goto('/account');
  await expect(page.getByTestId('account-balance')).toHaveText('$15.00');
  const first = page.getByRole('list', { name: 'Credit ledger' }).getByRole('listitem').first();
  await expect(first).toContainText(`Top-up · USDC top-up: 5 USDC from ${payer.address}`);
  await expect(first).toContainText('+$5.00');
  // Submitting the credited transaction again adds nothing.
  const again = await account.api.post('/api/topups/deposits', { data: { txHash: hash } });
  expect(((await again.json()) as { creditedNowMicroUsd: number }).creditedNowMicroUsd).toBe(0);
  expect(((await (await account.api.get('/api/credits')).json()) as { balanceMicroUsd: number }).balanceMicroUsd).toBe(15_000_000);
});
