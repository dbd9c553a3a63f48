// The console's cashier (issue 30, part 5) through the real binary, with two
// browser contexts: a player makes a bank deposit in the storefront, a
// cashier approves it in the console and the player's header balance rises
// without a reload; a player's withdrawal is rejected in the console with a
// reason the player then reads in the storefront; an approval above the
// brand's ops.cashierConfirmAbove (demo 20,000.00) asks the operator for the
// authenticator code. Both queues and the order's detail with its receipt,
// light and dark at 1280 px: axe, no horizontal scroll, screenshots.
import { demoCode } from '../lib/operator';
import { noHorizontalScroll, noSeriousAxe, openConsole } from '../lib/console';
import { api, call, fundedPlayer, PNG, preparePage } from '../lib/cashier';
import { bankDeposit } from '../lib/money';
import { test, expect, type Page } from '../lib/test';
import { shot } from '../lib/shots';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/shots-cashier';
test.describe.configure({ mode: 'serial', timeout: 420_000 }); // axe light and dark on each page is slow on a shared machine
test.use({ viewport: { width: 1280, height: 800 } });

async function setTheme(page: Page, theme: 'light' | 'dark') {
  const now = await page.evaluate(() => document.documentElement.dataset.theme);
  if (now !== theme) await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

async function checks(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await noHorizontalScroll(page);
    await noSeriousAxe(page);
    await shot(page, { path: `${SHOTS}/${name}-${theme}.png`, fullPage: true });
  }
}

