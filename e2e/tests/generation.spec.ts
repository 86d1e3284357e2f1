import { createAccount, deleteAccount, expect, test } from '../fixtures/accounts';
import { expectPreviewForward, showView } from '../fixtures/workspace';

const isMobile = () => test.info().project.name === 'mobile';

test('generate with the offline agent, reload mid-way, and the job reconnects and finishes', async ({ page, account, browser }) => {
  test.setTimeout(120_000);
  const projectName = `recipes-${test.info().project.name}`;
  await page.goto('/');
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByLabel('Describe your React project').fill('A recipe blog called "Green Kitchen" with posts, tags and comments, in forest green');
  await page.getByPlaceholder('my-react-app').fill(projectName);
  await page.getByRole('button', { name: 'Generate Project' }).click();

  // The status and the terminal say it is generating; files appear as they complete.
  await expect(page.getByText('Generating', { exact: false }).first()).toBeVisible();
  await expect(page.getByText(/📄 package\.json/)).toBeVisible({ timeout: 20_000 });
  if (!isMobile()) await expect(page.getByRole('button', { name: 'package.json' })).toBeVisible();

  const active = await account.api.get('/api/jobs/active');
  const { jobs } = (await active.json()) as { jobs: Array<{ id: string; projectName: string }> };
  expect(jobs.map((j) => j.projectName)).toEqual([projectName]);
  const jobId = jobs[0]!.id;

  // Reload in the middle, as soon as the first file is in: the page finds the running job and replays it from the start.
  await page.reload();
  await expect(page.getByText(`Reconnecting to the running generation of ${projectName}`)).toBeVisible({ timeout: 10_000 });

  // A second account sees neither the job nor, later, the project.
  const otherContext = await browser.newContext();
  const other = await createAccount(otherContext);
  expect((await other.api.get(`/api/jobs/${jobId}/status`)).status()).toBe(404);
  expect((await other.api.get(`/api/jobs/${jobId}/stream`)).status()).toBe(404);
  expect(((await (await other.api.get('/api/jobs/active')).json()) as { jobs: unknown[] }).jobs).toEqual([]);

  await expect(page.getByText(/✅ Project saved: \d+ files/)).toBeVisible({ timeout: 60_000 });

  const tree = ((await (await account.api.get(`/api/projects/${projectName}/tree`)).json()) as { tree: string[] }).tree;
  expect(tree).toEqual(expect.arrayContaining(['package.json', 'shared/schema.ts', 'db/meta.json', 'README.md']));
  // The server builds the project next and its preview comes forward; the file lines are on the terminal.
  await expectPreviewForward(page, 90_000);
  await showView(page, 'Terminal');
  for (const path of tree) await expect(page.getByText(`📄 ${path}`, { exact: true })).toHaveCount(1);
  expect(((await (await account.api.get(`/api/jobs/${jobId}/status`)).json()) as { status: string }).status).toBe('completed');

  expect((await other.api.get(`/api/projects/${projectName}/tree`)).status()).toBe(404);
  await deleteAccount(otherContext, other.recoveryKey);
  await otherContext.close();
});
