import { test, expect, type APIRequestContext, type Page } from '../lib/test';
import { startServer, type ExtraServer } from '../lib/server';
import { api, call, cashierPort, findWithdrawal, operatorToken, playerToken, PNG, preparePage } from '../lib/cashier';
import { shot } from '../lib/shots';

// Withdrawals (spec section 2 "withdraw", docs/cashier.md): the payment
// password and a payout account set up on the page, a request that holds the
// money, the cashier's approval paid out by the sandbox provider, and the
// player's answer: received (with proof) or partly received. Each project
// runs on a server of its own (fresh demo data, demo01 with 10,000.00).
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-W1';
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let server: ExtraServer;
let ctx: APIRequestContext;
test.beforeAll(async ({}, info) => {
  server = await startServer(cashierPort(1, info.project.name));
  ctx = await api(server.url);
});
test.afterAll(async () => {
  await ctx?.dispose();
  await server?.stop();
});

/** The cashier approves; the sandbox pays out; the withdrawal reaches PAID. */
async function approveAndPay(orderNo: string) {
  const ops = await operatorToken(ctx);
  const w = await findWithdrawal(ctx, ops, orderNo);
  expect(w.status).toBe('PENDING_REVIEW');
  const res = await call(ctx, 'POST', `/ops/v1/cashier/withdrawals/${w.id}/approve`, ops, {});
  expect(res.code, JSON.stringify(res)).toBe('ok');
  await expect.poll(async () => (await call(ctx, 'GET', `/ops/v1/cashier/withdrawals/${w.id}`, ops)).value?.status, { timeout: 60_000 }).toBe('PAID');
}

async function requestWithdrawal(page: Page, amount: string): Promise<string> {
  const form = page.getByTestId('withdraw-form');
  await form.getByLabel('Withdrawal amount', { exact: true }).fill(amount);
  await form.getByTestId('withdraw-password').fill('123456');
  await page.getByTestId('withdraw-submit').click();
  const held = page.getByTestId('withdraw-held');
  await expect(held).toBeVisible({ timeout: 20_000 });
  return (await held.locator('p').last().textContent())!.replace(/^.*:\s*/, '').trim();
}

