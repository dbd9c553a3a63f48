// The console's players screens (issue 30, part 4) through the real binary: a
// player registered in the storefront is found by mobile number and locked by
// a SUPPORT operator (their storefront session ends), then unlocked; an
// administrator adjusts a balance below the approval amount and sees it on
// the player page. axe-core on the search and the player page, light and
// dark, at 1280 px without horizontal scrolling; the player page at 768 px.
import { botcheck } from '../lib/botcheck';
import { noHorizontalScroll, noSeriousAxe, openConsole } from '../lib/console';
import { codeIn, latestSms } from '../lib/outbox';
import { sealedApi } from '../lib/sealed';
import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { shot } from '../lib/shots';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-players';
// The steps wait on a real server, a storefront and axe on a shared machine: a generous wait per check.
const expectSlow = expect.configure({ timeout: 30_000 });
const PASSWORD = 'Luma2026x';

/** A member registered by mobile number through the storefront API (SMS code from the outbox); its username. */
async function mobileMember(request: APIRequestContext, mobile: string): Promise<string> {
  const since = Date.now();
  const sent = await request.post('/wps/verification/sms/register', { data: { mobileNo: mobile, countryDialingCode: '63', botcheck: await botcheck(request) } });
  expect((await sent.json()).code).toBe('ok');
  const code = codeIn((await latestSms(mobile, { since })).text);
  const { body } = await sealedApi(request, 'PUT', '/wps/member/register/mobile', {
    mobileNum: mobile, countryDialingCode: '63', verificationCode: code, password: PASSWORD, confirmPassword: PASSWORD,
    registerMethod: 'WEB', domain: '127.0.0.1', registerUrl: 'e2e', login: false, botcheck: await botcheck(request),
  });
  expect(body.code, JSON.stringify(body)).toBe('ok');
  return body.value.userInfo.account as string;
}

async function quietPopups(page: Page) {
  await page.addInitScript(() => {
    const orig = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      if (this === sessionStorage && key.startsWith('popupClosed:')) return '1';
      return orig.call(this, key);
    };
  });
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) !== theme) await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  await expectSlow(html).toHaveAttribute('data-theme', theme);
}

const mobileNo = (prefix: string) => `${prefix}${String(Date.now()).slice(-7)}`;

