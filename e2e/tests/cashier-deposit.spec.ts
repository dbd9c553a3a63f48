import { test, expect, type APIRequestContext } from '../lib/test';
import { startServer, type ExtraServer } from '../lib/server';
import { api, call, cashierPort, findDeposit, operatorToken, playerToken, PNG, preparePage } from '../lib/cashier';
import { shot } from '../lib/shots';

// Deposits (spec section 2 "depositv2", docs/cashier.md): a bank transfer with
// a receipt approved by an operator, and an online payment through the
// sandbox provider's hosted page; the header balance follows without a
// reload. Each project runs on a server of its own (fresh demo data).
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-W1';
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: ExtraServer;
let ctx: APIRequestContext;
test.beforeAll(async ({}, info) => {
  server = await startServer(cashierPort(0, info.project.name));
  ctx = await api(server.url);
});
test.afterAll(async () => {
  await ctx?.dispose();
  await server?.stop();
});

test('bad input is refused in the browser with the server rules: decimals, below minimum, wrong file type @phone', async ({ page }) => {
  await preparePage(page, await playerToken(ctx, 'demo01'));
  await page.goto(server.url + '/member/depositv2');
  const form = page.getByTestId('deposit-form');
  await expect(page.getByTestId('deposit-method-BDO_BANK')).toHaveAttribute('aria-checked', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('deposit-bank-accountNumber')).toHaveText('0012 3456 7890');
  await form.getByLabel('Amount', { exact: true }).fill('150.505');
  await form.getByTestId('deposit-reference').fill('REF');
  await page.getByTestId('deposit-receipt-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('this is not an image') });
  await expect(page.getByTestId('deposit-receipt-error')).toHaveText('Only PNG or JPG images can be uploaded.');
  await page.getByTestId('deposit-submit').click();
  await expect(form.getByText('The amount can have at most 2 decimal places.')).toBeVisible();
  await expect(form.getByText('The reference has 4 to 40 characters.')).toBeVisible();
  await form.getByLabel('Amount', { exact: true }).fill('99.99');
  await page.getByTestId('deposit-submit').click();
  await expect(form.getByText('The minimum amount is 100.00.')).toBeVisible();
  // And the server says the same about a forged request that skips the browser checks.
  const token = await playerToken(ctx, 'demo01');
  const res = await ctx.post('/wps/cashier/deposits', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-bad-${Date.now()}` },
    multipart: { method: 'BDO_BANK', amount: '150.00', reference: 'REF-12345', receipt: { name: 'r.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a not a png') } },
  });
  expect((await res.json()).code).toBe('upload.wrong_type');
  const dec = await ctx.post('/wps/cashier/deposits', {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-dec-${Date.now()}` },
    data: { method: 'GCASH', amount: '150.505' },
  });
  expect((await dec.json()).code).toBe('money.too_many_decimals');
});

test('bank transfer with receipt, approved by the cashier: the header balance rises without a reload @phone', async ({ page }, info) => {
  const project = info.project.name;
  await preparePage(page, await playerToken(ctx, 'demo01'));
  await page.goto(server.url + '/member/depositv2');
  const balance = page.getByTestId('header-balance').getByTestId('balance-amount');
  await expect(balance).toHaveText(/₱\d/, { timeout: 20_000 });
  const before = await balance.textContent();
  await expect(page.getByTestId('deposit-method-BDO_BANK')).toHaveAttribute('aria-checked', 'true');
  await shot(page, { path: `${SHOTS}/deposit-bank-${project}-dark.png`, fullPage: true });

  // Copying the account number confirms in the app's dialog.
  await page.getByTestId('deposit-copy-accountNumber').click();
  const copied = page.getByTestId('deposit-copied');
  await expect(copied).toBeVisible();
  await copied.getByRole('button', { name: 'Confirm' }).click();
  await expect(copied).toHaveCount(0);

  const form = page.getByTestId('deposit-form');
  await form.getByTestId('amount-chip').filter({ hasText: /^500$/ }).click();
  await expect(form.getByLabel('Amount', { exact: true })).toHaveValue('500');
  await form.getByLabel('Amount', { exact: true }).fill('1500.50');
  await form.getByTestId('deposit-reference').fill('BDO-E2E-7788');
  await page.getByTestId('deposit-receipt-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('deposit-receipt-preview')).toBeVisible();
  await page.getByTestId('deposit-submit').click();
  const pending = page.getByTestId('deposit-pending');
  await expect(pending).toBeVisible({ timeout: 20_000 });
  const orderNo = (await page.getByTestId('deposit-pending-order').textContent())!.trim();
  await expect(page.getByTestId('deposit-row').filter({ hasText: orderNo }).getByTestId('deposit-row-status')).toHaveText('Under review');
  await shot(page, { path: `${SHOTS}/deposit-pending-${project}-dark.png`, fullPage: true });

  // The cashier approves it through the operator API.
  const ops = await operatorToken(ctx);
  const dep = await findDeposit(ctx, ops, orderNo);
  expect(dep.status).toBe('PENDING_REVIEW');
  const receipt = await ctx.get(`/ops/v1/cashier/deposits/${dep.id}/receipt`, { headers: { Authorization: `Bearer ${ops}` } });
  expect(receipt.status()).toBe(200);
  expect(Buffer.from(await receipt.body()).subarray(0, 8)).toEqual(PNG.subarray(0, 8));
  const approved = await call(ctx, 'POST', `/ops/v1/cashier/deposits/${dep.id}/approve`, ops, {});
  expect(approved.code, JSON.stringify(approved)).toBe('ok');

  await expect(balance).not.toHaveText(before!, { timeout: 15_000 });
  await expect(balance).toHaveText('₱11,500.50');
  await expect(page.getByTestId('deposit-row').filter({ hasText: orderNo }).getByTestId('deposit-row-status')).toHaveText('Credited', { timeout: 20_000 });
});

test('online payment through the sandbox page is credited and the header balance follows @phone', async ({ page }, info) => {
  const project = info.project.name;
  await preparePage(page, await playerToken(ctx, 'demo01'));
  await page.goto(server.url + '/member/depositv2');
  const balance = page.getByTestId('header-balance').getByTestId('balance-amount');
  await expect(balance).toHaveText('₱11,500.50', { timeout: 20_000 });
  await page.getByTestId('deposit-method-GCASH').click();
  await expect(page.getByTestId('deposit-bank')).toHaveCount(0);
  await page.getByTestId('deposit-form').getByLabel('Amount', { exact: true }).fill('200');
  await page.getByTestId('deposit-submit').click();
  await page.waitForURL(/\/sandbox\/pay\//, { timeout: 20_000 });
  await expect(page.getByText(/sandbox/i).first()).toBeVisible();
  await shot(page, { path: `${SHOTS}/deposit-sandbox-${project}.png` });
  await page.locator('button[value="pay"]').click();
  await page.waitForURL(/\/member\/depositv2\?order=/, { timeout: 20_000 });
  const order = page.getByTestId('deposit-order');
  await expect(order).toHaveAttribute('data-status', 'CREDITED', { timeout: 20_000 });
  await expect(order).toContainText('PHP 200.00 was credited to your balance.');
  await expect(balance).toHaveText('₱11,700.50', { timeout: 15_000 });
  await shot(page, { path: `${SHOTS}/deposit-credited-${project}-dark.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.getByTestId('deposit-order')).toHaveAttribute('data-status', 'CREDITED', { timeout: 20_000 });
  await shot(page, { path: `${SHOTS}/deposit-credited-${project}-light.png`, fullPage: true });
});
