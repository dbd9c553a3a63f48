import { test, expect, type Page } from '../lib/test';
import { captchaAnswer } from '../lib/db';
import { openConsole, noHorizontalScroll } from '../lib/console';

// The affiliate application (issue 31, part 8): a visitor applies in the
// storefront, an operator approves in the console, the new agent signs in.

async function english(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    for (const u of ['anonymous', 'demo01', 'agent01']) sessionStorage.setItem(`popupClosed:${u}`, '1');
  });
}

/** Runs action and returns the key of the captcha it loads (one a second per IP: retried like a person). */
async function captchaKeyOf(page: Page, action: () => Promise<unknown>): Promise<string> {
  let trigger = action;
  for (let i = 0; i < 5; i++) {
    const [res] = await Promise.all([page.waitForResponse((r) => r.url().includes('/wps/captcha') && r.request().method() === 'GET'), trigger()]);
    if (res.ok()) return (await res.json()).value.captchaKey;
    await page.waitForTimeout(1100);
    trigger = () => page.getByTestId('affiliate-captcha').getByTestId('captcha-refresh').click();
  }
  throw new Error('no captcha');
}

test('a visitor applies, an operator approves, the new agent signs in', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36).slice(-6);
  const username = `af${stamp}`;
  const name = `Maria Santos ${stamp}`;
  await english(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  const key = await captchaKeyOf(page, () => page.goto('/affiliate'));
  await expect(page.getByRole('heading', { level: 1, name: 'Become an affiliate' })).toBeVisible();
  // Nothing filled: the form names what is missing before anything is sent.
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Please enter your name.')).toBeVisible();
  await expect(page.getByText('Give a mobile number or an e-mail address.')).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Preferred username').fill(username);
  await page.getByLabel('E-mail address').fill(`${username}@example.com`);
  await page.getByLabel('Main channel').selectOption('TIKTOK');
  await page.getByLabel('Channel link or handle').fill('@maria.plays');
  await page.getByLabel('Audience size').fill('12000');
  await page.getByLabel('Message (optional)').fill('I stream slots every night.');
  await page.getByTestId('affiliate-captcha').getByRole('textbox').fill(captchaAnswer(key));
  await page.screenshot({ path: 'test-results/affiliate-form-1440.png', fullPage: true });
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByTestId('affiliate-sent')).toContainText('Application received');

  // The operator finds it among the pending ones and approves it as an affiliate (41).
  const ops = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openConsole(ops, 'support01', '/affiliates?status=PENDING');
  await expect(ops.getByRole('heading', { level: 1, name: 'Affiliate applications' })).toBeVisible();
  await ops.getByRole('link', { name: new RegExp(`from ${name}`) }).click();
  await expect(ops.getByRole('heading', { level: 1, name: /Application no\. \d+/ })).toBeVisible();
  await expect(ops.getByLabel('Username of the new account')).toHaveValue(username);
  await noHorizontalScroll(ops);
  await ops.screenshot({ path: 'test-results/affiliate-console-1280.png', fullPage: true });
  await ops.getByLabel('Agent type').selectOption('41');
  await ops.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(ops.getByText(`Approved: ${username} is now an agent of type Affiliate (41)`, { exact: false })).toBeVisible();
  const secret = (await ops.getByText(/^Password: /).textContent()) ?? '';
  const password = secret.replace('Password: ', '').trim();
  expect(password).toMatch(/^[A-Za-z0-9]{10}$/);
  await ops.close();

  // The new agent signs in at /agent and is asked to change the temporary password.
  const agent = await browser.newPage();
  await english(agent);
  await agent.goto('/agent');
  await agent.getByTestId('agent-username').fill(username);
  await agent.getByTestId('agent-password').fill(password);
  await agent.getByTestId('agent-login-submit').click();
  // Signed in: the landing's notice or the shell's forced-change dialog (whichever renders first) asks for a new password.
  await expect(agent.getByTestId('agent-must-change').or(agent.getByRole('dialog', { name: 'Please change your password' })).first()).toBeVisible();
  await agent.close();
});

test('the application form on a phone @phone', async ({ page }) => {
  await english(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/affiliate');
  await expect(page.getByRole('heading', { level: 1, name: 'Become an affiliate' })).toBeVisible();
  await expect(page.getByTestId('affiliate-captcha')).toBeVisible();
  await noHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/affiliate-form-390.png', fullPage: true });
  // The footer's affiliate link leads here.
  await page.goto('/');
  await page.getByRole('link', { name: 'Affiliate programme' }).click();
  await expect(page).toHaveURL(/\/affiliate$/);
});
