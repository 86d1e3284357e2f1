import { expect, saveProject, test } from '../fixtures/accounts';
import { sampleProjectFiles } from '../fixtures/projects';

const isMobile = () => test.info().project.name === 'mobile';

test.describe('visitors', () => {
  test('see the marketing page at / with a way to sign up', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Describe it.');
    await expect(page.getByRole('link', { name: 'Start for Free' }).first()).toHaveAttribute('href', '/auth');
    for (const kind of ['Dashboards', 'E-commerce']) await expect(page.getByText(kind, { exact: false }).first()).toBeVisible();
  });

  test('still get the page when the network drops one of its scripts (Docker or Wi-Fi changing interfaces)', async ({ page }) => {
    let scripts = 0;
    await page.route('**/assets/*.js', (route) => (scripts++ === 0 ? route.abort('internetdisconnected') : route.continue()));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Describe it.');
  });

  test('get the 404 page for any unknown path', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  });

  test('can read the docs', async ({ page }) => {
    await page.goto('/docs');
    await expect(page.getByRole('heading', { name: 'Documentation', level: 1 })).toBeVisible();
    await expect(page.getByText('Complete guide')).toBeVisible();
    const sections = [
      'Getting Started',
      'Creating Your First Project',
      'Understanding the Interface',
      'Intelligent Auto-Fix System',
      'Database Management',
      'API Keys & Secrets Management',
      'Editing Projects with Natural Language',
      'Project Landing Pages',
      'Background Generation & Auto-Reconnect',
      'Download & Deploy Projects',
      'Technologies & Libraries',
      'Credits and Pricing',
      'Top-ups in USDC',
    ];
    for (const title of sections) await expect(page.getByRole('button', { name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Intelligent Auto-Fix System' }).click();
    await expect(page.getByText('5 automatic correction attempts')).toBeVisible();
    await expect(page.getByText('10 conversation turns')).toBeVisible();
    await page.getByRole('button', { name: 'Credits and Pricing' }).click();
    await expect(page.getByText('$15 per million')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Creating' })).toHaveAttribute('href', '/');
  });
});

test.describe('signed in', () => {
  test('the workspace opens on the prompt, and shows every view with its empty state', async ({ page, account }) => {
    void account;
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'New Generation' })).toBeVisible();
    const views: Array<[string, string, RegExp | string]> = isMobile()
      ? [
          ['Code', 'Code', 'No file selected'],
          ['Terminal', 'Terminal', 'Terminal Ready'],
          ['DB', 'Database', 'No Project Selected'],
          ['Keys', 'Secrets', 'No Project Selected'],
          ['Preview', 'Preview', 'No Preview Available'],
        ]
      : [
          ['Code', 'Code', 'No file selected'],
          ['Terminal', 'Terminal', 'Terminal Ready'],
          ['Database', 'Database', 'No Project Selected'],
          ['Secrets', 'Secrets', 'No Project Selected'],
          ['Preview', 'Preview', 'No Preview Available'],
        ];
    for (const [tab, , emptyState] of views) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.getByText(emptyState, { exact: true }).first()).toBeVisible();
    }
    await page.getByRole('tab', { name: isMobile() ? 'Preview' : 'Preview', exact: true }).click();
    await expect(page.getByText('Generate a project to see a live preview of your React application.')).toBeVisible();

    if (isMobile()) await page.getByRole('button', { name: 'File Tree' }).click();
    await expect(page.getByText('Project Files', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('No project loaded')).toBeVisible();
    if (isMobile()) await page.getByRole('button', { name: 'File Tree' }).click();

    await page.getByRole('button', { name: 'New' }).click();
    await expect(page.getByRole('heading', { name: 'New Generation' })).toBeVisible();
    const prompt = page.getByLabel('Describe your React project');
    await expect(prompt).toHaveAttribute('rows', '7');
    await expect(page.getByPlaceholder('my-react-app')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate Project' })).toBeDisabled();
    await page.getByPlaceholder('my-react-app').fill('bad name!');
    await prompt.fill('A todo app');
    await expect(page.getByText('Invalid project name. Use only letters, numbers, hyphens (-), and underscores (_).').first()).toBeVisible();
    if (isMobile()) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('link', { name: 'My Projects' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Docs' })).toBeVisible();
  });

  test('My Projects lists projects and the workspace opens one', async ({ page, account }) => {
    await page.goto('/projects');
    await expect(page.getByText('No projects yet')).toBeVisible();
    await expect(page.getByText('Generate your first project to get started')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Home' }).or(page.getByRole('button', { name: 'Go to Home' }))).toBeVisible();

    await saveProject(account, 'sample-shop', sampleProjectFiles);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'sample-shop' })).toBeVisible();
    await expect(page.getByText('6 files')).toBeVisible();

    await page
      .getByRole('button', { name: 'Delete sample-shop' })
      .or(page.getByRole('button', { name: /delete/i }))
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Delete Project?' })).toBeVisible();
    await expect(page.getByText('Are you sure you want to delete "sample-shop"? This action cannot be undone. All files in this project will be permanently deleted.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Open Project' }).click();
    await expect(page.getByText('Project loaded').first()).toBeVisible();
    if (isMobile()) await page.getByRole('button', { name: 'File Tree' }).click();
    await page
      .getByRole('button', { name: /App\.tsx/ })
      .or(page.getByRole('treeitem', { name: /App\.tsx/ }))
      .first()
      .click();
    await expect(page.getByText('Sample Shop').first()).toBeVisible();
    await expect(page.getByText(/3 lines/).first()).toBeVisible();
  });

  test('the project landing page shows files, not-found and their code', async ({ page, account }) => {
    await saveProject(account, 'sample-shop', { ...sampleProjectFiles, LICENSE: 'MIT License, Sample Shop' });
    await page.goto('/project/sample-shop');
    await expect(page.getByRole('heading', { name: 'sample-shop', level: 1 })).toBeVisible();
    await expect(page.getByText('Generated by Forge')).toBeVisible();
    await expect(page.getByText('Select a file to view')).toBeVisible();
    await expect(page.getByText('Click on a file to view its content')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View in Sandbox' })).toHaveCount(0);
    await page.getByRole('button', { name: 'README.md' }).click();
    await expect(page.getByText('A small shop made by Forge.')).toBeVisible();
    // A name without a dot is a file too, not an empty folder.
    await page.getByRole('button', { name: 'LICENSE', exact: true }).click();
    await expect(page.getByText('MIT License, Sample Shop')).toBeVisible();

    await page.goto('/project/no-such-project');
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    await expect(page.getByText('The project "no-such-project" does not exist')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Projects' })).toHaveAttribute('href', '/projects');
  });

  test('/info says what is running', async ({ page, account }) => {
    void account;
    await page.goto('/info');
    await expect(page.getByRole('heading', { name: 'System status' })).toBeVisible();
    await expect(page.getByText('Offline starter agent').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Container engine' })).toBeVisible();
    await expect(page.getByText('0.1.0')).toBeVisible();
  });
});