test.describe('players at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('support finds a storefront player by mobile, locks them (their session ends) and unlocks them', async ({ page, browser, request }) => {
    test.setTimeout(360_000);
    const mobile = mobileNo('0919');
    const account = await mobileMember(request, mobile);

    // The player plays in the storefront, in their own browser.
    const storefront = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'fil-PH', reducedMotion: 'reduce' });
    const player = await storefront.newPage();
    await quietPopups(player);
    await player.goto('/');
    await player.getByTestId('header-login-compact').click();
    const login = player.getByTestId('login-modal');
    await login.locator('input[name="username"]').fill(account);
    await login.locator('input[name="password"]').fill(PASSWORD);
    await login.locator('button[type="submit"]').click();
    await expectSlow(player.getByTestId('header-account')).toHaveText(account, { ignoreCase: true, timeout: 90_000 });
    const token = await player.evaluate(() => sessionStorage.getItem('token') ?? '');
    expect(token).not.toBe('');
    expect((await request.get('/wps/member/info', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);

    // Support searches by the mobile number as the player wrote it.
    await openConsole(page, 'support01', '/players');
    await expectSlow(page.getByRole('heading', { level: 1, name: 'Players' })).toBeVisible({ timeout: 20_000 });
    await setTheme(page, 'light');
    await noSeriousAxe(page);
    await page.getByLabel('Search by').selectOption('mobile');
    await page.getByLabel('Search for').fill(`+63 ${mobile.slice(1, 4)} ${mobile.slice(4)}`);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expectSlow(page).toHaveURL(/by=mobile/);
    const results = page.getByRole('table', { name: 'Players found' });
    await expectSlow(results.getByRole('row')).toHaveCount(2);
    await expectSlow(page.getByText('Matches: 1')).toBeVisible();
    await noHorizontalScroll(page);
    await noSeriousAxe(page);
    await shot(page, { path: `${SHOTS}/search-light-1280.png`, fullPage: true });
    await setTheme(page, 'dark');
    await noSeriousAxe(page);
    await shot(page, { path: `${SHOTS}/search-dark-1280.png`, fullPage: true });
    await setTheme(page, 'light');

    // The row opens the player page; support may lock but not adjust.
    await results.getByRole('link', { name: account }).click();
    await expectSlow(page.getByRole('heading', { level: 1, name: account })).toBeVisible({ timeout: 20_000 });
    await expectSlow(page.getByRole('button', { name: 'Adjust balance' })).toHaveCount(0);
    await expectSlow(page.getByRole('tab', { name: 'Audit' })).toHaveCount(0); // no audit.read
    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Lock ${account}` });
    await dialog.getByRole('button', { name: 'Lock player' }).click();
    await expectSlow(dialog.getByText('Give a reason of 3 to 200 characters.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Suspected shared account');
    await dialog.getByRole('button', { name: 'Lock player' }).click();
    await expectSlow(page.getByText(`${account} is locked and signed out.`)).toBeVisible();
    await expectSlow(page.getByRole('heading', { level: 1, name: account }).locator('..').getByText('Locked')).toBeVisible();

    // The player's session has ended: the next API call is refused and a reload shows a visitor.
    const after = await request.get('/wps/member/info', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
    expect((await after.json()).code).toBe('auth.session_expired');
    await player.reload();
    await expectSlow(player.getByTestId('header-login-compact')).toBeVisible({ timeout: 15_000 });

    // Unlocked, they may sign in again.
    await page.getByRole('button', { name: 'Unlock', exact: true }).click();
    const unlock = page.getByRole('dialog', { name: `Unlock ${account}` });
    await unlock.getByLabel('Reason').fill('Checked with the player by phone');
    await unlock.getByRole('button', { name: 'Unlock player' }).click();
    await expectSlow(page.getByText(`${account} is unlocked.`)).toBeVisible();
    await expectSlow(page.getByRole('heading', { level: 1, name: account }).locator('..').getByText('Active')).toBeVisible();
    const again = await sealedApi(request, 'POST', '/wps/session/login', { type: 'username', username: account, password: PASSWORD, botcheck: await botcheck(request) });
    expect(again.body.code).toBe('ok');
    await storefront.close();
  });

  test('an administrator adjusts a balance below the approval amount and sees it on the player page', async ({ page, request }) => {
    test.setTimeout(360_000);
    const account = await mobileMember(request, mobileNo('0918'));
    await openConsole(page, 'ops01', `/players?by=username&q=${account}`);
    await page.getByRole('table', { name: 'Players found' }).getByRole('link', { name: account }).click();
    await expectSlow(page.getByRole('heading', { level: 1, name: account })).toBeVisible({ timeout: 20_000 });
    await expectSlow(page.getByTestId('main-balance')).toHaveText('0.00 PHP');

    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog', { name: `Adjust the balance of ${account}` });
    await dialog.getByLabel('Amount (PHP)').fill('250.555');
    await dialog.getByLabel('Reason').fill('Goodwill for an outage');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await expectSlow(dialog.getByText('Use at most 2 decimal places.')).toBeVisible();
    await dialog.getByLabel('Amount (PHP)').fill('250.50');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await expectSlow(page.getByText('Balance adjusted. New balance: 250.50 PHP.')).toBeVisible();
    await expectSlow(page.getByTestId('main-balance')).toHaveText('250.50 PHP');
    const tx = page.getByRole('table', { name: 'Transactions' });
    await expectSlow(tx.getByRole('row').filter({ hasText: 'Adjustment' })).toContainText('250.50');

    // The audit tab shows the action on this member; the notes tab takes a note.
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByLabel('New internal note').fill('Goodwill credited after the outage');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expectSlow(page.getByRole('table', { name: 'Notes' }).getByText('Goodwill credited after the outage')).toBeVisible();
    await page.getByRole('tab', { name: 'Audit' }).click();
    await expectSlow(page.getByRole('table', { name: 'Audit' }).getByText('player.note')).toBeVisible();
    await page.getByRole('tab', { name: 'Transactions' }).click();

    await setTheme(page, 'light');
    await noHorizontalScroll(page);
    await noSeriousAxe(page);
    await shot(page, { path: `${SHOTS}/player-light-1280.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Responsible gaming' }).click();
    await expectSlow(page.getByRole('table', { name: 'Limits' })).toBeVisible();
    await noSeriousAxe(page);
    await setTheme(page, 'dark');
    await noSeriousAxe(page);
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await expectSlow(tx).toBeVisible();
    await noSeriousAxe(page);
    await shot(page, { path: `${SHOTS}/player-dark-1280.png`, fullPage: true });
    await setTheme(page, 'light');

    // Tablet: the same page without horizontal scrolling.
    await page.setViewportSize({ width: 768, height: 1024 });
    await expectSlow(page.getByTestId('main-balance')).toBeVisible();
    await noHorizontalScroll(page);
    await shot(page, { path: `${SHOTS}/player-light-768.png`, fullPage: true });
  });
});
