import { test, expect, type Page } from '../lib/test';
import { newMember, playerToken } from '../lib/money';

const H = 3_600_000;
function settings() {
  const now = Date.now();
  const l = (type: string, period: string, o: Record<string, unknown> = {}) => ({ type, period, amount: null, operatorAmount: null, effective: null, used: 0, resetsAt: now + 5 * H, pending: null, ...o });
  return {
    currency: 'PHP', maxAmount: 100000000,
    limits: [
      l('DEPOSIT', 'DAY', { amount: 500000, effective: 500000, used: 123450 }),
      l('DEPOSIT', 'WEEK', { amount: 1000000, effective: 1000000, used: 623450, pending: { amount: 2000000, requestedAt: now - H, effectiveAt: now + 23 * H, confirmable: false } }),
      l('DEPOSIT', 'MONTH'),
      l('LOSS', 'DAY', { amount: 200000, effective: 200000, used: 200000 }),
      l('LOSS', 'WEEK', { operatorAmount: 800000, effective: 800000, used: 10000 }),
      l('LOSS', 'MONTH', { amount: 3000000, effective: 3000000, pending: { amount: null, requestedAt: now - 25 * H, effectiveAt: now - H, confirmable: true } }),
      l('WAGER', 'DAY'), l('WAGER', 'WEEK'), l('WAGER', 'MONTH', { amount: 9000000, effective: 9000000, used: 4500000 }),
      l('SESSION', 'SESSION', { amount: 120, effective: 120, used: 34, resetsAt: null }),
    ],
    realityCheck: { minutes: 30 }, session: { startedAt: now - 34 * 60000, endsAt: now + 86 * 60000, netResult: -12345 }, block: null, restricted: false,
  };
}
const history = { list: [
  { at: Date.now() - H, change: 'RAISE_REQUESTED', type: 'DEPOSIT', period: 'WEEK', from: 1000000, to: 2000000, by: 'PLAYER' },
  { at: Date.now() - 2 * H, change: 'IMPOSED', type: 'LOSS', period: 'WEEK', from: null, to: 800000, by: 'OPERATOR', reason: 'Affordability review' },
  { at: Date.now() - 3 * H, change: 'REALITY_CHECK_SET', from: null, to: 30, by: 'PLAYER' },
  { at: Date.now() - 4 * H, change: 'LIMIT_SET', type: 'SESSION', period: 'SESSION', from: null, to: 120, by: 'PLAYER' },
], total: 4 };

async function mock(page: Page) {
  await page.route('**/wps/rg/settings', (r) => r.fulfill({ json: { success: true, code: 'ok', message: '', value: settings() } }));
  await page.route('**/wps/rg/history*', (r) => r.fulfill({ json: { success: true, code: 'ok', message: '', value: history } }));
}

for (const theme of ['dark', 'light']) {
  test(`shots ${theme} @phone`, async ({ page, request }, info) => {
    const m = newMember('shot');
    const token = await playerToken(request, m.username);
    await mock(page);
    await page.addInitScript(([tk, user, th]) => {
      localStorage.setItem('lang', 'EN'); localStorage.setItem('theme', th);
      for (const u of ['anonymous', user]) sessionStorage.setItem(`popupClosed:${u}`, '1');
      sessionStorage.setItem('token', tk);
    }, [token, m.username, theme]);
    await page.goto('/member/responsibleGaming');
    await expect(page.getByTestId('rg-limit-DEPOSIT-DAY')).toBeVisible({ timeout: 20000 });
    await page.waitForTimeout(500);
    if (info.project.name === 'desktop') await page.screenshot({ path: `/tmp/shots-rg/mock-${info.project.name}-${theme}.png`, fullPage: true });
    else for (let i = 0; i < 6; i++) {
      await page.evaluate((y) => window.scrollTo(0, y), i * 700);
      await page.waitForTimeout(200);
      await page.screenshot({ path: `/tmp/shots-rg/mock-phone-${theme}-${i}.png` });
    }
    if (theme === 'dark') {
      await page.getByRole('button', { name: 'Change: Deposit limit · Daily' }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shots-rg/mock-edit-${info.project.name}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Exclude myself' }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shots-rg/mock-exclusion-${info.project.name}.png` });
      await page.keyboard.press('Escape');
      await page.clock.install();
      await page.reload();
      await expect(page.getByTestId('rg-limit-DEPOSIT-DAY')).toBeVisible({ timeout: 20000 });
      await page.clock.fastForward('30:00');
      await expect(page.getByRole('alertdialog', { name: 'Reality check' })).toBeVisible();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/shots-rg/mock-reality-${info.project.name}.png` });
    }
  });
}
