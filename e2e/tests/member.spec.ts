import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { botcheck } from '../lib/botcheck';
import { sealedApi } from '../lib/sealed';
import { codeIn, latestMail } from '../lib/outbox';

// /member: the member page with the security centre (spec sections 2 and 6).

/** English UI, no announcement popup, and the token in session storage. */
async function withToken(page: Page, token: string) {
  await page.addInitScript((tk) => {
    localStorage.setItem('lang', 'EN');
    // No announcement popup over the page (closed once per session, per user).
    for (const u of ['anonymous', 'demo01', 'agent01']) sessionStorage.setItem(`popupClosed:${u}`, '1');
    if (!sessionStorage.getItem('token')) sessionStorage.setItem('token', tk);
  }, token);
}

async function login(request: APIRequestContext, username: string): Promise<string> {
  const { body } = await sealedApi(request, 'POST', '/wps/session/login', {
    type: 'username',
    username,
    password: 'Palaro2026',
    botcheck: await botcheck(request),
  });
  expect(body.code).toBe('ok');
  return body.value.token;
}

test.describe('member security centre', () => {
  test('shows the account summary and the security items @phone', async ({ page, request }) => {
    // Two logins, so the summary has a previous one to show.
    await login(request, 'demo01');
    await withToken(page, await login(request, 'demo01'));
    await page.goto('/member');
    await expect(page.getByTestId('member-page')).toBeVisible();
    await expect(page.getByTestId('member-account')).toHaveText('demo01');
    await expect(page.getByTestId('member-nickname')).toHaveText('Demo Player');
    await expect(page.getByTestId('member-last-login')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(page.getByTestId('member-last-ip')).toHaveText('127.0.0.1');
    // The demo member's e-mail is bound and shown masked, never in full.
    const email = page.getByTestId('member-item-email-status');
    await expect(email).toContainText('*');
    await expect(email).not.toHaveText('demo01@palaro.example');
    await expect(page.getByTestId('member-item-mobile-status')).toHaveText('Not bound');
    // Change password opens the change-password modal.
    await page.getByTestId('member-change-password').click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('binds an e-mail with the code from the outbox', async ({ page, request }) => {
    // agent01 (a real account too) so demo01's e-mail, used by other specs, stays as it is.
    await withToken(page, await login(request, 'agent01'));
    await page.goto('/member');
    await expect(page.getByTestId('member-account')).toHaveText('agent01');
    const address = `agent01.${Date.now()}@palaro.example`;
    await page.getByTestId('member-bind-email').click();
    const form = page.getByTestId('bind-email-form');
    // Shape checks before a code is requested.
    await form.getByTestId('bind-email-target').fill('not-an-email');
    await form.getByTestId('bind-email-send').click();
    await expect(form.getByText('Please enter a valid e-mail address.')).toBeVisible();
    await form.getByTestId('bind-email-target').fill(address);
    // The send button takes one click a second.
    await page.waitForTimeout(1100);
    const since = Date.now();
    await form.getByTestId('bind-email-send').click();
    await expect(form.getByTestId('bind-email-sent')).toContainText(address);
    await expect(form.getByTestId('bind-email-send')).toBeDisabled();
    const mail = await latestMail(address, { since, timeoutMs: 10_000 });
    const code = codeIn(mail.text || mail.html);
    // A wrong code is refused by the server.
    const wrong = code === '000000' ? '111111' : '000000';
    await form.getByTestId('bind-email-code').fill(wrong);
    await form.getByTestId('bind-email-submit').click();
    await expect(form.getByTestId('bind-email-error')).toBeVisible();
    await form.getByTestId('bind-email-code').fill(code);
    await form.getByTestId('bind-email-submit').click();
    await expect(page.getByTestId('member-bind-done')).toHaveText('Your e-mail address is now bound.');
    await expect(page.getByTestId('bind-email-form')).toHaveCount(0);
    const status = page.getByTestId('member-item-email-status');
    await expect(status).toContainText('*');
    await expect(status).toContainText('@palaro.example');
    await expect(page.getByTestId('member-bind-email')).toHaveText('Change');
  });

  test('visitors are sent to log in', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('popupClosed:anonymous', '1'));
    await page.goto('/member');
    // The guard sends them to /login, which opens the login popup over the home page.
    await expect(page).not.toHaveURL(/\/member/, { timeout: 15_000 });
    // The popup is a lazy chunk with its own strings: allow a loaded machine some time.
    await expect(page.getByTestId('login-form')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('member-page')).toHaveCount(0);
  });

  test('trial players are told a real account is needed', async ({ page, request }) => {
    const res = await request.post('/wps/session/login/freeplay', { data: { os: 'web', platform: 'W' } });
    const body = await res.json();
    expect(body.code).toBe('ok');
    await withToken(page, body.value.token);
    await page.goto('/member');
    await expect(page.getByTestId('member-page')).toContainText('A real account is needed');
    await expect(page.getByTestId('member-summary')).toHaveCount(0);
  });
});
