import { test, expect, type Page } from '../lib/test';
import { shot } from '../lib/shots';
import { newMember, playerToken } from '../lib/money';

// Google and Facebook login against the Palaro test identity provider that
// demo mode mounts at /dev/idp/: first visit creates an account (or links an
// existing one with its password), the next visit logs straight in; a cancel
// at the provider gives 'login failure, try again'.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-h5';
const SLOW = { timeout: 20_000 };
const PASSWORD = 'Palaro2026';

async function quiet(page: Page, accounts: string[] = []) {
  await page.addInitScript((names) => {
    for (const n of ['anonymous', ...names]) sessionStorage.setItem(`popupClosed:${n}`, '1');
  }, accounts);
}

async function openLogin(page: Page) {
  await page.getByTestId('header-login-compact').click();
  const modal = page.getByTestId('login-modal');
  await expect(modal.locator('input[name="username"]')).toBeVisible(SLOW);
  return modal;
}

/** Login popup → provider button → the test IdP page; returns when the IdP form shows. */
async function toProvider(page: Page, provider: 'Google' | 'Facebook', file?: string) {
  await openLogin(page);
  const buttons = page.getByTestId('third-party-login');
  await expect(buttons.getByRole('button', { name: /Google/ })).toBeVisible(SLOW);
  await expect(buttons.getByRole('button', { name: /Facebook/ })).toBeVisible(SLOW);
  if (file) await shot(page, { path: `${SHOTS}/${file}` });
  await buttons.getByRole('button', { name: new RegExp(provider) }).click();
  await expect(page).toHaveURL(new RegExp(`/dev/idp/${provider.toLowerCase()}/authorize\\?`), SLOW);
  await expect(page.getByRole('heading', { name: 'Palaro test identity provider' })).toBeVisible(SLOW);
  await expect(page.getByText('DEMO ONLY')).toBeVisible(SLOW);
}

async function approveAs(page: Page, email: string, name: string) {
  await page.getByLabel('Or type an e-mail').fill(email);
  await page.getByLabel('Display name').fill(name);
  await page.getByRole('button', { name: 'Approve' }).click();
}

