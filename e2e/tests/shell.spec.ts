import { test, expect, type Page } from '../lib/test';
import AxeBuilder from '@axe-core/playwright';

// Visitors see the announcement popup once per session; most tests close it first.
async function dismissPopup(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('popupClosed:anonymous', '1'));
}

test.describe('shell', () => {
  test('header: Home, categories, Promotions; drop-down lists vendors and is keyboard reachable', async ({ page }) => {
    await dismissPopup(page);
    await page.goto('/');
    const nav = page.getByTestId('header-nav');
    await expect(nav.locator('[data-nav-key="RNG"]')).toBeVisible();
    const keys = await nav.locator('[data-nav-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-nav-key')));
    expect(keys[0]).toBe('HOME');
    expect(keys[keys.length - 1]).toBe('PROMOTIONS');
    const order = ['ELOTT', 'BGS', 'LOTT', 'LIVE', 'SPORTS', 'FISH', 'RNG', 'PVP'];
    const cats = keys.slice(1, -1);
    expect(cats).toEqual(order.filter((c) => cats.includes(c)));
    // Always-navigate categories are links.
    for (const c of ['RNG', 'LIVE', 'SPORTS', 'FISH', 'PVP'].filter((c) => cats.includes(c))) {
      await expect(nav.locator(`[data-nav-key="${c}"]`)).toHaveAttribute('data-action', 'navigate');
    }
    await nav.locator('[data-nav-key="RNG"]').hover();
    const dd = page.getByTestId('nav-dropdown-RNG');
    await expect(dd).toBeVisible();
    const tiles = await dd.getByTestId('nav-vendor-tile').count();
    expect(tiles).toBeGreaterThan(0);
    expect(tiles).toBeLessThanOrEqual(11);
    await expect(dd.getByTestId('nav-more-tile')).toHaveCount(tiles === 11 ? 1 : 0);
    // Keyboard: focusing an item opens its drop-down; Escape closes it.
    await page.mouse.move(700, 600);
    await nav.locator('[data-nav-key="LIVE"]').focus();
    await expect(page.getByTestId('nav-dropdown-LIVE')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('nav-dropdown-LIVE')).toHaveCount(0);
    // A vendor launch by a visitor asks them to log in.
    await nav.locator('[data-nav-key="RNG"]').hover();
    await page.getByTestId('nav-dropdown-RNG').getByTestId('nav-vendor-tile').first().click();
    await expect(page.getByTestId('not-logged-in')).toBeVisible();
    await page.getByTestId('not-logged-in').getByRole('button').last().click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
  });

  test('announcement popup shows once per session until closed', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    const popup = page.getByTestId('announcements-modal');
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('footer')).toBeVisible();
    await page.waitForTimeout(800);
    await expect(popup).toHaveCount(0);
    await context.close();
    const fresh = await browser.newContext();
    const p2 = await fresh.newPage();
    await p2.goto('/');
    await expect(p2.getByTestId('announcements-modal')).toBeVisible();
    await fresh.close();
  });

  test('/help#term opens the help centre at the terms', async ({ page }) => {
    await dismissPopup(page);
    await page.goto('/help#term');
    const help = page.getByTestId('help-modal');
    await expect(help).toBeVisible();
    await expect(help.getByTestId('help-section-term')).toBeVisible();
    await expect(help.getByRole('tab', { selected: true })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('/login opens the login popup on home and moves to /; submit shows required messages then the server answer', async ({ page }) => {
    await dismissPopup(page);
    await page.goto('/login');
    const login = page.getByTestId('login-modal');
    await expect(login).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await login.getByRole('button', { name: /log in/i }).last().click();
    await expect(login.getByRole('alert')).toHaveCount(2);
    await login.locator('input[name="username"]').fill('maria123');
    await login.locator('input[name="password"]').fill('secret12');
    await login.getByRole('button', { name: /log in/i }).last().click();
    await expect(page.getByTestId('login-error')).toBeVisible();
  });

  test('member routes redirect visitors to /login', async ({ page }) => {
    await dismissPopup(page);
    await page.goto('/favorite');
    await expect(page.getByTestId('login-modal')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('unknown paths show the not-found page', async ({ page }) => {
    await dismissPopup(page);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('/no-such-page')).toBeVisible();
  });

  test('language switch TY -> EN -> AR reloads content and mirrors the layout', async ({ page }) => {
    await dismissPopup(page);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
    expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual(['TY', 'TY']);
    const pick = async (code: string) => {
      const lanes = page.waitForResponse((r) => r.url().includes('/wps/relay/vendorLanes') && r.url().includes(`language=${code}`));
      await page.getByTestId('language-selector-header').click();
      await page.locator(`[role="option"][data-code="${code}"]`).click();
      await lanes;
    };
    await pick('EN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Promotions' }).first()).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('hisLang')])).toEqual(['EN', 'TY']);
    await pick('AR');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The side menu sits on the right in RTL.
    const box = await page.getByTestId('side-menu').boundingBox();
    expect(box!.x).toBeGreaterThan(1000);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('theme switch persists across reload', async ({ page }) => {
    await dismissPopup(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('theme-toggle').first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('side menu mini mode is remembered', async ({ page }) => {
    await dismissPopup(page);
    await page.goto('/');
    const menu = page.getByTestId('side-menu');
    expect((await menu.boundingBox())!.width).toBeCloseTo(240, 0);
    await page.getByTestId('side-mini-toggle').click();
    await expect.poll(async () => (await menu.boundingBox())!.width).toBeCloseTo(72, 0);
    await page.reload();
    await expect.poll(async () => (await page.getByTestId('side-menu').boundingBox())!.width).toBeCloseTo(72, 0);
  });

  test('phone: drawer and bottom navigation @phone', async ({ page }) => {
    await dismissPopup(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const bottom = page.getByTestId('bottom-nav');
    await expect(bottom).toBeVisible();
    expect((await bottom.boundingBox())!.height).toBeCloseTo(60, 0);
    await expect(page.getByTestId('side-menu')).toBeHidden();
    await page.getByTestId('drawer-toggle').click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('side-menu')).toBeHidden();
    await bottom.getByRole('button').first().click();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.getByTestId('side-menu').getByRole('link', { name: /slots/i }).click();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(page.getByTestId('side-menu')).toBeHidden();
  });

  for (const path of ['/', '/rng']) {
    test(`no serious or critical axe violations on ${path}`, async ({ page }) => {
      await dismissPopup(page);
      await page.goto(path);
      await expect(page.getByTestId('footer')).toBeVisible();
      await page.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page }).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
    });
  }
});
