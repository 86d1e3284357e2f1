import { createAccount, deleteAccount, expect, test } from '../fixtures/accounts';
import { buildPreview, nodeServerProject } from '../fixtures/hostile-previews';

// A preview is someone else's code on its own origin. Opened by a signed-in person, it must not act
// as them on the app, nor plant cookies that other previews (other tenants) receive, nor take over
// a tab of the app it opened.
test('a hostile preview can neither act as its visitor nor toss cookies to other previews', async ({ page, context, browser, account, baseURL }) => {
  test.setTimeout(240_000);
  const attackerContext = await browser.newContext({ baseURL });
  const attacker = await createAccount(attackerContext);
  try {
    const suffix = test.info().project.name;
    const tosser = await buildPreview(
      attacker,
      `tosser-${suffix}`,
      nodeServerProject(`
  res.setHeader('Set-Cookie', ['own=1; Path=/', 'tossed=1; Domain=preview.localhost; Path=/', 'fixated=1; Domain=localhost; Path=/']);
  res.setHeader('Content-Type', 'text/html');
  res.end(\`<title>tosser</title><p>Tossing cookies</p><script>
    const app = ${JSON.stringify(baseURL)};
    Promise.all([
      fetch(app + '/api/auth/logout', { method: 'POST', mode: 'no-cors', credentials: 'include' }),
      fetch(app + '/api/jobs/start', { method: 'POST', mode: 'no-cors', credentials: 'include', body: '{"prompt":"spend their credits"}' }),
    ]).finally(() => { document.title = 'done'; });
  </script>\`);`),
    );
    const neighbour = await buildPreview(
      attacker,
      `neighbour-${suffix}`,
      nodeServerProject(`
  res.setHeader('Content-Type', 'text/plain');
  res.end('cookies:' + (req.headers.cookie ?? ''));`),
    );

    // The victim, signed in on the app, opens the hostile preview.
    const appResponses: Array<{ url: string; status: number }> = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`${baseURL}/api/`)) appResponses.push({ url: response.url(), status: response.status() });
    });
    await page.goto(tosser);
    await expect(page).toHaveTitle('done');
    expect(appResponses.map((response) => response.url).sort()).toEqual([`${baseURL}/api/auth/logout`, `${baseURL}/api/jobs/start`]);
    expect(appResponses.map((response) => response.status)).toEqual([403, 403]);
    // Cookies it set for the preview domain or the app's stayed its own, host-only.
    expect(await page.evaluate(() => document.cookie)).toBe('own=1; tossed=1; fixated=1');

    // Still signed in as themselves, and the next tenant's preview got none of the tosser's cookies.
    const me = await context.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(account.userId);
    await page.goto(neighbour);
    await expect(page.locator('body')).toHaveText('cookies:');
  } finally {
    await deleteAccount(attackerContext, attacker.recoveryKey);
    await attackerContext.close();
  }
});

test('a preview that opens the app in a new tab cannot send that tab elsewhere later (reverse tabnabbing)', async ({ page, context, baseURL }) => {
  // Any page on a preview's origin will do: here the proxy's own page for an id nobody has.
  const previewOrigin = `http://${'a'.repeat(20)}.preview.localhost:${new URL(baseURL!).port}`;
  await page.goto(`${previewOrigin}/`);
  const opened = context.waitForEvent('page');
  await page.evaluate((app) => {
    (window as unknown as { appTab: Window | null }).appTab = window.open(app);
  }, `${baseURL}/`);
  const appTab = await opened;
  await appTab.waitForLoadState();
  await expect(appTab).toHaveURL(`${baseURL}/`);

  // The app's pages are Cross-Origin-Opener-Policy: same-origin, so the preview's handle is cut off.
  expect(await page.evaluate(() => (window as unknown as { appTab: Window }).appTab.closed)).toBe(true);
  await page.evaluate((elsewhere) => {
    try {
      (window as unknown as { appTab: Window }).appTab.location.href = elsewhere;
    } catch {
      // A cut-off handle may also refuse outright.
    }
  }, `${previewOrigin}/look-alike`);
  await page.waitForTimeout(1000);
  await expect(appTab).toHaveURL(`${baseURL}/`);
});