test('set the payment password, bind a payout account, withdraw, approve, confirm received with proof @phone', async ({ page }, info) => {
  const project = info.project.name;
  await preparePage(page, await playerToken(ctx, 'demo01'));
  await page.goto(server.url + '/member/withdraw');
  const balance = page.getByTestId('header-balance').getByTestId('balance-amount');
  await expect(balance).toHaveText('₱10,000.00', { timeout: 20_000 });
  await expect(page.getByTestId('withdraw-balance')).toContainText('10,000.00');

  // Step 1: the payment password (the login password proves the member).
  const pw = page.getByTestId('withdraw-step-password');
  await expect(pw).toBeVisible();
  await shot(page, { path: `${SHOTS}/withdraw-step-password-${project}-dark.png`, fullPage: true });
  await pw.getByLabel('Login password', { exact: true }).fill('Palaro2026');
  await pw.getByLabel('New payment password', { exact: true }).fill('123456');
  await pw.getByLabel('Repeat new payment password', { exact: true }).fill('654321');
  await pw.getByTestId('pp-submit').click();
  await expect(pw.getByText('The two payment passwords do not match.')).toBeVisible();
  await pw.getByLabel('Repeat new payment password', { exact: true }).fill('123456');
  await pw.getByTestId('pp-submit').click();

  // Step 2: a payout account in the real name (the first one sets it).
  const acc = page.getByTestId('withdraw-step-account');
  await expect(acc).toBeVisible({ timeout: 15_000 });
  await expect(acc.getByText(/first payout account sets your registered real name/)).toBeVisible();
  await acc.getByTestId('pa-bank').selectOption('BDO');
  await acc.getByLabel('Account holder name', { exact: true }).fill('Demo Player');
  await acc.getByLabel('Account number', { exact: true }).fill('12345');
  await acc.getByTestId('pa-password').fill('123456');
  await acc.getByTestId('pa-submit').click();
  await expect(acc.getByText('The bank account number has 6 to 20 digits.')).toBeVisible();
  await shot(page, { path: `${SHOTS}/withdraw-step-account-${project}-dark.png`, fullPage: true });
  await acc.getByLabel('Account number', { exact: true }).fill('001234567890');
  await acc.getByTestId('pa-submit').click();

  // Step 3: the withdrawal holds the money; the header follows without a reload.
  await expect(page.getByTestId('withdraw-form')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('withdraw-account')).toContainText('BDO');
  await page.getByTestId('withdraw-form').getByLabel('Withdrawal amount', { exact: true }).fill('1000.005');
  await page.getByTestId('withdraw-password').fill('123456');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText('The amount can have at most 2 decimal places.')).toBeVisible();
  await shot(page, { path: `${SHOTS}/withdraw-form-${project}-dark.png`, fullPage: true });
  const orderNo = await requestWithdrawal(page, '1000');
  await expect(balance).toHaveText('₱9,000.00', { timeout: 15_000 });
  const row = page.getByTestId('withdraw-row').filter({ hasText: orderNo });
  await expect(row.getByTestId('withdraw-row-status')).toHaveText('Under review');

  await approveAndPay(orderNo);
  await page.reload();
  await expect(row.getByTestId('withdraw-row-status')).toHaveText('Paid, please confirm', { timeout: 20_000 });
  await row.getByTestId('withdraw-confirm-open').click();
  const dialog = page.getByTestId('withdraw-confirm');
  await expect(dialog).toContainText(orderNo);
  await dialog.getByTestId('confirm-RECEIVED').check();
  await dialog.getByTestId('confirm-proof-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByTestId('confirm-proof-preview')).toBeVisible();
  await shot(page, { path: `${SHOTS}/withdraw-confirm-${project}-dark.png` });
  await dialog.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('withdraw-confirm-done')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('withdraw-row-status')).toHaveText('Received');
  await expect(balance).toHaveText('₱9,000.00');
  await shot(page, { path: `${SHOTS}/withdraw-list-${project}-dark.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(row.getByTestId('withdraw-row-status')).toHaveText('Received', { timeout: 20_000 });
  await shot(page, { path: `${SHOTS}/withdraw-list-${project}-light.png`, fullPage: true });
});

test('partly received: the remaining amount is recorded @phone', async ({ page }) => {
  await preparePage(page, await playerToken(ctx, 'demo01'));
  await page.goto(server.url + '/member/withdraw');
  await expect(page.getByTestId('withdraw-form')).toBeVisible({ timeout: 20_000 });
  const orderNo = await requestWithdrawal(page, '500');
  await approveAndPay(orderNo);
  await page.reload();
  const row = page.getByTestId('withdraw-row').filter({ hasText: orderNo });
  await expect(row.getByTestId('withdraw-row-status')).toHaveText('Paid, please confirm', { timeout: 20_000 });
  await row.getByTestId('withdraw-confirm-open').click();
  const dialog = page.getByTestId('withdraw-confirm');
  await dialog.getByTestId('confirm-PARTIAL').check();
  await dialog.getByLabel('Amount received', { exact: true }).fill('500');
  await dialog.getByTestId('confirm-submit').click();
  await expect(dialog.getByText('The amount received must be less than PHP 500.00.')).toBeVisible();
  await dialog.getByLabel('Amount received', { exact: true }).fill('300.50');
  await dialog.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('withdraw-confirm-done')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('withdraw-row-status')).toHaveText('Partly received');
  await expect(row).toContainText('Received: PHP 300.50');
  const ops = await operatorToken(ctx);
  const w = await findWithdrawal(ctx, ops, orderNo);
  expect(w.status).toBe('PARTIALLY_RECEIVED');
  expect(w.receivedAmount).toBe(30050);
  expect(w.remainingAmount).toBe(19950);
});

test('not received needs a proof image; a wrong file type is refused @phone', async ({ page }) => {
  await preparePage(page, await playerToken(ctx, 'demo01'));
  await page.goto(server.url + '/member/withdraw');
  await expect(page.getByTestId('withdraw-form')).toBeVisible({ timeout: 20_000 });
  const orderNo = await requestWithdrawal(page, '200');
  await approveAndPay(orderNo);
  await page.reload();
  const row = page.getByTestId('withdraw-row').filter({ hasText: orderNo });
  await row.getByTestId('withdraw-confirm-open').click({ timeout: 20_000 });
  const dialog = page.getByTestId('withdraw-confirm');
  await dialog.getByTestId('confirm-NOT_RECEIVED').check();
  await dialog.getByTestId('confirm-submit').click();
  await expect(dialog.getByText('Please upload an image.')).toBeVisible();
  await dialog.getByTestId('confirm-proof-input').setInputFiles({ name: 'proof.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text, not a jpeg') });
  await expect(dialog.getByTestId('confirm-proof-error')).toHaveText('Only PNG or JPG images can be uploaded.');
  await dialog.getByTestId('confirm-proof-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByTestId('confirm-submit').click();
  await expect(page.getByTestId('withdraw-confirm-done')).toBeVisible({ timeout: 15_000 });
  await expect(row.getByTestId('withdraw-row-status')).toHaveText('Not received');
});
