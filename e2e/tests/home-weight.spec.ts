import { test, expect, type Page } from '../lib/test';

// The home page loads the visitor's dialogs only when asked for (docs/architecture.md,
// Storefront): no login or register chunk with the page, the chunk starts on a
// pointer over (or touch or focus of) the control, and the click opens the dialog.
const dialogChunk = /\/assets\/(LoginModal|RegisterModal)-[^/]+\.js$/;

function scriptsOf(page: Page) {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((r) => requestIdleCallback(() => setTimeout(r, 500), { timeout: 3000 })));
}

test('a visitor’s home page loads no login or register dialog; pointing at Register starts it and the click opens it', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('popupClosed:anonymous', '1'));
  const scripts = scriptsOf(page);
  await page.goto('/');
  // Below 1680 px the header shows the compact Login and Register buttons.
  const register = page.getByTestId('header-register-compact');
  await expect(register).toBeVisible();
  await settled(page);
  expect(scripts.filter((u) => dialogChunk.test(u))).toEqual([]);

  const chunk = page.waitForRequest((r) => /\/assets\/RegisterModal-[^/]+\.js$/.test(r.url()));
  await register.hover();
  await chunk; // before any click
  await register.click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the login dialog chunk starts when the visitor reaches a Login control @phone', async ({ page }, info) => {
  await page.addInitScript(() => sessionStorage.setItem('popupClosed:anonymous', '1'));
  const scripts = scriptsOf(page);
  await page.goto('/');
  await settled(page);
  expect(scripts.filter((u) => dialogChunk.test(u))).toEqual([]);
  const chunk = page.waitForRequest((r) => /\/assets\/LoginModal-[^/]+\.js$/.test(r.url()));
  if (info.project.name === 'phone') {
    // Phone: the bottom bar's account button (a visitor gets the login dialog).
    const account = page.getByTestId('bottom-nav').getByRole('button').last();
    await account.dispatchEvent('touchstart');
    await chunk;
    await account.click();
  } else {
    // 1440 px: the compact Login button, reached by keyboard.
    await page.getByTestId('header-login-compact').focus();
    await chunk;
    await page.getByTestId('header-login-compact').click();
  }
  await expect(page.getByRole('dialog')).toBeVisible();
});