test.describe('third-party login', () => {
  // Each test walks through the provider and back (several full page loads).
  test.describe.configure({ timeout: 120_000 });
  test.use({ actionTimeout: 20_000 });
  test('Google: first visit creates an account, the next logs straight in', async ({ page, browser }) => {
    await quiet(page);
    await page.goto('/');
    await toProvider(page, 'Google', 'oauth-buttons-desktop.png');
    await shot(page, { path: `${SHOTS}/oauth-idp-desktop.png` });
    await approveAs(page, 'bagong.manlalaro@palaro.test', 'Bagong Manlalaro');

    const dialog = page.getByTestId('oauth-dialog');
    await expect(dialog.getByRole('button', { name: /Gumawa ng bagong account/ })).toBeVisible(SLOW);
    expect(new URL(page.url()).hash).toBe(''); // the ticket left the address at once
    await shot(page, { path: `${SHOTS}/oauth-link-choice-desktop.png` });
    await dialog.getByRole('button', { name: /Gumawa ng bagong account/ }).click();
    const username = dialog.getByTestId('oauth-new-username');
    await expect(username).toHaveText(/^bagongmanl\d{4,}$/, SLOW);
    const account = (await username.textContent())!.trim();
    await shot(page, { path: `${SHOTS}/oauth-created-desktop.png` });
    await dialog.getByRole('button', { name: 'Magpatuloy' }).click();
    await expect(page.getByTestId('header-account')).toHaveText(account, SLOW);
    // Third-party logins never open the forced password change.
    await expect(page.getByTestId('change-password-modal')).toHaveCount(0);

    // Another visit (a new browser context): straight in, no questions.
    const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 1440, height: 900 } });
    const again = await ctx.newPage();
    await quiet(again, [account]);
    await again.goto('/games');
    await toProvider(again, 'Google');
    await approveAs(again, 'bagong.manlalaro@palaro.test', 'Bagong Manlalaro');
    await expect(again.getByTestId('header-account')).toHaveText(account, SLOW);
    await expect(again).toHaveURL(/\/games$/, SLOW);
    await ctx.close();
  });

  test('Facebook: link to an existing account with its password, then log in with Facebook', async ({ page, browser }) => {
    await quiet(page, ['demo01']);
    await page.goto('/');
    await toProvider(page, 'Facebook');
    await approveAs(page, 'demo01.fb@palaro.test', 'Demo Uno');
    const dialog = page.getByTestId('oauth-dialog');
    await dialog.getByRole('button', { name: /I-link sa aking kasalukuyang account/ }).click();
    await dialog.locator('input[name="username"]').fill('demo01');
    await dialog.locator('input[name="password"]').fill('wrong-pass1');
    await dialog.getByRole('button', { name: 'I-link at mag-login' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Mali ang username o password', SLOW);
    await dialog.locator('input[name="password"]').fill(PASSWORD);
    await shot(page, { path: `${SHOTS}/oauth-link-form-desktop.png` });
    await dialog.getByRole('button', { name: 'I-link at mag-login' }).click();
    await expect(page.getByTestId('header-account')).toHaveText('demo01', SLOW);
    await expect(dialog).toHaveCount(0);

    const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const again = await ctx.newPage();
    await quiet(again, ['demo01']);
    await again.goto('/');
    await toProvider(again, 'Facebook');
    await approveAs(again, 'demo01.fb@palaro.test', 'Demo Uno');
    await expect(again.getByTestId('header-account')).toHaveText('demo01', SLOW);
    await ctx.close();
  });

  test('a friend with a referral link signs up with Google: the referrer sees them registered', async ({ page, request }) => {
    // The referrer's link, as refer-and-earn shows it.
    const referrer = newMember('ro');
    const token = await playerToken(request, referrer.username);
    const auth = { Authorization: `Bearer ${token}` };
    const view = (await (await request.get('/wps/referral', { headers: auth })).json()).value;
    expect(view.path).toBe(`/register?referralCode=${view.code}`);
    // The friend opens it and signs up with Google from the register popup.
    await quiet(page);
    await page.goto(view.path);
    const register = page.getByTestId('register-modal');
    await expect(register.getByTestId('third-party-login')).toBeVisible(SLOW);
    await shot(page, { path: `${SHOTS}/oauth-register-buttons-desktop.png` });
    await register.getByTestId('third-party-login').getByRole('button', { name: /Google/ }).click();
    await expect(page.getByRole('heading', { name: 'Palaro test identity provider' })).toBeVisible(SLOW);
    const email = `kaibigan.${Date.now()}@palaro.test`;
    await approveAs(page, email, 'Kaibigan Ko');
    const dialog = page.getByTestId('oauth-dialog');
    await dialog.getByRole('button', { name: /Gumawa ng bagong account/ }).click(SLOW);
    const account = (await dialog.getByTestId('oauth-new-username').textContent({ timeout: 20_000 }))!.trim();
    await dialog.getByRole('button', { name: 'Magpatuloy' }).click();
    await expect(page.getByTestId('header-account')).toHaveText(account, SLOW);
    // Referred like a form registration: the referrer's friends list has them.
    await expect
      .poll(async () => {
        const v = (await (await request.get('/wps/referral', { headers: auth })).json()).value;
        return v.friends.map((f: { status: string }) => f.status);
      }, SLOW)
      .toEqual(['REGISTERED']);
  });

  test('cancel at the provider: login failure, try again', async ({ page }) => {
    await quiet(page);
    await page.goto('/');
    await toProvider(page, 'Google');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByTestId('oauth-dialog');
    await expect(dialog.getByRole('alert')).toHaveText('Nabigo ang pag-login, pakisubukang muli.', SLOW);
    await shot(page, { path: `${SHOTS}/oauth-cancelled-desktop.png` });
    await dialog.getByRole('button', { name: 'Subukang muli' }).click();
    await expect(page.getByTestId('third-party-login')).toBeVisible(SLOW);
  });

  test('phone: buttons in the popup and the link dialog @phone', async ({ page }) => {
    test.skip(test.info().project.name !== 'phone', 'phone layout');
    await page.emulateMedia({ colorScheme: 'dark' }); // the dark theme is the default look
    await quiet(page);
    await page.goto('/');
    await toProvider(page, 'Google', 'oauth-buttons-phone-dark.png');
    await shot(page, { path: `${SHOTS}/oauth-idp-phone.png` });
    await approveAs(page, 'phone.user@palaro.test', 'Phone User');
    await expect(page.getByTestId('oauth-dialog').getByRole('button', { name: /Gumawa ng bagong account/ })).toBeVisible(SLOW);
    await shot(page, { path: `${SHOTS}/oauth-link-choice-phone-dark.png` });
  });
});
