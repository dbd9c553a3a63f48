import { test, expect, type Page } from '../lib/test';

// Catalogue and content pages against the demo brand (TY by default).
// The announcement popup is marked closed for the session so it stays out of the way.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('popupClosed:anonymous', '1'));
});

const dots = (page: Page) => page.getByRole('region', { name: 'Tampok' }).getByRole('button', { name: /^Ipakita ang banner/ });
const activeDot = (page: Page) => page.getByRole('region', { name: 'Tampok' }).locator('[aria-current="true"]');

test('home shows banners, marquee, tiles, winner boards and category sections', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Tampok' })).toBeVisible();
  await expect(dots(page)).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Mga anunsyo' })).toBeVisible();
  const tiles = page.getByRole('navigation', { name: 'Mga kategorya ng laro' }).getByRole('link');
  await expect(tiles).toHaveCount(4);
  expect(await tiles.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/live', '/rng', '/pvp', '/fish']);
  for (const name of ['Slots', 'Live Casino', 'Pangingisda', 'Baraha']) {
    const section = page.getByRole('region', { name, exact: true });
    await expect(section.getByRole('heading', { level: 3 })).toHaveCount(6);
    await expect(section.getByRole('link', { name: `Tingnan lahat ng ${name}` })).toBeVisible();
  }
  for (const name of ['Sports', 'E-loterya']) {
    const section = page.getByRole('region', { name, exact: true });
    await expect(section.getByRole('button', { name: /^Laruin ang/ }).first()).toBeVisible();
  }
  // e-sports vendors are reshaped out of SPORTS
  await expect(page.getByRole('region', { name: 'Sports', exact: true }).getByRole('heading', { name: 'Arena E-Sports' })).toHaveCount(0);
});

test.describe('with motion', () => {
  // The suite runs with prefers-reduced-motion (playwright.config.ts); the
  // carousel's own motion is tested without it.
  test.use({ reducedMotion: 'no-preference' });

  test('carousel auto-advances and a dot jumps to its banner', async ({ page }) => {
    await page.goto('/');
    await expect(activeDot(page)).toHaveAccessibleName('Ipakita ang banner 1');
    await expect(activeDot(page)).toHaveAccessibleName('Ipakita ang banner 2', { timeout: 7_000 });
    await dots(page).nth(3).click();
    await expect(activeDot(page)).toHaveAccessibleName('Ipakita ang banner 4');
    // hovering keeps it there
    await page.waitForTimeout(5_600);
    await expect(activeDot(page)).toHaveAccessibleName('Ipakita ang banner 4');
  });
});

test('with reduced motion the carousel stays on its banner until a dot is pressed', async ({ page }) => {
  await page.goto('/');
  await expect(activeDot(page)).toHaveAccessibleName('Ipakita ang banner 1');
  await page.waitForTimeout(6_000); // past an auto-advance interval
  await expect(activeDot(page)).toHaveAccessibleName('Ipakita ang banner 1');
  await dots(page).nth(2).click();
  await expect(activeDot(page)).toHaveAccessibleName('Ipakita ang banner 3');
});

