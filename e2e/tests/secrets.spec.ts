import type { Page } from '@playwright/test';
import { expect, saveProject, test } from '../fixtures/accounts';
import { dataAppFiles } from '../fixtures/data-app';

const isMobile = () => test.info().project.name === 'mobile';

async function openSecrets(page: Page, project: string): Promise<void> {
  await page.goto(`/?project=${project}`);
  await expect(page.getByText('Project loaded')).toBeVisible();
  // Opening an unbuilt project shows its automatic build (aborted in these tests) in the terminal; once
  // that has failed, the workspace chooses no view of its own any more.
  await expect(page.getByText('Build failed: Failed to fetch')).toBeVisible();
  await page.getByRole('tab', { name: isMobile() ? 'Keys' : 'Secrets', exact: true }).click();
}

test('saving an API key, which shows as set after a reload and is never shown again', async ({ page, account }) => {
  test.setTimeout(120_000);
  const project = `weather-${test.info().project.name}`;
  await saveProject(account, project, dataAppFiles({ rows: 1, secrets: [['WEATHER_API_KEY', 'Weather API key, from https://weather.example.com/keys', 'wx-...']] }));
  // Opening builds the project; this view does not need it.
  await page.route('**/api/projects/*/build', (route) => route.abort());
  await openSecrets(page, project);

  const field = page.getByLabel('WEATHER_API_KEY', { exact: true });
  await expect(field).toHaveAttribute('type', 'password');
  await expect(field).toHaveAttribute('placeholder', 'wx-...');
  await expect(page.getByText('Weather API key, from https://weather.example.com/keys')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open https://weather.example.com/keys' })).toHaveAttribute('target', '_blank');
  await expect(page.getByText('Not set')).toHaveCount(2);

  await page.getByRole('button', { name: 'Save API Keys' }).click();
  await expect(page.getByText('No secrets to save')).toBeVisible();

  await field.fill('  wx-e2e-secret-value  ');
  await page.getByRole('button', { name: 'Show WEATHER_API_KEY' }).click();
  await expect(field).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide WEATHER_API_KEY' }).click();
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Save API Keys' }).click();
  await expect(page.getByText('Secrets saved')).toBeVisible();
  await expect(page.getByText('Your API keys have been saved to the project environment')).toBeVisible();

  await page.reload();
  await openSecrets(page, project);
  await expect(page.getByLabel('WEATHER_API_KEY', { exact: true })).toHaveValue('');
  await expect(page.getByText('Set', { exact: true })).toHaveCount(1);
  await expect(page.getByText('Not set')).toHaveCount(1);
  const listed = await (await account.api.get(`/api/projects/${project}/secrets`)).text();
  expect(listed).not.toContain('wx-e2e-secret-value');
});
