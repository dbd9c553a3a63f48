import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { newMember, PASSWORD, playerToken } from '../lib/money';
import { shot } from '../lib/shots';

// Responsible gaming in the storefront (docs/personal-centre.md, contract of
// /wps/rg/*): each test has its own fresh member (`palaro member add`), so the
// tests share no limit, session or block. Desktop 1440 px and phone 390 px.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-rg';
const LOAD = { timeout: 20_000 };
test.describe.configure({ timeout: 90_000 });

/** English, dark theme, no announcement popup; with a token, that session in storage (once: a later logout sticks). */
async function prepare(page: Page, username: string, token?: string) {
  await page.addInitScript(
    ([user, tk]) => {
      localStorage.setItem('lang', 'EN');
      if (!localStorage.getItem('theme')) localStorage.setItem('theme', 'dark');
      for (const u of ['anonymous', user]) sessionStorage.setItem(`popupClosed:${u}`, '1');
      if (tk && !sessionStorage.getItem('rg-e2e-seeded')) {
        sessionStorage.setItem('rg-e2e-seeded', '1');
        sessionStorage.setItem('token', tk);
      }
    },
    [username, token ?? ''],
  );
  await page.addLocatorHandler(page.getByTestId('announcements-modal'), async () => {
    await page.keyboard.press('Escape');
  });
}

async function rgCall(request: APIRequestContext, token: string, method: 'PUT' | 'POST', path: string, data: unknown) {
  const res = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value;
}

const row = (page: Page, type: string, period: string) => page.getByTestId(`rg-limit-${type}-${period}`);