test('a deposit made in the storefront is approved in the console; the header balance rises without a reload', async ({ browser, page, baseURL }) => {
  const ctx = await api(baseURL!);
  const { token, username } = await fundedPlayer(ctx, '10');
  const player = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const store = await player.newPage();
  await preparePage(store, token, 'light');
  await store.goto('/member/depositv2');
  const balance = store.getByTestId('header-balance').getByTestId('balance-amount');
  await expect(balance).toHaveText(/₱\d/, { timeout: 20_000 });
  const before = (await balance.textContent())!;
  const form = store.getByTestId('deposit-form');
  await expect(store.getByTestId('deposit-method-BDO_BANK')).toHaveAttribute('aria-checked', 'true', { timeout: 20_000 });
  await form.getByLabel('Amount', { exact: true }).fill('1234.50');
  await form.getByTestId('deposit-reference').fill('BDO-CONSOLE-1');
  await store.getByTestId('deposit-receipt-input').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await store.getByTestId('deposit-submit').click();
  await expect(store.getByTestId('deposit-pending')).toBeVisible({ timeout: 20_000 });
  const orderNo = (await store.getByTestId('deposit-pending-order').textContent())!.trim();

  // The cashier finds it in the queue (by username), with the player named and flagged.
  await openConsole(page, 'cashier01', '/cashier');
  await expect(page.getByRole('heading', { level: 1, name: 'Cashier' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`member=${username}`));
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: username })).toHaveAttribute('href', /\/console\/players\/\d+$/);
  await expect(row).toContainText('1,234.50 PHP');
  await checks(page, 'cashier-deposits');

  await row.getByRole('button', { name: `Open order ${orderNo}` }).click();
  const dialog = page.getByRole('dialog', { name: `Deposit ${orderNo}` });
  await expect(dialog.getByRole('img', { name: `Receipt of deposit ${orderNo}` })).toBeVisible();
  await expect(dialog.getByRole('img', { name: `Receipt of deposit ${orderNo}` })).toHaveAttribute('src', /^blob:/);
  await expect(dialog).toContainText('BDO-CONSOLE-1');
  await expect(dialog.getByText('Account status')).toBeVisible();
  await expect(dialog.getByLabel('Authenticator code')).toHaveCount(0); // below the brand amount: no code
  // The theme switch sits behind the modal: each theme with the dialog closed, then the detail again.
  for (const theme of ['light', 'dark'] as const) {
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await setTheme(page, theme);
    await row.getByRole('button', { name: `Open order ${orderNo}` }).click();
    await expect(dialog.getByRole('img', { name: `Receipt of deposit ${orderNo}` })).toBeVisible();
    await noHorizontalScroll(page);
    await noSeriousAxe(page);
    await shot(page, { path: `${SHOTS}/cashier-deposit-detail-${theme}.png`, fullPage: true });
  }
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Order ${orderNo} approved: Credited.`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The player's header follows without a reload.
  await expect(balance).not.toHaveText(before, { timeout: 15_000 });
  const minor = (s: string) => Number(s.replace(/[^\d]/g, ''));
  expect(minor((await balance.textContent())!) - minor(before)).toBe(123_450);
  await player.close();
  await ctx.dispose();
});

test('a withdrawal is rejected in the console with a reason the player reads in the storefront', async ({ browser, page, baseURL }) => {
  const ctx = await api(baseURL!);
  const { token } = await fundedPlayer(ctx, '1000');
  expect((await call(ctx, 'PUT', '/wps/member/payment-password', token, { password: 'Palaro2026', newPaymentPassword: '246810', confirmPaymentPassword: '246810' })).code).toBe('ok');
  const account = await call(ctx, 'POST', '/wps/member/payout-accounts', token, { type: 'EWALLET', bankCode: 'GCASH', accountName: 'Demo Player', accountNumber: '09179876543', paymentPassword: '246810' });
  expect(account.code, JSON.stringify(account)).toBe('ok');
  const w = await call(ctx, 'POST', '/wps/cashier/withdrawals', token, { payoutAccountId: account.value.id, amount: '300', paymentPassword: '246810' }, { 'Idempotency-Key': `e2e-console-${Date.now()}` });
  expect(w.code, JSON.stringify(w)).toBe('ok');
  const orderNo: string = w.value.orderNo;

  await openConsole(page, 'cashier01', '/cashier?tab=withdrawals');
  await expect(page.getByRole('tab', { name: 'Withdrawals' })).toHaveAttribute('aria-selected', 'true');
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toBeVisible();
  await expect(row).toContainText('New payout account');
  await expect(row.getByText('New payout account')).toHaveAttribute('title', /less than 24 hours/);
  await checks(page, 'cashier-withdrawals');

  await row.getByRole('button', { name: `Open order ${orderNo}` }).click();
  const dialog = page.getByRole('dialog', { name: `Withdrawal ${orderNo}` });
  await expect(dialog).toContainText('09179876543');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await dialog.getByRole('button', { name: 'Reject with this reason' }).click();
  await expect(dialog.getByText('Enter a reason of 3 to 200 characters.')).toBeVisible(); // checked in the browser, as the server does
  await dialog.getByLabel('Reason shown to the player').fill('Payout account name differs from your ID');
  await dialog.getByRole('button', { name: 'Reject with this reason' }).click();
  await expect(page.getByText(`Order ${orderNo} rejected. The player was told why.`)).toBeVisible();
  await expect(dialog).toContainText('Payout account name differs from your ID');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row').filter({ hasText: orderNo })).toHaveCount(0); // no longer waiting for review

  const player = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const store = await player.newPage();
  await preparePage(store, token, 'light');
  await store.goto('/member/withdraw');
  const mine = store.getByTestId('withdraw-row').filter({ hasText: orderNo });
  await expect(mine).toHaveAttribute('data-status', 'REJECTED', { timeout: 20_000 });
  await expect(mine).toContainText('Reason: Payout account name differs from your ID');
  await player.close();
  await ctx.dispose();
});

test('an approval above the brand amount asks for the authenticator code', async ({ page, baseURL }) => {
  const ctx = await api(baseURL!);
  const { token } = await fundedPlayer(ctx, '10');
  const big = await bankDeposit(ctx, token, '25000');

  // A cashier without an authenticator is refused with a clear reason.
  await openConsole(page, 'cashier01', `/cashier?orderNo=${big.orderNo}&status=`);
  await page.getByRole('row').filter({ hasText: big.orderNo }).getByRole('button', { name: `Open order ${big.orderNo}` }).click();
  let dialog = page.getByRole('dialog', { name: `Deposit ${big.orderNo}` });
  await expect(dialog.getByText("This amount is above the brand's limit")).toBeVisible();
  await dialog.getByLabel('Authenticator code').fill('123456');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('This amount needs an authenticator code, and your account has none. Ask an administrator.')).toBeVisible();

  // finance01 (with an authenticator) approves with the current code.
  const fin = await page.context().newPage();
  await openConsole(fin, 'finance01', `/cashier?orderNo=${big.orderNo}&status=`);
  await fin.getByRole('row').filter({ hasText: big.orderNo }).getByRole('button', { name: `Open order ${big.orderNo}` }).click();
  dialog = fin.getByRole('dialog', { name: `Deposit ${big.orderNo}` });
  const code = dialog.getByLabel('Authenticator code');
  await expect(code).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByText('Enter the 6-digit code.')).toBeVisible();
  await code.fill('000000');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByText('That code is wrong or was already used. Enter the current one.')).toBeVisible();
  await code.fill(await demoCode('finance01'));
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(fin.getByText(`Order ${big.orderNo} approved: Credited.`)).toBeVisible();
  await ctx.dispose();
});

test('the report and the CSV of the queue', async ({ page }) => {
  await openConsole(page, 'finance01', '/cashier?tab=report');
  const deposits = page.getByTestId('report-deposits');
  await expect(deposits.getByRole('table', { name: 'Decisions by operator' })).toBeVisible();
  await expect(deposits).toContainText('Approval ratio');
  await checks(page, 'cashier-report');

  await page.getByRole('tab', { name: 'Deposits' }).click();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await page.getByRole('button', { name: 'Apply' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^deposits-\d{8}-\d{6}\.csv$/);
  const text = (await import('node:fs')).readFileSync((await file.path())!, 'utf8');
  expect(text.startsWith('\ufeffOrder no,Created,Member ID,Username')).toBe(true);
  expect(text.split('\n').length).toBeGreaterThan(2); // the header and the orders of the earlier tests
});
