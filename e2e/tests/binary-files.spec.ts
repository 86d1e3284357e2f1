import { expect, saveProject, test } from '../fixtures/accounts';

/** A real 1×1 PNG. */
const LOGO = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test.describe('binary project files', () => {
  test('the project page shows a saved image as an image and a font by name, type and size', async ({ page, account }) => {
    await saveProject(account, 'brand-kit', {
      'README.md': '# Brand kit\n',
      'public/logo.png': { base64: LOGO },
      'public/brand.woff2': { base64: Buffer.from([0x77, 0x4f, 0x46, 0x32, 0x00, 0xff, 0xfe, 0x01]).toString('base64') },
    });
    await page.goto('/project/brand-kit');
    await page.getByRole('button', { name: 'public' }).click();

    await page.getByRole('button', { name: 'logo.png' }).click();
    const image = page.getByRole('img', { name: 'logo.png' });
    await expect(image).toBeVisible();
    // The browser really loaded it through the file API, with the session.
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);

    await page.getByRole('button', { name: 'brand.woff2' }).click();
    await expect(page.getByText('Binary file · font/woff2 · 8 B')).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download', exact: true }).click();
    expect((await download).suggestedFilename()).toBe('brand.woff2');
  });
});
