import { crc32 } from 'node:zlib';
import { expect, test } from '../fixtures/accounts';
import { expectPreviewForward } from '../fixtures/workspace';

/** A stored (uncompressed) ZIP of `files`, inside one top folder as exporters make them. */
function zipOf(folder: string, files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [path, text] of Object.entries(files)) {
    const name = Buffer.from(`${folder}/${path}`);
    const data = Buffer.from(text);
    const crc = crc32(data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A project with no dependencies and no start script: its build writes a page, served from dist/. */
const TINY_SITE = {
  'package.json': JSON.stringify({ name: 'tiny-site', private: true, type: 'module', scripts: { build: 'node build.mjs' } }, null, 2),
  'build.mjs':
    "import { mkdirSync, writeFileSync } from 'node:fs';\nmkdirSync('dist', { recursive: true });\nwriteFileSync('dist/index.html', '<!doctype html><title>Tiny</title><h1>Imported and built</h1>');\n",
  'node_modules/stale/index.js': 'module.exports = 1;\n',
};

test('import a small ZIP from the workspace and see it build and preview', async ({ page, account }) => {
  void account; // signs the page in; deleted after, with its project and sandbox
  test.setTimeout(180_000);
  const projectName = `tiny-${test.info().project.name}`;
  await page.goto('/');
  await page.getByRole('button', { name: 'New' }).click();

  await page.getByLabel('ZIP file').setInputFiles({ name: 'tiny-site.zip', mimeType: 'application/zip', buffer: zipOf('tiny-site-main', TINY_SITE) });
  // The name is taken from the file, and can be changed.
  await expect(page.getByLabel('Project name', { exact: true })).toHaveValue('tiny-site');
  await page.getByLabel('Project name', { exact: true }).fill(projectName);
  await page.getByRole('button', { name: 'Import Project' }).click();

  await expect(page.getByText('Unwrapped the top folder tiny-site-main/')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Skipped node_modules\/ \(1 file\)/)).toBeVisible();
  await expect(page.getByText(`✅ Imported 2 files as the first version of ${projectName}`)).toBeVisible();
  // A build that goes live brings the preview forward by itself (#25 item 2).
  await expectPreviewForward(page, 120_000);
  await expect(page.frameLocator('iframe[title="Live preview"]').getByText('Imported and built')).toBeVisible({ timeout: 20_000 });
});

test('a ZIP the server refuses is named beside the form, and nothing is imported', async ({ page, account }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'New' }).click();
  await page.getByLabel('ZIP file').setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
  await page.getByRole('button', { name: 'Import Project' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'notes.zip was not imported' })).toBeVisible();
  const projects = await (await account.api.get('/api/projects')).json();
  expect(projects.projects).toEqual([]);
});