test('setting a limit, then raising it: the raise waits with a live countdown @phone', async ({ page, request }, info) => {
  const member = newMember('rgl');
  const token = await playerToken(request, member.username);
  await prepare(page, member.username, token);
  await page.goto('/member/responsibleGaming');
  await expect(page.getByRole('heading', { name: 'Responsible gaming', level: 1 })).toBeVisible(LOAD);
  // The page sits right after the security centre in the centre menu.
  const entries = page.getByTestId('centre-menu').getByRole('link');
  await expect(entries.nth(1)).toHaveAttribute('href', '/member/responsibleGaming');

  const daily = row(page, 'DEPOSIT', 'DAY');
  await expect(daily.getByTestId('rg-limit-value')).toHaveText('No limit', LOAD);
  await shot(page, { path: `${SHOTS}/rg-empty-${info.project.name}.png`, fullPage: info.project.name === 'desktop' });

  // Bad input stays on the page.
  let puts = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/wps/rg/limits' && r.method() === 'PUT') puts++;
  });
  await page.getByRole('button', { name: 'Set: Deposit limit · Daily' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit limit · Daily' });
  await dialog.getByLabel('Amount (PHP)').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter an amount above zero.');
  await dialog.getByLabel('Amount (PHP)').fill('10.005');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Use at most 2 decimal places.');
  expect(puts).toBe(0);

  // A new limit applies at once.
  await dialog.getByLabel('Amount (PHP)').fill('1000');
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/rg/limits' && r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).request().postDataJSON()).toEqual({ type: 'DEPOSIT', period: 'DAY', amount: 100000 });
  await expect(dialog).toBeHidden();
  await expect(daily.getByTestId('rg-limit-value')).toHaveText('₱1,000.00');
  await expect(daily.getByTestId('rg-limit-remaining')).toHaveText('₱1,000.00 left');
  await expect(daily.getByTestId('rg-pending')).toHaveCount(0);

  // A raise waits 24 hours: the old limit holds, the countdown runs.
  await page.getByRole('button', { name: 'Change: Deposit limit · Daily' }).click();
  await dialog.getByLabel('Amount (PHP)').fill('2500.50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('rg-note')).toContainText('Your change is waiting');
  await expect(daily.getByTestId('rg-limit-value')).toHaveText('₱1,000.00');
  const pending = daily.getByTestId('rg-pending');
  await expect(pending).toContainText('Change to ₱2,500.50 is waiting');
  const countdown = pending.getByTestId('rg-countdown');
  await expect(countdown).toHaveText(/^23:59:\d\d$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first ?? '', { timeout: 3000 });
  await expect(pending.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await pending.scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/rg-pending-${info.project.name}.png`, fullPage: info.project.name === 'desktop' });

  // The history lists both changes; cancelling the raise keeps the limit.
  await expect(page.getByTestId('rg-history-item')).toHaveCount(2, LOAD);
  await pending.getByRole('button', { name: 'Cancel change' }).click();
  await expect(daily.getByTestId('rg-pending')).toHaveCount(0);
  await expect(daily.getByTestId('rg-limit-value')).toHaveText('₱1,000.00');
});

test('the reality check shows time played and the result, with continue and log out @phone', async ({ page, request }) => {
  const member = newMember('rgr');
  const token = await playerToken(request, member.username);
  await rgCall(request, token, 'PUT', '/wps/rg/reality-check', { minutes: 15 });
  // The browser's clock is driven by the test; the session started at the login above.
  await page.clock.install();
  await prepare(page, member.username, token);
  await page.goto('/member/responsibleGaming');
  await expect(page.getByTestId('rg-reality-15')).toHaveAttribute('aria-checked', 'true', LOAD);
  await expect(page.getByRole('alertdialog', { name: 'Reality check' })).toHaveCount(0);

  await page.clock.fastForward('15:00');
  const dialog = page.getByRole('alertdialog', { name: 'Reality check' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('rg-reality-played')).toHaveText(/^0:1[45]$/);
  await expect(dialog.getByTestId('rg-reality-net')).toHaveText('₱0.00');
  await dialog.getByRole('button', { name: 'Continue playing' }).click();
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('15:00');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('rg-reality-played')).toHaveText(/^0:(29|30)$/);
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('a deposit over the deposit limit is refused on the deposit page before any payment page @phone', async ({ page, request }) => {
  const member = newMember('rgd');
  const token = await playerToken(request, member.username);
  await rgCall(request, token, 'PUT', '/wps/rg/limits', { type: 'DEPOSIT', period: 'DAY', amount: 10000 });
  await prepare(page, member.username, token);
  await page.goto('/member/depositv2');
  await page.getByTestId('deposit-method-GCASH').click(LOAD);
  await page.getByTestId('deposit-form').getByLabel('Amount', { exact: true }).fill('150');
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && /\/wps\/cashier\/deposits/.test(new URL(r.url()).pathname));
  await page.getByTestId('deposit-submit').click();
  expect((await (await answer).json()).code).toBe('rg.deposit_limit');
  const notice = page.getByTestId('rg-deposit-limit');
  await expect(notice).toContainText('Deposit limit reached');
  await expect(notice).toContainText('over your Daily deposit limit of ₱100.00. You can deposit ₱100.00 more until');
  await expect(notice.getByRole('link', { name: 'See your limits' })).toHaveAttribute('href', '/member/responsibleGaming');
  await expect(page).toHaveURL(/\/member\/depositv2$/);
});

test('a time-out logs the player out and the next login is refused @phone', async ({ page }, info) => {
  const member = newMember('rgt');
  await prepare(page, member.username);
  await page.goto('/login');
  const modal = page.getByTestId('login-modal');
  await modal.locator('input[name="username"]').fill(member.username, LOAD);
  await modal.locator('input[name="password"]').fill(PASSWORD);
  await modal.locator('button[type="submit"]').click();
  await expect(modal).toBeHidden(LOAD);

  await page.goto('/member/responsibleGaming');
  await page.getByLabel('24 hours').check(LOAD);
  await page.getByRole('button', { name: 'Take a time-out' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Take a 24 hours time-out?' });
  await expect(confirm).toContainText('You will be logged out at once, on every device.');
  await expect(confirm.getByRole('button', { name: 'Take a time-out' })).toBeDisabled();
  await confirm.getByLabel('I have read this and understand it.').check();
  await shot(page, { path: `${SHOTS}/rg-timeout-confirm-${info.project.name}.png` });
  await confirm.getByRole('button', { name: 'Take a time-out' }).click();

  const ended = page.getByRole('alertdialog', { name: 'You have been logged out' });
  await expect(ended).toContainText('Your time-out has started. You have been logged out everywhere and can log in again after');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  await ended.getByRole('button', { name: 'OK' }).click();

  await page.goto('/login');
  await modal.locator('input[name="username"]').fill(member.username, LOAD);
  await modal.locator('input[name="password"]').fill(PASSWORD);
  const refused = page.waitForResponse((r) => new URL(r.url()).pathname === '/wps/session/login');
  await modal.locator('button[type="submit"]').click();
  expect((await refused).status()).toBe(403);
  await expect(modal.getByTestId('login-error')).toContainText(/time-out/i);
  await expect(modal.getByTestId('login-error')).toContainText(/\d{4}-\d{2}-\d{2}/);
  await shot(page, { path: `${SHOTS}/rg-login-refused-${info.project.name}.png` });
});
