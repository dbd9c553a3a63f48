import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { botcheck } from '../lib/botcheck';
import { sealedApi } from '../lib/sealed';

// The agent landing (/agent) and the agent centre (/agentHome), spec section 2.

/** Logs in through the API and hands the token to the page's session storage. */
async function loginAs(page: Page, request: APIRequestContext, username: string) {
  const { body } = await sealedApi(request, 'POST', '/wps/session/login', {
    type: 'username',
    username,
    password: 'Palaro2026',
    botcheck: await botcheck(request),
  });
  expect(body.code).toBe('ok');
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('token')) sessionStorage.setItem('token', token);
    // No announcement popup over the page (closed once per session, per user).
    for (const u of ['anonymous', 'demo01', 'agent01']) sessionStorage.setItem(`popupClosed:${u}`, '1');
  }, body.value.token as string);
}

async function english(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    // No announcement popup over the page (closed once per session, per user).
    for (const u of ['anonymous', 'demo01', 'agent01']) sessionStorage.setItem(`popupClosed:${u}`, '1');
  });
}

async function agentLogin(page: Page, username: string) {
  await page.goto('/agent');
  await expect(page.getByTestId('agent-landing')).toBeVisible();
  await page.getByTestId('agent-username').fill(username);
  await page.getByTestId('agent-password').fill('Palaro2026');
  await page.getByTestId('agent-login-submit').click();
}

test.describe('agent', () => {
  test('the landing has its own layout: logo, login form, marketing points, advisory hours @phone', async ({ page }) => {
    await english(page);
    await page.goto('/agent');
    const landing = page.getByTestId('agent-landing');
    await expect(landing).toBeVisible();
    // No storefront header, side menu or footer.
    await expect(page.getByTestId('footer')).toHaveCount(0);
    await expect(page.getByTestId('drawer-toggle')).toHaveCount(0);
    await expect(landing.getByRole('heading', { name: 'Agent login' })).toBeVisible();
    await expect(page.getByTestId('agent-point-promotion')).toContainText('Promotion support');
    await expect(page.getByTestId('agent-point-expert')).toContainText('15 days to become an expert');
    await expect(page.getByTestId('agent-point-reports')).toContainText('Full reports');
    await expect(page.getByTestId('agent-hours')).toContainText('Monday to Friday, 12:00 to 21:00');
    // Required fields are checked before anything is sent.
    await page.getByTestId('agent-login-submit').click();
    await expect(page.getByText('Please enter your username.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
  });

  test('agent01 logs in, sees the centre with a ticking clock, copies the invitation, signs out', async ({ page, context }) => {
    await english(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => {});
    await agentLogin(page, 'agent01');
    await expect(page).toHaveURL(/\/agentHome$/);
    const home = page.getByTestId('agent-home');
    await expect(home).toBeVisible();
    await expect(page.getByTestId('agent-nickname')).toHaveText('Demo Agent');
    await expect(page.getByTestId('footer')).toHaveCount(0);

    // The brand's time zone (Asia/Manila in the demo), whatever the browser's, and a clock that moves every second.
    await expect(page.getByTestId('agent-gmt')).toHaveText('GMT+08:00');
    const clock = page.getByTestId('agent-clock');
    await expect(clock).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first!, { timeout: 2500 });

    // Invitation code and the registration link the register popup reads (register centre).
    await page.getByTestId('agent-nav-registerCenter').click();
    await expect(page).toHaveURL(/\/agentHome\/registerCenter$/);
    await expect(page.getByTestId('agent-code')).toHaveText('AGENT01');
    const origin = new URL(page.url()).origin;
    await expect(page.getByTestId('agent-link')).toHaveText(`${origin}/register?affiliateCode=AGENT01`);
    await page.getByTestId('agent-code-copy').click();
    const dialog = page.getByTestId('agent-copied');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/Invitation code AGENT01 was copied|Copy did not work/);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog).toHaveCount(0);

    // An agent already logged in who opens /agent goes to the centre.
    await page.goto('/agent');
    await expect(page).toHaveURL(/\/agentHome$/);

    await page.getByTestId('agent-signout').click();
    await page.getByTestId('logout-confirm').click();
    await expect(page).toHaveURL(/\/agent$/);
    await expect(page.getByTestId('agent-login-form')).toBeVisible();
    // The session is gone: the centre sends visitors back to the landing.
    await page.goto('/agentHome');
    await expect(page).toHaveURL(/\/agent$/);
  });

  test('a member cannot log in at /agent', async ({ page }) => {
    await english(page);
    await agentLogin(page, 'demo01');
    await expect(page.getByTestId('agent-login-error')).toHaveText(/Non-agents cannot log in/);
    await expect(page).toHaveURL(/\/agent$/);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  test('a logged-in member who opens /agentHome is sent to /agent', async ({ page, request }) => {
    await english(page);
    await loginAs(page, request, 'demo01');
    await page.goto('/agentHome');
    await expect(page).toHaveURL(/\/agent$/);
    await expect(page.getByTestId('agent-landing')).toBeVisible();
    // The member stays logged in (only the agent area is closed to them).
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).not.toBeNull();
  });

  test('a visitor who opens /agentHome is sent to /agent', async ({ page }) => {
    await english(page);
    await page.goto('/agentHome');
    await expect(page).toHaveURL(/\/agent$/);
    await expect(page.getByTestId('agent-login-form')).toBeVisible();
  });
});
