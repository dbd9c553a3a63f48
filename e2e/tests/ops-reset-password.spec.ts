import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { botcheck } from '../lib/botcheck';
import { captchaAnswer } from '../lib/db';
import { operatorSession } from '../lib/operator';
import { sealedApi } from '../lib/sealed';

// An operator resets a player's password through the ops API
// (POST /ops/v1/players/{id}/reset-password): the player's open session
// ends, the old password stops working, and the one-time default password
// leads the storefront straight into the forced change-password dialog.
// The player is registered by this spec, so no shared demo account changes.
const run = Date.now().toString(36).slice(-5);
const PASSWORD = 'Luma2026x';

async function register(request: APIRequestContext, name: string) {
  const cap = (await (await request.get('/wps/captcha')).json()).value;
  const { body } = await sealedApi(request, 'PUT', '/wps/member/register', {
    username: name, password: PASSWORD, confirmPassword: PASSWORD, captcha: captchaAnswer(cap.captchaKey), captchaKey: cap.captchaKey,
    registerMethod: 'WEB', domain: '127.0.0.1', registerUrl: 'e2e', login: false, botcheck: await botcheck(request),
  });
  expect(body.code, JSON.stringify(body)).toBe('ok');
}

async function loginCode(request: APIRequestContext, username: string, password: string) {
  const { body } = await sealedApi(request, 'POST', '/wps/session/login', { type: 'username', username, password, botcheck: await botcheck(request) });
  return body;
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

async function loginInStorefront(page: Page, username: string, password: string) {
  await page.getByTestId('header-login-compact').click();
  const login = page.getByTestId('login-modal');
  await login.locator('input[name="username"]').fill(username);
  await login.locator('input[name="password"]').fill(password);
  await login.locator('button[type="submit"]').click();
}

test('an operator resets a password; the player must change it at the next login', async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `Rst${run}`;
  await register(request, name);

  // The player is logged in in the storefront.
  await quietPopups(page);
  await page.goto('/');
  await loginInStorefront(page, name, PASSWORD);
  await expect(page.getByTestId('header-account')).toHaveText(name.toLowerCase(), { ignoreCase: true, timeout: 30_000 });

  // The operator finds the player and resets the password with a reason.
  const ops = await operatorSession(request, 'ops01');
  const auth = { Authorization: `Bearer ${ops}` };
  const found = await (await request.get(`/ops/v1/players?by=username&q=${name}`, { headers: auth })).json();
  expect(found.value.total).toBe(1);
  const id = found.value.items[0].id as number;
  const refused = await request.post(`/ops/v1/players/${id}/reset-password`, { headers: auth, data: {} });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).code).toBe('operator.invalid_reason');
  const reset = await (await request.post(`/ops/v1/players/${id}/reset-password`, { headers: auth, data: { reason: 'Player asked by phone' } })).json();
  expect(reset.code, JSON.stringify(reset)).toBe('ok');
  const temp = reset.value.password as string;
  expect(temp).toHaveLength(10);
  expect(reset.value.mustChange).toBe(true);

  // The open session has ended: a reload shows a visitor.
  await page.reload();
  await expect(page.getByTestId('header-login-compact')).toBeVisible({ timeout: 15_000 });
  // The old password no longer works.
  expect((await loginCode(request, name, PASSWORD)).code).not.toBe('ok');

  // The default password opens the forced change dialog, which cannot be dismissed.
  await loginInStorefront(page, name, temp);
  const modal = page.getByTestId('change-password-modal');
  await expect(modal).toBeVisible({ timeout: 30_000 });
  await expect(modal.getByTestId('change-password-forced')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await modal.locator('input[name="oldPassword"]').fill(temp);
  await modal.locator('input[name="newPassword"]').fill('Bago2026x');
  await modal.locator('input[name="confirmNewPassword"]').fill('Bago2026x');
  await modal.locator('button[type="submit"]').click();
  await expect(modal).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('header-account')).toHaveText(name.toLowerCase(), { ignoreCase: true });

  // The new password logs in without the forced step; the player page no longer flags it.
  const after = await loginCode(request, name, 'Bago2026x');
  expect(after.code).toBe('ok');
  expect(after.value.passwordExpired).toBe(false);
  const page2 = await (await request.get(`/ops/v1/players/${id}`, { headers: auth })).json();
  expect(page2.value.flags.defaultPassword).toBe(false);
});
