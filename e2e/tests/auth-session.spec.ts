import { test, expect, type Page } from '../lib/test';
import { shot } from '../lib/shots';

// The session once logged in: header and member menu, logout with
// confirmation, a token handed over in the address, trial users, and visitors
// who try a member action.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h1';
test.describe.configure({ timeout: 120_000 });
const PASSWORD = 'Palaro2026';
/** After a submit: the real bot check runs first (proof of work on a busy machine). */
const AFTER_SUBMIT = { timeout: 30_000 };
const LOAD = { timeout: 20_000 };

async function quietPopups(page: Page, accounts: string[] = []) {
  await page.addInitScript((names) => {
    for (const n of ['anonymous', ...names]) sessionStorage.setItem(`popupClosed:${n}`, '1');
  }, accounts);
  // A new account's announcement popup (name not known in advance) is closed when it gets in the way.
  await page.addLocatorHandler(page.getByTestId('announcements-modal'), async () => {
    await page.keyboard.press('Escape');
  });
}

async function loginThroughPopup(page: Page, username: string, password = PASSWORD, screenshot?: string) {
  await page.getByTestId('header-login-compact').click();
  const modal = page.getByTestId('login-modal');
  await expect(modal.locator('input[name="username"]')).toBeVisible(LOAD);
  await modal.locator('input[name="username"]').fill(username);
  await modal.locator('input[name="password"]').fill(password);
  if (screenshot) await shot(page, { path: screenshot });
  await modal.locator('button[type="submit"]').click();
  return modal;
}

async function named(page: Page, name: string, project: string) {
  await shot(page, { path: `${SHOTS}/${name}-${project}.png` });
}

test('login, member menu, and logout after confirmation @phone', async ({ page }, info) => {
  const project = info.project.name;
  await quietPopups(page, ['demo01']);
  await page.goto('/');
  await loginThroughPopup(page, 'demo01', PASSWORD, `${SHOTS}/login-popup-filled-${project}.png`);
  const menuButton = page.getByTestId('member-menu-button');
  await expect(menuButton).toBeVisible(AFTER_SUBMIT);
  await expect(page.getByTestId('header-login-compact')).toHaveCount(0);
  if (project === 'desktop') {
    await expect(page.getByTestId('header-account')).toHaveText('demo01');
    // The demo opening balance, from the ledger.
    await expect(page.getByTestId('header-balance')).toContainText('₱10,000.00');
  }
  await expect(page.getByTestId('header-avatar')).toBeVisible();
  await page.getByTestId('welcome-toast').getByRole('button').click();
  await named(page, 'header-logged-in', project);

  await menuButton.click();
  const menu = page.getByTestId('member-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId('menu-my-account')).toBeVisible();
  await expect(menu.getByTestId('menu-help')).toBeVisible();
  await expect(menu.getByTestId('menu-agent-centre')).toHaveCount(0); // not an agent
  await named(page, 'member-menu', project);
  // Keyboard: Escape closes it and focus returns to the button.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // Sign out asks first; cancel keeps the session.
  await menuButton.click();
  await menu.getByTestId('menu-sign-out').click();
  const dialog = page.getByTestId('logout-dialog');
  await expect(dialog).toBeVisible();
  await named(page, 'logout-dialog', project);
  await dialog.getByRole('button', { name: 'Kanselahin' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(menuButton).toBeVisible();

  await page.goto('/promotions');
  await menuButton.click();
  await menu.getByTestId('menu-sign-out').click();
  await dialog.getByTestId('logout-confirm').click();
  await expect(page.getByTestId('header-login-compact')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  // The server ended the session too: a member page now sends the visitor to log in.
  await page.goto('/member');
  await expect(page.getByTestId('login-modal')).toBeVisible(LOAD);
});

test('a ?token= on first load becomes the session and leaves the address', async ({ page, request }) => {
  const res = await request.post('/wps/session/login/freeplay', { data: { os: 'web', platform: 'W' } });
  const { value } = await res.json();
  const token = value.token as string;
  const account = value.userInfo.account as string;
  await quietPopups(page, [account]);
  await page.goto(`/promotions?token=${encodeURIComponent(token)}&x=1`);
  await expect(page).toHaveURL(/\/promotions\?x=1$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe(token);
  await page.getByTestId('member-menu-button').click();
  await expect(page.getByTestId('member-menu')).toContainText(account);
});

test('a dead token in storage leaves a visitor', async ({ page }) => {
  await quietPopups(page);
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      sessionStorage.setItem('token', 'not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    }
  });
  await page.goto('/');
  await expect(page.getByTestId('header-login-compact')).toBeVisible();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('a trial user (Try for free) is blocked from the member centre with the real-account dialog', async ({ page }) => {
  await quietPopups(page);
  await page.goto('/');
  await page.getByTestId('header-login-compact').click();
  await page.getByTestId('login-try-free').click();
  await expect(page.getByTestId('member-menu-button')).toBeVisible(AFTER_SUBMIT);
  await page.getByTestId('member-menu-button').click();
  await expect(page.getByTestId('member-menu')).toContainText('Pansubok');
  await page.getByTestId('menu-my-account').click();
  const block = page.getByTestId('trial-block');
  await expect(block).toBeVisible();
  await expect(block).toContainText('Kailangan ng totoong account');
  await named(page, 'trial-block', 'desktop');
  await block.getByTestId('trial-block-confirm').click();
  await expect(block).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('a visitor opening a member page or a member action is asked to log in', async ({ page }) => {
  await quietPopups(page);
  await page.goto('/favorite');
  // Route guard: /login shows home with the login popup and the address goes to /.
  await expect(page.getByTestId('login-modal')).toBeVisible(LOAD);
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press('Escape');
  // Playing a game is a member action: 'You are not logged in', then the login popup.
  await page.goto('/rng');
  await page.locator('.cat-tile__hit:not([disabled])').first().click();
  const prompt = page.getByTestId('not-logged-in');
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button').last().click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
});