test('a banner with a promotion link opens that promotion', async ({ page }) => {
  await page.goto('/');
  await dots(page).nth(0).click();
  await page.getByRole('region', { name: 'Tampok' }).getByRole('link', { name: /Welcome Bonus/ }).click();
  await expect(page).toHaveURL(/\/promotions#101$/);
  await expect(page.locator('#promo-101').getByRole('button', { name: 'Itago ang detalye' })).toBeVisible();
});

test('clicking a marquee notice opens the notice modal at that notice', async ({ page }) => {
  await page.goto('/');
  const marquee = page.getByRole('region', { name: 'Mga anunsyo' });
  await marquee.locator('.cnt-marquee__viewport').hover();
  const item = marquee.getByRole('button', { name: 'Bagong paraan ng deposito: GCash at Maya' });
  await item.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[aria-expanded="true"]')).toContainText('Bagong paraan ng deposito: GCash at Maya');
});

test('winner boards list players and formatted amounts; an entry asks a visitor to log in', async ({ page }) => {
  await page.goto('/');
  const big = page.getByRole('region', { name: 'Pinakamalalaking panalo' });
  const jackpot = page.getByRole('region', { name: 'Mga nanalo ng jackpot' });
  await expect(big.getByRole('button').first()).toBeVisible();
  await expect(jackpot.getByRole('button').first()).toBeVisible();
  const amount = await big.locator('.cat-win__amount').first().innerText();
  expect(amount).toMatch(/^₱\d{1,3}(,\d{3})*\.\d{2}$/);
  expect(await jackpot.locator('img').count()).toBeGreaterThan(0);
  await big.locator('.cat-board__viewport').hover();
  await big.getByRole('button').nth(2).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
});

test('/esports shows the e-sports vendor and /sports does not', async ({ page }) => {
  await page.goto('/esports');
  await expect(page.getByRole('heading', { level: 1, name: 'E-sports' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Arena E-Sports' })).toBeVisible();
  await page.goto('/sports');
  await expect(page.getByRole('heading', { name: 'Palaro Sportsbook' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Arena E-Sports' })).toHaveCount(0);
});

for (const path of ['/inHouse', '/bgs']) {
  test(`${path} lists the in-house (BGS) games`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Sariling Laro' })).toBeVisible();
    await expect(page.locator('.cat-tile__vendor').first()).toHaveText('BGS');
    const vendors = await page.locator('.cat-tile__vendor').allInnerTexts();
    expect(new Set(vendors)).toEqual(new Set(['BGS']));
  });
}

test('/rng does not offer or list the in-house vendor', async ({ page }) => {
  await page.goto('/rng');
  const providers = page.getByRole('group', { name: 'Mga provider' });
  await expect(providers.getByRole('button', { name: 'PG Reels' })).toBeVisible();
  await expect(providers.getByRole('button', { name: /Palaro Originals/ })).toHaveCount(0);
  await expect(page.locator('.cat-tile__vendor').first()).toBeVisible();
  expect(await page.locator('.cat-tile__vendor').allInnerTexts()).not.toContain('BGS');
});

test('load more adds 24 games and search narrows the list', async ({ page }) => {
  await page.goto('/rng');
  const count = page.locator('.cat-count');
  await expect(count).toHaveText(/^Ipinapakita ang 24 sa \d+$/);
  const total = Number((await count.innerText()).match(/sa (\d+)/)![1]);
  await expect(page.locator('.cat-tile')).toHaveCount(24);
  await page.getByRole('button', { name: 'Magpakita pa' }).click();
  await expect(page.locator('.cat-tile')).toHaveCount(Math.min(48, total));
  await expect(count).toHaveText(`Ipinapakita ang ${Math.min(48, total)} sa ${total}`);
  await page.getByRole('searchbox').fill('lantern');
  await expect(count).not.toHaveText(new RegExp(` sa ${total}$`));
  await expect(count).toHaveText(/^Ipinapakita ang (\d+) sa \1$/);
  await expect(page.getByRole('heading', { name: 'Lucky Lanterns' })).toBeVisible();
  const names = await page.locator('.cat-tile__name').allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((n) => /lantern/i.test(n))).toBe(true);
});

test('a visitor pressing a favourite star is told to log in', async ({ page }) => {
  await page.goto('/live');
  await page.getByRole('button', { name: /sa mga paborito$/ }).first().click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
});

const phoneOnly = (page: Page) => test.skip((page.viewportSize()?.width ?? 0) > 600, 'phone viewport only');

test('game grids are 3 across and vendor grids 2 across on a phone @phone', async ({ page }) => {
  phoneOnly(page);
  await page.goto('/rng');
  await expect(page.locator('.cat-tile').first()).toBeVisible();
  const cols = (sel: string) => page.locator(sel).first().evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(await cols('.cat-grid--games')).toBe(3);
  const tops = await page.locator('.cat-tile').evaluateAll((els) => els.slice(0, 4).map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(tops[0]).toBe(tops[2]);
  expect(tops[3]).toBeGreaterThan(tops[0]);
  await page.goto('/live');
  await expect(page.locator('.cat-tile').first()).toBeVisible();
  expect(await cols('.cat-grid--games')).toBe(3);
  await page.goto('/sports');
  await expect(page.locator('.cat-vendor').first()).toBeVisible();
  expect(await cols('.cat-grid--vendors')).toBe(2);
});

test('home on a phone shows the banner and sections without horizontal scroll @phone', async ({ page }) => {
  phoneOnly(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Tampok' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Slots', exact: true }).getByRole('heading', { level: 3 })).toHaveCount(6);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
