import AxeBuilder from '@axe-core/playwright';
import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { startServer, type ExtraServer } from '../lib/server';
import { api, call, cashierPort, playerToken, PNG, preparePage } from '../lib/cashier';
import { shot } from '../lib/shots';

// Screenshots of the personal centre's cashier pages for a visual check
// (desktop 1440 and phone 390, dark and light): the security centre with its
// payments section, deposit and withdraw with some history. Also checks that
// nothing overflows the phone's width.
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-W1';
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: ExtraServer;
let ctx: APIRequestContext;
let token: string;
test.beforeAll(async ({}, info) => {
  server = await startServer(cashierPort(3, info.project.name));
  ctx = await api(server.url);
  token = await playerToken(ctx, 'demo01');
  // Some history: a bank deposit under review, a payment password, a payout account and a withdrawal.
  const dep = await ctx.post('/wps/cashier/deposits', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `shots-dep-${Date.now()}` },
    multipart: { method: 'BDO_BANK', amount: '2500.00', reference: 'BDO-SHOT-1', receipt: { name: 'r.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect((await dep.json()).code).toBe('ok');
  expect((await call(ctx, 'PUT', '/wps/member/payment-password', token, { password: 'Palaro2026', newPaymentPassword: '123456', confirmPaymentPassword: '123456' })).code).toBe('ok');
  const acc = await call(ctx, 'POST', '/wps/member/payout-accounts', token, { type: 'BANK', bankCode: 'BDO', accountName: 'Demo Player', accountNumber: '001234567890', paymentPassword: '123456' });
  expect(acc.code).toBe('ok');
  const w = await call(ctx, 'POST', '/wps/cashier/withdrawals', token, { payoutAccountId: acc.value.id, amount: '1200', paymentPassword: '123456' }, { 'Idempotency-Key': `shots-w-${Date.now()}` });
  expect(w.code).toBe('ok');
});
test.afterAll(async () => {
  await ctx?.dispose();
  await server?.stop();
});

async function shoot(page: Page, name: string, project: string, ready: () => Promise<void>) {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((th) => localStorage.setItem('theme', th), theme);
    await page.reload();
    await ready();
    await page.waitForTimeout(300);
    if (project === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, { path: `${SHOTS}/${name}-${project}-${theme}.png` });
    await shot(page, { path: `${SHOTS}/${name}-${project}-${theme}-full.png`, fullPage: true });
  }
}

test('security centre, deposit and withdraw pages @phone', async ({ page }, info) => {
  const project = info.project.name;
  await preparePage(page, token);
  await page.goto(server.url + '/member');
  await shoot(page, 'centre-security', project, async () => {
    await expect(page.getByTestId('member-item-payment-password-status')).toHaveText('Set', { timeout: 20_000 });
  });
  await page.getByTestId('member-payout-accounts').click();
  await expect(page.getByTestId('payout-account')).toHaveCount(1);
  await page.getByTestId('payout-account-add').click();
  await expect(page.getByTestId('payout-account-form')).toBeVisible();
  await shot(page, { path: `${SHOTS}/centre-accounts-${project}-${'light'}-full.png`, fullPage: true });

  await page.goto(server.url + '/member/depositv2');
  await shoot(page, 'centre-deposit', project, async () => {
    await expect(page.getByTestId('deposit-row')).toHaveCount(1, { timeout: 20_000 });
  });
  await page.goto(server.url + '/member/withdraw');
  await shoot(page, 'centre-withdraw', project, async () => {
    await expect(page.getByTestId('withdraw-row')).toHaveCount(1, { timeout: 20_000 });
  });

  // Right to left: Arabic.
  await page.evaluate(() => localStorage.setItem('lang', 'AR'));
  await page.goto(server.url + '/member/depositv2');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 20_000 });
  await expect(page.getByTestId('deposit-row')).toHaveCount(1, { timeout: 20_000 });
  await page.waitForTimeout(300);
  if (project === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, { path: `${SHOTS}/centre-deposit-${project}-ar.png` });
  await page.evaluate(() => localStorage.setItem('lang', 'EN'));
});

for (const path of ['/member', '/member/depositv2', '/member/withdraw']) {
  test(`no serious or critical axe violations on ${path}`, async ({ page }) => {
    await preparePage(page, token);
    await page.goto(server.url + path);
    await expect(page.getByTestId('centre-menu')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const result = await new AxeBuilder({ page }).include('[data-testid="centre"]').analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
  });
}
