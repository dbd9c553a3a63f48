import { test, expect, type APIRequestContext } from '../lib/test';
import { startServer, type ExtraServer } from '../lib/server';
import { api, call, cashierPort, findWithdrawal, operatorToken, playerToken, preparePage } from '../lib/cashier';

// A paid withdrawal the player never answers counts as received after the
// brand's cashier.forcedReceiptMinutes (here 1, set as brand data with
// `palaro brand import` on a server of its own). The list shows the deadline
// and then FORCED_RECEIVED without a reload.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: ExtraServer;
let ctx: APIRequestContext;
test.beforeAll(async ({}, info) => {
  server = await startServer(cashierPort(2, info.project.name));
  const brand = server.exportBrand() as { cashier: Record<string, unknown> };
  server.importBrand({ ...brand, cashier: { ...brand.cashier, forcedReceiptMinutes: 1 } });
  ctx = await api(server.url);
});
test.afterAll(async () => {
  await ctx?.dispose();
  await server?.stop();
});

test('an unanswered paid withdrawal becomes FORCED_RECEIVED after the configured minute @phone', async ({ page }) => {
  const token = await playerToken(ctx, 'demo01');
  // Set-up through the player API (the screens for these steps have their own spec).
  expect((await call(ctx, 'PUT', '/wps/member/payment-password', token, { password: 'Palaro2026', newPaymentPassword: '123456', confirmPaymentPassword: '123456' })).code).toBe('ok');
  const account = await call(ctx, 'POST', '/wps/member/payout-accounts', token, { type: 'EWALLET', bankCode: 'GCASH', accountName: 'Demo Player', accountNumber: '09171234567', paymentPassword: '123456' });
  expect(account.code, JSON.stringify(account)).toBe('ok');
  const w = await call(ctx, 'POST', '/wps/cashier/withdrawals', token, { payoutAccountId: account.value.id, amount: '250', paymentPassword: '123456' }, { 'Idempotency-Key': `e2e-forced-${Date.now()}` });
  expect(w.code, JSON.stringify(w)).toBe('ok');
  const ops = await operatorToken(ctx);
  const ow = await findWithdrawal(ctx, ops, w.value.orderNo);
  expect((await call(ctx, 'POST', `/ops/v1/cashier/withdrawals/${ow.id}/approve`, ops, {})).code).toBe('ok');
  await expect.poll(async () => (await call(ctx, 'GET', `/ops/v1/cashier/withdrawals/${ow.id}`, ops)).value?.status, { timeout: 60_000 }).toBe('PAID');

  await preparePage(page, token);
  await page.goto(server.url + '/member/withdraw');
  const row = page.getByTestId('withdraw-row').filter({ hasText: w.value.orderNo });
  await expect(row).toHaveAttribute('data-status', 'PAID', { timeout: 20_000 });
  await expect(row).toContainText('Counts as received after');
  // No reload: the list looks again while something is under way.
  await expect(row).toHaveAttribute('data-status', 'FORCED_RECEIVED', { timeout: 150_000 });
  await expect(row.getByTestId('withdraw-row-status')).toHaveText('Received (automatic)');
  await expect(row.getByTestId('withdraw-confirm-open')).toHaveCount(0);
});
