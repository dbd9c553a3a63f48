import { test, expect, type Page } from '../lib/test';
import { shot } from '../lib/shots';

// The header balance (spec section 2, wallet contract): demo01's opening
// balance, hide and show (remembered over a reload), refresh (once a second),
// hidden on game pages, and a trial user's free-play money.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h9';
test.describe.configure({ timeout: 120_000 });
const AFTER_SUBMIT = { timeout: 30_000 };
const LOAD = { timeout: 20_000 };
const BALANCE_PATH = '/wps/v2/wallets/balance';

async function english(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    // Dark first (the default design); shots() switches to light for its second picture.
    if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'dark');
    for (const n of ['anonymous', 'demo01']) sessionStorage.setItem(`popupClosed:${n}`, '1');
  });
  // A trial user's announcement popup (name not known in advance) is closed when it gets in the way.
  await page.addLocatorHandler(page.getByTestId('announcements-modal'), async () => {
    await page.keyboard.press('Escape');
  });
}

async function closeWelcome(page: Page) {
  const toast = page.getByTestId('welcome-toast');
  if (await toast.isVisible()) await toast.getByRole('button').click();
  await expect(toast).toHaveCount(0);
}

async function shots(page: Page, name: string, project: string, expected: string) {
  await shot(page, { path: `${SHOTS}/${name}-${project}-dark.png` });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.getByTestId('header-balance').getByTestId('balance-amount')).toHaveText(expected, LOAD);
  await closeWelcome(page);
  await shot(page, { path: `${SHOTS}/${name}-${project}-light.png` });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
}

/** The balance controls: in the header on desktop, in the member menu on phones (refresh lives there). */
async function controls(page: Page, phone: boolean) {
  if (!phone) return page.getByTestId('header-balance');
  if (!(await page.getByTestId('member-menu').isVisible())) await page.getByTestId('member-menu-button').click();
  return page.getByTestId('menu-balance');
}

test('demo01 sees its balance, hides it over a reload, shows it and refreshes it @phone', async ({ page }, info) => {
  const project = info.project.name;
  const phone = project === 'phone';
  await english(page);
  await page.goto('/');
  await page.getByTestId('header-login-compact').click();
  const modal = page.getByTestId('login-modal');
  await expect(modal.locator('input[name="username"]')).toBeVisible(LOAD);
  await modal.locator('input[name="username"]').fill('demo01');
  await modal.locator('input[name="password"]').fill('Palaro2026');
  await modal.locator('button[type="submit"]').click();
  await expect(page.getByTestId('member-menu-button')).toBeVisible(AFTER_SUBMIT);

  const header = page.getByTestId('header-balance');
  const amount = header.getByTestId('balance-amount');
  await expect(amount).toHaveText('₱10,000.00', LOAD);
  await expect(header.getByTestId('balance-free-play')).toHaveCount(0);
  await closeWelcome(page);
  // Phones: the header pill and the account name never overflow the 390 px header.
  if (phone) {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  }
  await shot(page, { path: `${SHOTS}/balance-${project}-dark.png` });

  // Hide: asterisks, and the choice survives a reload.
  const toggle = header.getByTestId('balance-toggle');
  await expect(toggle).toHaveAttribute('aria-label', 'Hide balance');
  await toggle.click();
  await expect(amount).toContainText('******');
  await expect(amount).not.toContainText('10,000');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByTestId('member-menu-button')).toBeVisible(LOAD);
  await expect(amount).toContainText('******', LOAD);
  await expect(amount).not.toContainText('10,000');
  await closeWelcome(page);
  await shot(page, { path: `${SHOTS}/balance-hidden-${project}-dark.png` });
  await toggle.click();
  await expect(amount).toHaveText('₱10,000.00');
  await expect(toggle).toHaveAttribute('aria-label', 'Hide balance');

  // Refresh asks the server again, at most once a second however often it is clicked.
  const area = await controls(page, phone);
  let requests = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === BALANCE_PATH) requests++;
  });
  await page.waitForTimeout(1100);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === BALANCE_PATH && r.status() === 200);
  await area.getByTestId('balance-refresh').click();
  await area.getByTestId('balance-refresh').click();
  await area.getByTestId('balance-refresh').click();
  const body = await (await answered).json();
  expect(body.value).toMatchObject({ balance: 1_000_000, currency: 'PHP', freePlay: false });
  await page.waitForTimeout(400);
  expect(requests).toBe(1);
  await expect(area.getByTestId('balance-amount')).toHaveText('₱10,000.00');
  if (phone) await shot(page, { path: `${SHOTS}/balance-menu-${project}-dark.png` });
  await page.keyboard.press('Escape');

  // Game pages hide the balance.
  await page.goto('/lottery?gameCode=X');
  await expect(page.getByTestId('member-menu-button')).toBeVisible(LOAD);
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  await page.goto('/');
  await expect(amount).toHaveText('₱10,000.00', LOAD);
  await shots(page, 'balance', project, '₱10,000.00');
});

test('a trial user (Try for free) sees 2,000.00 of free-play money @phone', async ({ page }, info) => {
  const project = info.project.name;
  const phone = project === 'phone';
  await english(page);
  await page.goto('/');
  await page.getByTestId('header-login-compact').click();
  await page.getByTestId('login-try-free').click();
  await expect(page.getByTestId('member-menu-button')).toBeVisible(AFTER_SUBMIT);
  const header = page.getByTestId('header-balance');
  // Beside the 'Free play' tag the amount stands alone; the phone's compact pill names the currency.
  const headerText = phone ? '2,000.00 FUN' : '2,000.00';
  await expect(header.getByTestId('balance-amount')).toHaveText(headerText, LOAD);
  await closeWelcome(page);
  const area = await controls(page, phone);
  await expect(area.getByTestId('balance-amount')).toHaveText('2,000.00');
  await expect(area.getByTestId('balance-free-play')).toHaveText('Free play');
  await expect(area.getByTestId('balance-amount')).toHaveAttribute('title', /cannot be withdrawn/);
  await shot(page, { path: `${SHOTS}/trial-menu-${project}-dark.png` });
  await page.keyboard.press('Escape');
  await shots(page, 'trial', project, headerText);
});
