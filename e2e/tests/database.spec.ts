import type { Page } from '@playwright/test';
import { type Account, expect, saveProject, test } from '../fixtures/accounts';
import { dataAppFiles } from '../fixtures/data-app';

const isMobile = () => test.info().project.name === 'mobile';

/** Opens a saved project in the workspace without the build that opening starts, so nothing sets the database up first. */
async function openWithoutBuilding(page: Page, project: string): Promise<void> {
  let refuse: () => void = () => undefined;
  const refused = new Promise<boolean>((resolve) => (refuse = () => resolve(true)));
  await page.route('**/api/projects/*/build', (route) => {
    refuse();
    return route.abort();
  });
  await page.goto(`/?project=${project}`);
  await expect(page.getByText('Project loaded')).toBeVisible();
  // The projects here are saved, never built, so opening one always starts a build; refused, it ends by
  // showing the terminal, and only after that may the test pick another view (waited for, not raced
  // against a timer: on a loaded host the build's request can come seconds after the project loads).
  await refused;
  await expect(page.getByText(/Build failed: Failed to fetch/)).toBeAttached();
}

async function showDatabase(page: Page): Promise<void> {
  await page.getByRole('tab', { name: isMobile() ? 'DB' : 'Database', exact: true }).click();
}

/**
 * A project as the offline agent generates it, never built: the server builds a finished generation
 * (and a data app's first build sets its database up), so the generated files are saved under the
 * name the test uses, which saving does not build.
 */
async function generate(account: Account, prompt: string, projectName: string): Promise<void> {
  const source = `${projectName}-generated`;
  const start = await account.api.post('/api/jobs/start', { data: { prompt, projectName: source } });
  expect(start.status()).toBe(201);
  const { jobId } = (await start.json()) as { jobId: string };
  await expect.poll(async () => ((await (await account.api.get(`/api/jobs/${jobId}/status`)).json()) as { status: string }).status, { timeout: 120_000, intervals: [1000] }).toBe('completed');
  const { tree } = (await (await account.api.get(`/api/projects/${source}/tree`)).json()) as { tree: string[] };
  const files: Record<string, string | { base64: string }> = {};
  for (const path of tree) {
    const file = await account.api.get(`/api/projects/${source}/file/${path}`);
    const json = file.headers()['content-type']?.startsWith('application/json');
    files[path] = json ? ((await file.json()) as { content: string }).content : { base64: (await file.body()).toString('base64') };
  }
  await saveProject(account, projectName, files);
}

test("the blog's database view before and after initializing with the automatic URL, and a bad custom URL refused as it is typed", async ({ page, account }) => {
  test.setTimeout(240_000);
  const project = `fork-notes-${test.info().project.name}`;
  await generate(account, 'A food blog called Fork Notes with recipes and comments', project);
  await openWithoutBuilding(page, project);
  await showDatabase(page);

  await expect(page.getByRole('heading', { name: 'Database Management' })).toBeVisible();
  const status = page.getByRole('region', { name: 'Database Status' });
  await expect(status.getByText('Schema Configured')).toBeVisible();
  await expect(status.getByText('Not Yet')).toBeVisible();
  await expect(status.getByText('Authors write posts; readers leave comments on posts.')).toBeVisible();
  await expect(page.getByText('The schema lives in')).toBeVisible();
  await page.getByRole('button', { name: /^posts/ }).click();
  await expect(page.getByText('FK → authors.id')).toBeVisible();
  await expect(page.getByText('DEFAULT now()').first()).toBeVisible();
  await expect(page.getByText('Initialize the database to view table data')).toBeVisible();

  await status.getByRole('button', { name: 'Initialize Database' }).click();
  const dialog = page.getByRole('dialog', { name: 'Initialize Database' });
  await expect(dialog.getByRole('switch', { name: /Use automatic database URL/ })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByTestId('masked-database-url')).toHaveText(/^postgresql:\/\/forge_p_[0-9a-f]{24}:\*\*\*\*@[\d.]+:\d+\/forge_p_[0-9a-f]{24}$/);

  await dialog.getByRole('switch').click();
  const confirm = dialog.getByRole('button', { name: 'Initialize Database' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Database URL', { exact: true }).pressSequentially('mysql://db');
  await expect(dialog.getByRole('alert')).toHaveText('Invalid PostgreSQL URL format. Must start with postgresql:// or postgres://');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Database URL', { exact: true }).fill('');
  await expect(dialog.getByRole('alert')).toHaveText('Database URL is required');
  await dialog.getByLabel('Database URL', { exact: true }).fill('postgresql://user@');
  await expect(dialog.getByRole('alert')).toHaveText('The URL names no host: postgresql://user:password@host:5432/database');
  await expect(confirm).toBeDisabled();
  // The URL carries a password: masked until asked.
  await expect(dialog.getByLabel('Database URL', { exact: true })).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show URL' }).click();
  await expect(dialog.getByLabel('Database URL', { exact: true })).toHaveAttribute('type', 'text');
  await dialog.getByLabel('Database URL', { exact: true }).fill('postgresql://me@db.example.com:5432/blog');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(confirm).toBeEnabled();

  // Nothing listens there: the dialog says so, not drizzle-kit's spinner line.
  await dialog.getByLabel('Database URL', { exact: true }).fill('postgresql://me:pw@127.0.0.1:1/blog');
  await confirm.click();
  await expect(dialog.getByRole('alert')).toContainText('Could not connect to the database at 127.0.0.1:1', { timeout: 90_000 });
  await expect(page.getByText('Pulling schema')).toHaveCount(0);

  await dialog.getByRole('switch').click();
  await confirm.click();
  await expect(dialog.getByRole('button', { name: 'Initializing...' })).toBeDisabled();
  await expect(page.getByText('Database initialized', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(dialog).toBeHidden();
  await expect(status.getByText('Not Yet')).toBeHidden();
  await expect(status.getByRole('button', { name: 'Re-initialize' })).toBeVisible();
  // The posts table stayed open: its data preview now reads the seeded rows.
  await expect(page.getByText(/^\d+ rows$/)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'reading_minutes' })).toBeVisible();
});

test('the data preview pages ten rows at a time', async ({ page, account }) => {
  test.setTimeout(120_000);
  const project = `notes-${test.info().project.name}`;
  await saveProject(account, project, dataAppFiles({ rows: 23 }));
  const initialize = await account.api.post(`/api/projects/${project}/database/initialize`, { data: { runSeed: true, useAutoUrl: true }, timeout: 90_000 });
  expect(initialize.status(), await initialize.text()).toBe(200);
  await openWithoutBuilding(page, project);
  await showDatabase(page);

  await page.getByRole('button', { name: /^notes/ }).click();
  // The first page of rows: a browser short of CPU on a loaded CI host took 6 s from this click to the
  // table's request (the request itself answers in under 2 s), past the default 10 s.
  await expect(page.getByText('23 rows')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Page 1 of 3')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Note number 1', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'null' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Note number 11', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 3 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('cell', { name: 'Note number 23', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 2 of 3')).toBeVisible();
});
