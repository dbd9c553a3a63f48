import { test, expect, type Page } from '../lib/test';
import { captchaAnswer, query } from '../lib/db';
import { codeIn, latestSms } from '../lib/outbox';
import { shot } from '../lib/shots';

// The register popup against the real server and the demo brand (USERNAMEREG3
// and MOBILENUMREG3 with REGMOBVERF3 and MOBILENUMPASSREG3 on; captcha rule
// required). Registrations count per IP (10 an hour), so this file makes
// few of them; names and numbers are unique per run.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h2';
const run = Date.now().toString(36).slice(-5);

async function quietPopups(page: Page) {
  await page.addInitScript(() => {
    for (const k of Object.keys(sessionStorage)) if (k.startsWith('popupClosed:')) sessionStorage.removeItem(k);
    sessionStorage.setItem('popupClosed:anonymous', '1');
    // The announcement popup also shows for the new member: mark every account as having closed it.
    const orig = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key: string) {
      if (this === sessionStorage && key.startsWith('popupClosed:')) return '1';
      return orig.call(this, key);
    };
  });
}

/**
 * Opens /register (which opens the popup) and waits for its captcha; returns
 * the popup and the captcha key. Captchas are limited to one a second per IP
 * and other specs load them too: a refused load is retried with the refresh
 * button, as a user would.
 */
async function openRegister(page: Page, query = '') {
  let key = '';
  page.on('response', async (r) => {
    if (!r.url().includes('/wps/captcha') || !r.ok()) return;
    try {
      key = (await r.json()).value.captchaKey;
    } catch {
      // The page navigated away before the body was read (after a
      // registration, say): that captcha is no longer shown.
    }
  });
  await page.goto(`/register${query}`);
  const modal = page.getByTestId('register-modal');
  await expect(modal.getByTestId('register-form-username')).toBeVisible({ timeout: 20_000 });
  await expect(async () => {
    if (!(await modal.getByTestId('captcha-image').isVisible())) {
      await modal.getByTestId('captcha-refresh').click();
      await page.waitForTimeout(1100);
    }
    await expect(modal.getByTestId('captcha-image')).toBeVisible({ timeout: 1500 });
    expect(key).not.toBe('');
  }).toPass({ timeout: 20_000 });
  return { modal, key: () => key };
}

async function acceptAgeAndTerms(page: Page) {
  const modal = page.getByTestId('register-modal');
  await modal.locator('input[name="adult"]').check();
  await modal.locator('input[name="terms"]').check();
}

test.describe('register popup', () => {
  // One after another in one worker: fewer captchas and registrations at the same moment.
  test.describe.configure({ mode: 'default' });
  test.setTimeout(90_000);

  test('registers by username: logged in on /, the header shows the account', async ({ page }) => {
    await quietPopups(page);
    const { modal, key } = await openRegister(page, '?referralCode=FRIEND7');
    // Tabs: both methods are on in the demo brand.
    await expect(modal.getByRole('tab')).toHaveCount(2);
    // Empty submit: every required message, in the user's language (TY).
    await modal.locator('button[type="submit"]').click();
    await expect(modal.locator('.field-error').first()).toBeVisible();
    await expect(modal.getByText('Maglagay ng 6 hanggang 16 na titik o numero, nagsisimula sa titik.')).toBeVisible();
    await expect(modal.getByText('Pakitanggap ang mga tuntunin at kundisyon.')).toBeVisible();
    // Confirmation must match.
    const name = `Juan${run}`;
    await modal.locator('input[name="username"]').fill(name);
    await modal.locator('input[name="password"]').fill('Malakas99');
    await modal.locator('input[name="confirmPassword"]').fill('Malakas98');
    await modal.locator('button[type="submit"]').click();
    await expect(modal.getByText('Hindi magkapareho ang dalawang password: mali ang kumpirmasyon.')).toBeVisible();
    await modal.locator('input[name="confirmPassword"]').fill('Malakas99');
    await modal.locator('input[name="captcha"]').fill(captchaAnswer(key()));
    await acceptAgeAndTerms(page);
    // Known flake under load (issue 4 note): the invitation code typed earlier
    // was once found empty at submit; it is typed last and checked before submit.
    await modal.locator('input[name="affiliateCode"]').fill('AGENT01');
    await expect(modal.locator('input[name="affiliateCode"]')).toHaveValue('AGENT01');
    await modal.locator('button[type="submit"]').click();
    // The bot check is solved in the browser first: a busy machine takes a while.
    await expect(page.getByTestId('header-account')).toHaveText(name, { timeout: 30_000 });
    // What the client added on submit, as the server stored it (request bodies are sealed).
    const [row] = query(`SELECT affiliate_code, referral_code, register_method, register_url FROM account_member WHERE account = '${name}'`);
    expect(row.slice(0, 3)).toEqual(['AGENT01', 'FRIEND7', 'WEB']);
    expect(row[3]).toContain('/register?referralCode=FRIEND7');
    await expect(page.getByTestId('register-modal')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
  });

  test('an invalid invitation code is refused with a clear message', async ({ page }) => {
    await quietPopups(page);
    const { modal, key } = await openRegister(page);
    await modal.locator('input[name="username"]').fill(`Pedro${run}`);
    await modal.locator('input[name="password"]').fill('Malakas99');
    await modal.locator('input[name="confirmPassword"]').fill('Malakas99');
    await modal.locator('input[name="affiliateCode"]').fill('NOSUCH99');
    await modal.locator('input[name="captcha"]').fill(captchaAnswer(key()));
    await acceptAgeAndTerms(page);
    let registered = false;
    page.on('request', (r) => {
      if (r.url().includes('/wps/member/register')) registered = true;
    });
    const check = page.waitForResponse((r) => r.url().includes('/wps/agent/affiliate'));
    await modal.locator('button[type="submit"]').click();
    expect((await check).status()).toBe(400);
    await expect(modal.getByText('Hindi wastong code ng imbitasyon.')).toBeVisible();
    expect(registered).toBe(false);
    await shot(page, { path: `${SHOTS}/register-invalid-code-desktop.png` });
  });

  test('registers by mobile number with the SMS code', async ({ page }) => {
    await quietPopups(page);
    const { modal } = await openRegister(page);
    await modal.getByRole('tab').nth(1).click();
    const form = modal.getByTestId('register-form-mobile');
    await expect(form).toBeVisible();
    // No captcha: the SMS code stands in for it (REGMOBVERF3).
    await expect(form.getByTestId('captcha')).toHaveCount(0);
    const mobile = `0917${String(Date.now()).slice(-7)}`;
    await form.locator('input[type="tel"]').fill(mobile);
    const since = Date.now();
    await form.getByTestId('register-sms-button').click();
    // Counting down (5 minutes) and disabled.
    await expect(form.getByTestId('register-sms-button')).toHaveText(/^(300|29\d) seg$/, { timeout: 60_000 });
    await expect(form.getByTestId('register-sms-button')).toBeDisabled();
    const code = codeIn((await latestSms(mobile, { since })).text);
    await form.locator('input[name="verificationCode"]').fill(code);
    await form.locator('input[name="password"]').fill('Malakas99');
    await form.locator('input[name="confirmPassword"]').fill('Malakas99');
    await acceptAgeAndTerms(page);
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('header-account')).toHaveText(`m${mobile.slice(1)}`, { timeout: 30_000 });
    await expect(page.getByTestId('register-modal')).toHaveCount(0);
  });
});
